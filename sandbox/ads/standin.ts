/**
 * Stand-ins for the ad scripts a site loads (brief §3: their URLs are deploy settings; tests and
 * `npm start` point them here). Each draws a labelled box of the slot's size in the element it is
 * given and records every call it receives. Written from the site's side of each API (README
 * "Ads") and, for Google Publisher Tag, from its public reference; imports nothing from src/.
 *
 * - The ad wrapper library (`GET /__ads/library/{siteCode}.js`): `window.adWrapper` with a command
 *   queue (`cmd`, run once loaded, then `push` runs at once), `configure(config)` (page path,
 *   positions, elements mapping, targeting, interstitialOnFirstPageEnabled), `clearSlots()` and
 *   `loadPositions()`; the interstitial is shown on the first page only when enabled.
 * - Google Publisher Tag (`GET /__ads/gpt.js`): `googletag.cmd`, `defineSlot`, `sizeMapping()`
 *   (addSize, build), slot `addService` / `defineSizeMapping` / `setTargeting`, `pubads()`
 *   (setTargeting, clearTargeting, getTargeting, refresh, getSlots, setPrivacySettings, the older
 *   setRequestNonPersonalizedAds), `enableServices`, `display`, `destroySlots`. A slot is drawn
 *   with the first size its size mapping gives the viewport. Each ad request (`display` of a
 *   defined slot once services are enabled, `refresh`) is recorded as `adRequest`, with what GPT
 *   would send: the slots, `npa` (the privacy settings' nonPersonalizedAds), limitedAds, and the
 *   TC string and GPP string it last read (below).
 * - IAB TCF v2.2, read as real ad stacks read it: where the page has `window.__tcfapi` when the
 *   script runs, each script calls `__tcfapi("addEventListener", 2, cb)` and records every TC data
 *   whose eventStatus is "tcloaded" or "useractioncomplete" as `tcData` (gdprApplies, tcString,
 *   eventStatus, cmpStatus).
 * - IAB GPP, read as GPT reads it: where the page has `window.__gpp` when GPT runs, it listens
 *   (`__gpp("addEventListener", cb)`) and records each event whose signal is ready as `gppData`
 *   (gppString, applicableSections); its ad requests carry the last as `gpp` and `gppSid`.
 *
 * Calls are posted to `/__ads/record` with the page load's id (`window.adStandIn.load`) and their
 * place in it; `GET /__ads/log[?load=]` lists them (one load's in the order it made them), with
 * the script loads.
 */
import type { IncomingMessage } from "node:http";
import { readText, send, sendJsonText, type ThirdPartyStandIn } from "../http-helpers";

export const ADS_PREFIX = "/__ads/";

export interface AdCall {
  readonly at: string;
  /** The page load that made the call. */
  readonly load: string;
  /**
   * The call's place in that page load (1, 2, …): each call is its own request, and requests can
   * arrive out of order, so the log lists a load's calls by this, not by arrival.
   */
  readonly seq: number;
  readonly library: "wrapper" | "gpt";
  readonly call: string;
  readonly args: unknown;
  readonly url: string;
}

export interface AdScriptLoad {
  readonly at: string;
  readonly path: string;
  readonly referer: string;
}

export interface AdStandIns extends ThirdPartyStandIn {
  readonly calls: readonly AdCall[];
  readonly scriptLoads: readonly AdScriptLoad[];
}

/** Shared by both scripts (ES5, runs in the browser). */
const COMMON_JS = `
  var script = document.currentScript;
  var src = new URL(script ? script.src : location.href);
  var root = src.origin + ${JSON.stringify(ADS_PREFIX)};
  var standIn = (window.adStandIn = window.adStandIn || { load: Math.random().toString(36).slice(2), calls: [] });
  function record(library, call, args) {
    var seq = standIn.calls.push({ library: library, call: call, args: args });
    var body = JSON.stringify({ load: standIn.load, seq: seq, library: library, call: call, args: args, url: location.href });
    fetch(root + "record", { method: "POST", body: body, mode: "no-cors", keepalive: true }).catch(function () {});
  }
  function draw(element, label, size) {
    if (!element) return;
    element.innerHTML = "";
    var box = document.createElement("div");
    box.setAttribute("data-ad-standin", label);
    box.style.cssText =
      "box-sizing:border-box;max-width:100%;overflow:hidden;display:flex;align-items:center;justify-content:center;" +
      "background:#e8e8e8;color:#222;border:1px dashed #555;font:12px/1.2 sans-serif;pointer-events:none;" +
      "width:" + size[0] + "px;height:" + size[1] + "px";
    if (size[0] > 1 && size[1] > 1) box.textContent = "Ad " + label + " " + size[0] + "x" + size[1];
    element.appendChild(box);
  }
  /** Reads the TCF CMP API as ad scripts do: TC data once loaded, and after each answer. */
  function watchTcf(library, onData) {
    if (typeof window.__tcfapi !== "function") return;
    window.__tcfapi("addEventListener", 2, function (tcData, success) {
      if (!success || !tcData || (tcData.eventStatus !== "tcloaded" && tcData.eventStatus !== "useractioncomplete")) return;
      var read = { gdprApplies: tcData.gdprApplies === true, tcString: typeof tcData.tcString === "string" ? tcData.tcString : null,
        eventStatus: tcData.eventStatus, cmpStatus: tcData.cmpStatus };
      if (onData) onData(read);
      record(library, "tcData", read);
    });
  }
  /**
   * Reads the GPP CMP API as GPT does where the page has \`window.__gpp\`: the GPP string and the
   * applicable sections of each event whose signal is ready (GPT sends them as gpp and gpp_sid).
   */
  function watchGpp(library, onData) {
    if (typeof window.__gpp !== "function") return;
    window.__gpp("addEventListener", function (event, success) {
      var ping = success && event && event.pingData;
      if (!ping || ping.signalStatus !== "ready") return;
      var read = { gppString: typeof ping.gppString === "string" ? ping.gppString : null,
        applicableSections: Array.isArray(ping.applicableSections) ? ping.applicableSections.slice() : [] };
      if (onData) onData(read);
      record(library, "gppData", read);
    });
  }
  function drain(queue) {
    var pending = Array.isArray(queue) ? queue.slice() : [];
    var runner = { push: function (command) { try { command(); } catch (e) { setTimeout(function () { throw e; }); } return 0; }, length: 0 };
    for (var i = 0; i < pending.length; i += 1) runner.push(pending[i]);
    return runner;
  }
`;

const WRAPPER_JS = `(function () {
  "use strict";
  ${COMMON_JS}
  var wrapper = (window.adWrapper = window.adWrapper || { cmd: [] });
  if (wrapper.__standIn) return;
  var config = null;
  var pagesLoaded = 0;
  var SIZES = { header: "banner", footer: "banner", pulse: [200, 120], interstitial: [300, 60] };
  function sizeOf(position) {
    var size = SIZES[position] || [300, 250];
    if (size === "banner") return window.innerWidth >= 768 ? [728, 90] : [320, 100];
    return size;
  }
  wrapper.__standIn = true;
  watchTcf("wrapper");
  wrapper.configure = function (next) {
    config = JSON.parse(JSON.stringify(next));
    record("wrapper", "configure", config);
  };
  wrapper.clearSlots = function () {
    var cleared = [];
    if (config) for (var key in config.elementsMapping) {
      var element = document.getElementById(config.elementsMapping[key]);
      if (element) { element.innerHTML = ""; cleared.push(config.elementsMapping[key]); }
    }
    record("wrapper", "clearSlots", { elementIds: cleared });
  };
  wrapper.loadPositions = function () {
    if (!config) return;
    pagesLoaded += 1;
    var filled = [];
    config.pagePositions.forEach(function (position) {
      if (position === "interstitial" && !(config.interstitialOnFirstPageEnabled && pagesLoaded === 1)) return;
      var id = config.elementsMapping[position];
      var element = document.getElementById(id);
      if (!element) return;
      draw(element, id, sizeOf(position));
      filled.push(id);
    });
    record("wrapper", "loadPositions", { pagePath: config.pagePath, filled: filled });
  };
  wrapper.cmd = drain(wrapper.cmd);
})();
`;

const GPT_JS = `(function () {
  "use strict";
  ${COMMON_JS}
  var gt = (window.googletag = window.googletag || { cmd: [] });
  if (gt.__standIn) return;
  gt.__standIn = true;
  var slots = [];
  var pageTargeting = {};
  var servicesEnabled = false;
  var privacy = {};
  var tcString = null;
  watchTcf("gpt", function (read) { tcString = read.tcString; });
  var gpp = null;
  watchGpp("gpt", function (read) { gpp = read; });
  function copy(value) { return JSON.parse(JSON.stringify(value)); }
  function Slot(path, sizes, elementId) {
    this.path = path; this.sizes = sizes; this.elementId = elementId; this.mapping = null; this.targeting = {};
  }
  Slot.prototype.addService = function () { return this; };
  Slot.prototype.defineSizeMapping = function (mapping) {
    this.mapping = mapping;
    record("gpt", "defineSizeMapping", { elementId: this.elementId, sizeMapping: copy(mapping) });
    return this;
  };
  Slot.prototype.setTargeting = function (key, value) { this.targeting[key] = value; return this; };
  Slot.prototype.getSlotElementId = function () { return this.elementId; };
  Slot.prototype.getAdUnitPath = function () { return this.path; };
  function sizeFor(slot) {
    if (slot.mapping) for (var i = 0; i < slot.mapping.length; i += 1)
      if (window.innerWidth >= slot.mapping[i][0][0]) return slot.mapping[i][1][0] || slot.sizes[0];
    return slot.sizes[0];
  }
  function render(slot) { draw(document.getElementById(slot.elementId), slot.elementId, sizeFor(slot)); }
  function request(chosen) {
    if (!servicesEnabled || chosen.length === 0) return;
    record("gpt", "adRequest", { slots: chosen.map(function (s) { return s.elementId; }),
      npa: privacy.nonPersonalizedAds === true, limitedAds: privacy.limitedAds === true, tcString: tcString,
      gpp: gpp ? gpp.gppString : null, gppSid: gpp ? gpp.applicableSections : null });
  }
  var pubads = {
    setTargeting: function (key, value) { pageTargeting[key] = value; return pubads; },
    clearTargeting: function (key) { if (key) delete pageTargeting[key]; else pageTargeting = {}; return pubads; },
    getTargeting: function (key) { var v = pageTargeting[key]; return v === undefined ? [] : [].concat(v); },
    getSlots: function () { return slots.slice(); },
    enableSingleRequest: function () { return true; },
    refresh: function (list) {
      var chosen = list || slots;
      chosen.forEach(render);
      record("gpt", "refresh", { elementIds: chosen.map(function (s) { return s.elementId; }), targeting: copy(pageTargeting) });
      request(chosen);
    },
    setPrivacySettings: function (settings) {
      for (var key in settings || {}) privacy[key] = settings[key];
      record("gpt", "setPrivacySettings", copy(settings || {}));
      return pubads;
    },
    setRequestNonPersonalizedAds: function (value) {
      privacy.nonPersonalizedAds = value === 1;
      record("gpt", "setRequestNonPersonalizedAds", { value: value });
      return pubads;
    },
  };
  gt.pubads = function () { return pubads; };
  gt.sizeMapping = function () {
    var rules = [];
    var builder = {
      addSize: function (viewport, sizes) { rules.push([viewport, sizes]); return builder; },
      build: function () { return rules.slice(); },
    };
    return builder;
  };
  gt.defineSlot = function (path, sizes, elementId) {
    var slot = new Slot(path, sizes, elementId);
    slots.push(slot);
    record("gpt", "defineSlot", { adUnitPath: path, sizes: copy(sizes), elementId: elementId });
    return slot;
  };
  gt.enableServices = function () { servicesEnabled = true; record("gpt", "enableServices", {}); };
  gt.display = function (elementId) {
    var slot = slots.filter(function (s) { return s.elementId === elementId; })[0];
    if (slot) render(slot);
    record("gpt", "display", { elementId: elementId, targeting: copy(pageTargeting) });
    if (slot) request([slot]);
  };
  gt.destroySlots = function (list) {
    var chosen = list || slots.slice();
    chosen.forEach(function (slot) {
      var element = document.getElementById(slot.elementId);
      if (element) element.innerHTML = "";
      slots = slots.filter(function (s) { return s !== slot; });
    });
    record("gpt", "destroySlots", { elementIds: chosen.map(function (s) { return s.elementId; }) });
    return true;
  };
  gt.cmd = drain(gt.cmd);
})();
`;

const JS = "text/javascript; charset=utf-8";
const MAX_RECORD_BYTES = 64 * 1024;

export function createAdStandIns(options: { now?: () => Date } = {}): AdStandIns {
  const now = options.now ?? (() => new Date());
  const calls: AdCall[] = [];
  const scriptLoads: AdScriptLoad[] = [];
  const loaded = (req: IncomingMessage, path: string) =>
    scriptLoads.push({ at: now().toISOString(), path, referer: String(req.headers.referer ?? "") });

  return {
    calls,
    scriptLoads,
    owns: (path) => path.startsWith(ADS_PREFIX),
    async handle(req, res, url) {
      const path = url.pathname;
      const get = req.method === "GET";
      if (/^\/__ads\/library\/[A-Za-z0-9_%-]+\.js$/.test(path) && get) {
        loaded(req, path);
        send(res, 200, JS, WRAPPER_JS);
        return true;
      }
      if (path === `${ADS_PREFIX}gpt.js` && get) {
        loaded(req, path);
        send(res, 200, JS, GPT_JS);
        return true;
      }
      if (path === `${ADS_PREFIX}record` && req.method === "POST") {
        let body: { load?: unknown; seq?: unknown; library?: unknown; call?: unknown; args?: unknown; url?: unknown };
        try {
          body = JSON.parse(await readText(req, MAX_RECORD_BYTES, "reject")) as typeof body;
        } catch {
          send(res, 400, "text/plain", "expected a JSON record");
          return true;
        }
        if (typeof body.call !== "string" || (body.library !== "wrapper" && body.library !== "gpt")) {
          send(res, 400, "text/plain", "expected library and call");
          return true;
        }
        calls.push({
          at: now().toISOString(),
          load: String(body.load ?? ""),
          seq: typeof body.seq === "number" && Number.isFinite(body.seq) ? body.seq : 0,
          library: body.library,
          call: body.call,
          args: body.args ?? null,
          url: String(body.url ?? ""),
        });
        send(res, 204, "text/plain", "");
        return true;
      }
      if (path === `${ADS_PREFIX}log` && get) {
        const load = url.searchParams.get("load");
        sendJsonText(res, 200, {
          calls: load ? calls.filter((c) => c.load === load).sort((a, b) => a.seq - b.seq) : calls,
          scriptLoads,
        });
        return true;
      }
      req.resume();
      return false;
    },
  };
}
