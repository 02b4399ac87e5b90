/**
 * Stand-ins for the analytics and marketing scripts a site loads once tracking is enabled (brief
 * §3: their URLs are deploy settings; tests and `npm start` point them here). Each records what it
 * received and lists it for tests. Written from the public behaviour of each script; imports
 * nothing from src/.
 *
 * - gtag.js / GA4 (`/__ga/`): `GET /__ga/gtag/js?id={id}&l={dataLayer}` defines nothing itself but
 *   reads the data layer the page fills through `gtag()` (`js`, `config`, `event`, `set`), as
 *   gtag.js does. `config` with `send_page_view` not false sends a page_view; every `event` is
 *   sent to each configured id (or `send_to`) unless `window['ga-disable-{id}']` is set. Hits go
 *   to `{server_container_url}/g/collect` (GA4's server-side tagging endpoint; default: this
 *   stand-in) with GA4's measurement-protocol keys: v=2, tid, cid, en, dl, dt, ep.{param}; and
 *   aip=1 when anonymize_ip is set. The `_ga` cookie lives `cookie_expires` seconds and, with
 *   `cookie_update: false`, is not rewritten on later pages. `GET /__ga/log[?cid=]` lists the hits.
 * - Google Tag Manager (`/__gtm/`): `GET /__gtm/gtm.js?id={GTM-…}&l={dataLayer}` registers the
 *   container in `window.google_tag_manager` and pushes gtm.load, as gtm.js does. `/__gtm/log`.
 * - The analytics tag manager (`/__atm/`): `GET /__atm/tag-manager.js`. `/__atm/log`.
 * - Targett, the cinema-marketing tracker (`/__targett/`): `GET /__targett/{customerId}/tag.js`
 *   sends one visit per page load to `/__targett/visit`. `/__targett/log`.
 */
import type { IncomingMessage } from "node:http";
import { send, sendJsonText, type ThirdPartyStandIn } from "../http-helpers";

export const GA_PREFIX = "/__ga/";
export const GTM_PREFIX = "/__gtm/";
export const ATM_PREFIX = "/__atm/";
export const TARGETT_PREFIX = "/__targett/";
/** Every path a tracking stand-in answers under: a browser test counts requests to these. */
export const TRACKING_PREFIXES = [GA_PREFIX, GTM_PREFIX, ATM_PREFIX, TARGETT_PREFIX] as const;
/** The fixed GA4 measurement id the sandbox deploys with (npm start, browser tests). */
export const SANDBOX_GA_MEASUREMENT_ID = "G-SANDBOX0001";
export const SANDBOX_ADS_CONTAINER_ID = "GTM-SANDBOXADS";
export const SANDBOX_TARGETT_CONTAINER_ID = "GTM-SANDBOXTGT";

export interface GaHit {
  readonly at: string;
  readonly tid: string;
  readonly cid: string;
  readonly en: string;
  readonly dl: string;
  readonly dt: string;
  readonly aip: boolean;
  /** Event parameters (ep.* keys). */
  readonly params: Readonly<Record<string, string>>;
}

export interface ScriptLoad {
  readonly at: string;
  /** Container id, customer id or "" (the analytics tag manager). */
  readonly id: string;
  readonly referer: string;
}

export interface TargettVisit {
  readonly at: string;
  readonly customer: string;
  readonly url: string;
}

export interface AnalyticsStandIns extends ThirdPartyStandIn {
  readonly gaHits: readonly GaHit[];
  readonly gaScriptLoads: readonly ScriptLoad[];
  readonly containerLoads: readonly ScriptLoad[];
  readonly tagManagerLoads: readonly ScriptLoad[];
  readonly targettLoads: readonly ScriptLoad[];
  readonly targettVisits: readonly TargettVisit[];
}

/** gtag.js's stand-in (runs in the browser: ES5). gtag() pushes `arguments` objects onto the data layer. */
export const GTAG_JS = `(function () {
  "use strict";
  var script = document.currentScript;
  var src = new URL(script ? script.src : location.href);
  var layerName = src.searchParams.get("l") || "dataLayer";
  var ownRoot = src.origin + ${JSON.stringify(GA_PREFIX.slice(0, -1))};
  var layer = (window[layerName] = window[layerName] || []);
  if (layer.__gtagStandIn) return;
  var configs = {};
  var order = [];

  function readCookie() {
    var match = /(?:^|; )_ga=GA1\\.1\\.([^;]+)/.exec(document.cookie);
    return match ? decodeURIComponent(match[1]) : "";
  }
  function clientId(params) {
    var existing = readCookie();
    var expires = typeof params.cookie_expires === "number" ? params.cookie_expires : 63072000;
    var id = existing || Math.floor(Math.random() * 2147483647) + "." + Math.floor(Date.now() / 1000);
    if (!existing || params.cookie_update !== false)
      document.cookie = "_ga=GA1.1." + id + "; max-age=" + expires + "; path=/; SameSite=Lax";
    return id;
  }
  function send(id, name, params) {
    if (window["ga-disable-" + id] === true) return;
    var conf = configs[id] || {};
    var root = String(conf.server_container_url || ownRoot).replace(/\\/+$/, "");
    var query = new URLSearchParams();
    query.set("v", "2");
    query.set("tid", id);
    query.set("cid", conf.__cid);
    query.set("en", name);
    query.set("dl", params.page_location || location.href);
    query.set("dt", params.page_title || document.title);
    if (conf.anonymize_ip) query.set("aip", "1");
    for (var key in params) {
      if (key === "page_location" || key === "page_title" || key === "send_to") continue;
      if (params[key] === undefined || params[key] === null || params[key] === "" || typeof params[key] === "object") continue;
      query.set("ep." + key, String(params[key]));
    }
    var url = root + "/g/collect?" + query.toString();
    try { if (navigator.sendBeacon && navigator.sendBeacon(url)) return; } catch (e) { /* fall through */ }
    fetch(url, { method: "POST", mode: "no-cors", keepalive: true }).catch(function () {});
  }
  function handle(args) {
    var command = args[0];
    if (command === "config" && typeof args[1] === "string") {
      var params = args[2] || {};
      var conf = {};
      for (var key in params) conf[key] = params[key];
      conf.__cid = clientId(params);
      if (!configs[args[1]]) order.push(args[1]);
      configs[args[1]] = conf;
      if (params.send_page_view !== false) send(args[1], "page_view", {});
    } else if (command === "event" && typeof args[1] === "string") {
      var eventParams = args[2] || {};
      var targets = eventParams.send_to ? [].concat(eventParams.send_to) : order;
      targets.forEach(function (id) { if (configs[id]) send(id, args[1], eventParams); });
    }
  }
  for (var i = 0; i < layer.length; i += 1) if (layer[i] && typeof layer[i].length === "number") handle(layer[i]);
  var push = layer.push;
  layer.push = function () {
    var result = push.apply(layer, arguments);
    for (var j = 0; j < arguments.length; j += 1) if (arguments[j] && typeof arguments[j].length === "number") handle(arguments[j]);
    return result;
  };
  layer.__gtagStandIn = true;
})();
`;

const GTM_JS = `(function () {
  var script = document.currentScript;
  var src = new URL(script ? script.src : location.href);
  var id = src.searchParams.get("id") || "";
  var layerName = src.searchParams.get("l") || "dataLayer";
  var layer = (window[layerName] = window[layerName] || []);
  window.google_tag_manager = window.google_tag_manager || {};
  window.google_tag_manager[id] = { dataLayer: { name: layerName } };
  layer.push({ event: "gtm.load", "gtm.container": id });
})();
`;

const ATM_JS = `(function () { window.analyticsTagManagerStandIn = { loadedAt: Date.now() }; })();
`;

const TARGETT_JS = `(function () {
  var script = document.currentScript;
  var src = new URL(script ? script.src : location.href);
  var match = /\\/([^/]+)\\/tag\\.js$/.exec(src.pathname);
  var customer = match ? decodeURIComponent(match[1]) : "";
  var url = src.origin + ${JSON.stringify(TARGETT_PREFIX)} + "visit?customer=" + encodeURIComponent(customer) + "&url=" + encodeURIComponent(location.href);
  try { if (navigator.sendBeacon && navigator.sendBeacon(url)) return; } catch (e) { /* fall through */ }
  fetch(url, { method: "POST", mode: "no-cors", keepalive: true }).catch(function () {});
})();
`;

const JS = "text/javascript; charset=utf-8";

export function createAnalyticsStandIns(options: { now?: () => Date } = {}): AnalyticsStandIns {
  const now = options.now ?? (() => new Date());
  const gaHits: GaHit[] = [];
  const gaScriptLoads: ScriptLoad[] = [];
  const containerLoads: ScriptLoad[] = [];
  const tagManagerLoads: ScriptLoad[] = [];
  const targettLoads: ScriptLoad[] = [];
  const targettVisits: TargettVisit[] = [];
  const load = (req: IncomingMessage, id: string): ScriptLoad => ({
    at: now().toISOString(),
    id,
    referer: String(req.headers.referer ?? ""),
  });

  return {
    gaHits,
    gaScriptLoads,
    containerLoads,
    tagManagerLoads,
    targettLoads,
    targettVisits,
    owns: (path) => TRACKING_PREFIXES.some((prefix) => path.startsWith(prefix)),
    async handle(req, res, url) {
      const path = url.pathname;
      const get = req.method === "GET";
      // Beacons are POSTs; their (empty) bodies are not read.
      req.resume();
      if (path === `${GA_PREFIX}gtag/js` && get) {
        gaScriptLoads.push(load(req, url.searchParams.get("id") ?? ""));
        send(res, 200, JS, GTAG_JS);
        return true;
      }
      if (path === `${GA_PREFIX}g/collect` && (get || req.method === "POST")) {
        const q = url.searchParams;
        const params: Record<string, string> = {};
        for (const [key, value] of q) if (key.startsWith("ep.")) params[key.slice(3)] = value;
        gaHits.push({
          at: now().toISOString(),
          tid: q.get("tid") ?? "",
          cid: q.get("cid") ?? "",
          en: q.get("en") ?? "",
          dl: q.get("dl") ?? "",
          dt: q.get("dt") ?? "",
          aip: q.get("aip") === "1",
          params,
        });
        send(res, 204, "text/plain", "");
        return true;
      }
      if (path === `${GA_PREFIX}log` && get) {
        const cid = url.searchParams.get("cid");
        sendJsonText(res, 200, {
          hits: cid ? gaHits.filter((hit) => hit.cid === cid) : gaHits,
          scriptLoads: gaScriptLoads,
        });
        return true;
      }
      if (path === `${GTM_PREFIX}gtm.js` && get) {
        containerLoads.push(load(req, url.searchParams.get("id") ?? ""));
        send(res, 200, JS, GTM_JS);
        return true;
      }
      if (path === `${GTM_PREFIX}log` && get) {
        sendJsonText(res, 200, { loads: containerLoads });
        return true;
      }
      if (path === `${ATM_PREFIX}tag-manager.js` && get) {
        tagManagerLoads.push(load(req, ""));
        send(res, 200, JS, ATM_JS);
        return true;
      }
      if (path === `${ATM_PREFIX}log` && get) {
        sendJsonText(res, 200, { loads: tagManagerLoads });
        return true;
      }
      const targett = /^\/__targett\/([^/]+)\/tag\.js$/.exec(path);
      if (targett && get) {
        targettLoads.push(load(req, decodeURIComponent(targett[1]!)));
        send(res, 200, JS, TARGETT_JS);
        return true;
      }
      if (path === `${TARGETT_PREFIX}visit` && (get || req.method === "POST")) {
        targettVisits.push({
          at: now().toISOString(),
          customer: url.searchParams.get("customer") ?? "",
          url: url.searchParams.get("url") ?? "",
        });
        send(res, 204, "text/plain", "");
        return true;
      }
      if (path === `${TARGETT_PREFIX}log` && get) {
        sendJsonText(res, 200, { loads: targettLoads, visits: targettVisits });
        return true;
      }
      return false;
    },
  };
}
