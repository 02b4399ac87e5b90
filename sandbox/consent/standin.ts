/**
 * A stand-in for Didomi's Web SDK (brief §3: the consent manager's SDK is loaded from a URL the
 * deploy sets; tests and `npm start` point it here). Written from Didomi's public documentation of
 * the Web SDK, it implements the part a site calls:
 *
 * - `GET /__consent/sdk/{apiKey}/loader.js?target_type=notice&target={noticeId}`: the SDK. It reads
 *   `window.didomiConfig` (app name, logoUrl, privacyPolicyURL, country; regulations.ccpa;
 *   user.externalConsent; languages), registers `window.didomiEventListeners` and calls
 *   `window.didomiOnReady` callbacks, and exposes `window.Didomi`: isReady, isConsentRequired,
 *   isRegulationApplied, shouldConsentBeCollected, getCurrentUserStatus (vendors with `enabled`,
 *   regulation, user_id...), getUserConsentStatusForVendor, setUserAgreeToAll/DisagreeToAll,
 *   notice.show/hide/isVisible, preferences.show/hide/isVisible, on(event, listener). Events:
 *   consent.changed, notice.shown/hidden, preferences.shown/hidden. Where a US regulation applies
 *   it also answers the IAB US Privacy API (`__uspapi('getUSPData', 1, cb)`) and the IAB's Global
 *   Privacy Platform (`__gpp`, the US national section, through `@iabgpp/cmpapi`: gpp-cmp.ts), with the
 *   same answer.
 * - Where gdpr applies, the IAB TCF v2.2 CMP API (`__tcfapi`), answered by the IAB's reference
 *   implementation (`@iabtcf/cmpapi`, bundled into loader.js from tcf-cmp.ts): it takes over the
 *   page's stub (`@iabtcf/stub`) and the calls queued in it. Before the visitor answers it says the
 *   notice is up (`eventStatus: "cmpuishown"`, no TC string); each answer is encoded by
 *   `@iabtcf/core` as a real TC string (CMP id 7, Didomi's; the stand-in's vendor list, vendor-list.ts,
 *   with Google as vendor 755) and surfaced with `eventStatus: "useractioncomplete"`, a stored answer
 *   at load with `"tcloaded"`; `getCurrentUserStatus().consent_string` is the same string. Where gdpr
 *   does not apply, `__tcfapi` says so (`gdprApplies: false`) only if the page has a stub to take over.
 * - The regulation follows the visitor's location, which a stand-in cannot know: it takes the
 *   site's `app.country` (EU/EEA/UK → gdpr; US → ccpa when regulations.ccpa is enabled; US_CA →
 *   cpra, US_CO → cpa, US_CT → ctdpa, US_VA → vcdpa, US_TX → tdpsa; anything else → none).
 * - A notice with Accept / Refuse / Learn more (gdpr) or OK / Do not sell (US), showing the site's
 *   name, logo, privacy-policy link and country; a preferences popup whose provider logo is an
 *   image without alt text (as Didomi's is), focused first when the popup opens.
 * - Choices persist in localStorage (`didomi_token`), so a refusal holds for later visits.
 * - `POST /__consent/events`: what the SDK reports (loads, choices, each `Didomi.preferences.show()`
 *   call as `preferences.show`); `GET /__consent/log[?user=]` lists it with every SDK load, for tests.
 *
 * Imports nothing from src/.
 */
import { readText, send, sendJsonText, type ThirdPartyStandIn } from "../http-helpers";
import { GPP_BUNDLE_NAME, TCF_BUNDLE_NAME, gppCmpBundle, tcfCmpBundle } from "./tcf-bundle";

export const CONSENT_PREFIX = "/__consent/";
/** The sandbox's public API key and the vendors its notices list (the site's three gdpr vendors). */
export const SANDBOX_DIDOMI_API_KEY = "sandbox-didomi-key";
export const SANDBOX_GDPR_VENDOR_IDS = ["google", "c:google-analytics", "c:targett"] as const;
/** Where the SDK keeps the visitor's choice. */
export const CONSENT_STORAGE_KEY = "didomi_token";

export type StoredChoice = "agree" | "disagree";

/** The stored value of a visitor who already answered, for tests that start past the notice. */
export function storedConsent(choice: StoredChoice, userId = `e2e-${Date.now().toString(36)}`): string {
  const at = new Date().toISOString();
  return JSON.stringify({ user_id: userId, choice, created: at, updated: at });
}

/** EU, EEA and UK territories where Didomi applies gdpr by default. */
const GDPR_COUNTRIES = [
  "AD", "AT", "BE", "BG", "CY", "CZ", "DE", "DK", "EE", "ES", "FI", "FR", "GB", "GF", "GG", "GI", "GP", "GR", "HR",
  "HU", "IE", "IS", "IT", "JE", "LI", "LT", "LU", "LV", "MC", "MF", "MQ", "MT", "NL", "NO", "PL", "PT", "RE", "RO",
  "SE", "SI", "SK", "SM", "VA", "YT",
]; // prettier-ignore

export interface ConsentLogEntry {
  readonly at: string;
  /** "sdk" for a loader.js request; otherwise what the SDK reported (sdk.ready, consent.given...). */
  readonly type: string;
  readonly apiKey: string;
  readonly noticeId: string;
  readonly userId?: string;
  readonly regulation?: string;
  readonly choice?: string | null;
  readonly page?: string;
  readonly config?: unknown;
}

export interface ConsentStandIn extends ThirdPartyStandIn {
  readonly log: readonly ConsentLogEntry[];
}

const POWERED_BY_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="24" viewBox="0 0 120 24"><rect width="120" height="24" rx="4" fill="#1b2a4a"/><text x="60" y="16" font-family="sans-serif" font-size="11" fill="#fff" text-anchor="middle">Didomi stand-in</text></svg>`;

/**
 * The SDK's source, as loader.js serves it (runs in the browser): the TCF bundle (tcf-bundle.ts,
 * ES2017) as a local of the SDK's function, then the SDK's own code (ES5, no dependencies).
 */
export function didomiSdkSource(vendors: readonly string[] = SANDBOX_GDPR_VENDOR_IDS): string {
  return `(function () {
  "use strict";
  if (window.Didomi) return;
  ${tcfCmpBundle()}
  var tcf = ${TCF_BUNDLE_NAME};
  var script = document.currentScript;
  var src = new URL(script ? script.src : location.href);
  var root = src.origin + ${JSON.stringify(CONSENT_PREFIX)};
  var match = /\\/sdk\\/([^/]+)\\/loader\\.js$/.exec(src.pathname);
  var apiKey = match ? decodeURIComponent(match[1]) : "";
  var noticeId = src.searchParams.get("target_type") === "notice" ? src.searchParams.get("target") || "" : "";
  var config = window.didomiConfig || {};
  var app = config.app || {};
  var VENDORS = ${JSON.stringify(vendors)};
  var GDPR = ${JSON.stringify(GDPR_COUNTRIES)};
  var US_STATES = { US_CA: "cpra", US_CO: "cpa", US_CT: "ctdpa", US_VA: "vcdpa", US_TX: "tdpsa" };
  var STORAGE_KEY = ${JSON.stringify(CONSENT_STORAGE_KEY)};
  var ccpa = !!(config.regulations && config.regulations.ccpa && config.regulations.ccpa.enabled);
  var country = String(app.country || "").toUpperCase();
  var regulation = GDPR.indexOf(country) >= 0 ? "gdpr" : US_STATES[country] || (country === "US" && ccpa ? "ccpa" : "none");
  var optOut = regulation !== "gdpr" && regulation !== "none";
  var language = String((config.languages && config.languages.default) || document.documentElement.lang || "en").slice(0, 2);
  var TEXT = {
    fr: {
      notice: "Paramètres de confidentialité",
      gdpr: function (name) { return name + " et ses partenaires utilisent des cookies pour mesurer l'audience et personnaliser le contenu. Vous pouvez accepter, refuser ou choisir."; },
      us: function (name) { return name + " et ses partenaires peuvent vendre ou partager vos données personnelles à des fins publicitaires."; },
      agree: "Accepter", disagree: "Refuser", learnMore: "Paramétrer", ok: "OK",
      doNotSell: "Ne pas vendre ni partager mes données personnelles",
      privacy: "Politique de confidentialité", country: "Pays",
      preferences: "Vos choix de confidentialité", vendors: "Partenaires",
      agreeAll: "Tout accepter", disagreeAll: "Tout refuser", allow: "Autoriser", close: "Fermer"
    },
    en: {
      notice: "Privacy settings",
      gdpr: function (name) { return name + " and its partners use cookies to measure audience and personalise content. You can agree, disagree or choose."; },
      us: function (name) { return name + " and its partners may sell or share your personal information for advertising."; },
      agree: "Agree", disagree: "Disagree", learnMore: "Learn more", ok: "OK",
      doNotSell: "Do Not Sell or Share My Personal Information",
      privacy: "Privacy policy", country: "Country",
      preferences: "Your privacy choices", vendors: "Partners",
      agreeAll: "Agree to all", disagreeAll: "Disagree to all", allow: "Allow", close: "Close"
    }
  };
  var t = TEXT[language] || TEXT.en;

  function read() {
    try { return JSON.parse(localStorage.getItem(STORAGE_KEY) || "null") || {}; } catch (e) { return {}; }
  }
  function save() {
    state.updated = new Date().toISOString();
    try { localStorage.setItem(STORAGE_KEY, JSON.stringify(state)); } catch (e) { /* private mode */ }
  }
  var state = read();
  if (!state.user_id) {
    state.user_id = "standin-" + Math.random().toString(36).slice(2) + Date.now().toString(36);
    state.created = new Date().toISOString();
    save();
  }
  function answer() {
    return state.choice === "agree" || state.choice === "disagree"
      ? { choice: state.choice, created: state.created, updated: state.updated } : null;
  }
  // The IAB TCF CMP API (tcf-cmp.ts): installed now, before the page's body, as a real CMP is.
  var tcString = tcf.start({ gdprApplies: regulation === "gdpr", country: country, answer: answer() });
  // The IAB GPP CMP API where a US regulation applies, as Didomi with GPP enabled: its own script
  // (sdk/gpp.js, gpp-cmp.ts), with the IAB stub's queue in place until it is in (the API takes the
  // queued calls over). Its start reads the answer at that moment.
  var gpp = null;
  if (optOut && typeof window.__gpp !== "function") {
    var gppQueue = [];
    window.__gpp = function () {
      if (!arguments.length) return gppQueue;
      gppQueue.push([].slice.call(arguments));
    };
    var gppScript = document.createElement("script");
    gppScript.async = true;
    gppScript.src = root + "sdk/gpp.js";
    gppScript.onload = function () {
      gpp = window[${JSON.stringify(GPP_BUNDLE_NAME)}] || null;
      if (gpp) gpp.startGpp({ choice: state.choice === "agree" || state.choice === "disagree" ? state.choice : null });
    };
    document.head.appendChild(gppScript);
  }

  var listeners = {};
  function on(event, listener) { if (typeof listener === "function") (listeners[event] = listeners[event] || []).push(listener); }
  function emit(event, payload) {
    (listeners[event] || []).slice().forEach(function (listener) {
      try { listener(payload); } catch (error) { setTimeout(function () { throw error; }); }
    });
  }
  function report(type, extra) {
    var body = { type: type, apiKey: apiKey, noticeId: noticeId, userId: state.user_id, regulation: regulation,
      choice: state.choice || null, page: location.pathname };
    for (var key in extra || {}) body[key] = extra[key];
    var text = JSON.stringify(body);
    try {
      if (navigator.sendBeacon && navigator.sendBeacon(root + "events", new Blob([text], { type: "text/plain" }))) return;
    } catch (e) { /* fall through */ }
    fetch(root + "events", { method: "POST", body: text, mode: "no-cors", keepalive: true }).catch(function () {});
  }

  function enabled() { return regulation === "gdpr" ? state.choice === "agree" : state.choice !== "disagree"; }
  function status() {
    var vendors = {};
    VENDORS.forEach(function (id) { vendors[id] = { id: id, enabled: enabled() }; });
    return { vendors: vendors, purposes: {}, regulation: regulation, user_id: state.user_id, created: state.created,
      updated: state.updated, consent_string: tcString, addtl_consent: "" };
  }

  function el(tag, attributes, children) {
    var node = document.createElement(tag);
    for (var name in attributes || {}) {
      if (name === "text") node.textContent = attributes[name];
      else if (name === "onclick") node.addEventListener("click", attributes[name]);
      else node.setAttribute(name, attributes[name]);
    }
    (children || []).forEach(function (child) { if (child) node.appendChild(child); });
    return node;
  }
  var host = el("div", { id: "didomi-host", lang: language });
  host.appendChild(el("style", { text:
    "#didomi-host{font:15px/1.4 system-ui,sans-serif;color:#111}" +
    "#didomi-notice{position:fixed;left:0;right:0;bottom:0;z-index:2147483000;background:#fff;border-top:2px solid #1b2a4a;padding:12px 16px;box-shadow:0 -2px 12px rgba(0,0,0,.25)}" +
    "#didomi-notice img{max-height:32px;vertical-align:middle;margin-right:8px}" +
    "#didomi-notice p{margin:4px 0}#didomi-notice a,#didomi-popup a{color:#1b2a4a}" +
    "#didomi-host button{font:inherit;margin:4px 8px 0 0;padding:6px 12px;border:1px solid #1b2a4a;border-radius:4px;background:#fff;color:#1b2a4a;cursor:pointer}" +
    "#didomi-host button.primary{background:#1b2a4a;color:#fff}" +
    "#didomi-popup-backdrop{position:fixed;inset:0;z-index:2147483001;background:rgba(0,0,0,.5);display:flex;align-items:center;justify-content:center}" +
    "#didomi-popup{background:#fff;max-width:480px;width:90%;padding:16px;border-radius:8px}"
  }));

  var notice = null;
  function showNotice() {
    if (notice) return;
    var buttons = regulation === "gdpr"
      ? [el("button", { id: "didomi-notice-learn-more-button", type: "button", text: t.learnMore, onclick: showPreferences }),
         el("button", { id: "didomi-notice-disagree-button", type: "button", text: t.disagree, onclick: function () { choose("disagree"); } }),
         el("button", { id: "didomi-notice-agree-button", type: "button", "class": "primary", text: t.agree, onclick: function () { choose("agree"); } })]
      : [el("button", { id: "didomi-notice-do-not-sell-button", type: "button", text: t.doNotSell, onclick: function () { choose("disagree"); } }),
         el("button", { id: "didomi-notice-agree-button", type: "button", "class": "primary", text: t.ok, onclick: function () { choose("agree"); } })];
    notice = el("div", { id: "didomi-notice", role: "region", "aria-label": t.notice }, [
      el("p", {}, [
        app.logoUrl ? el("img", { src: app.logoUrl, alt: app.name || "" }) : null,
        el("strong", { text: app.name || "" })
      ]),
      el("p", { text: regulation === "gdpr" ? t.gdpr(app.name || "") : t.us(app.name || "") }),
      el("p", {}, [
        app.privacyPolicyURL ? el("a", { href: app.privacyPolicyURL, text: t.privacy }) : null,
        document.createTextNode(" · " + t.country + " : "),
        el("span", { "class": "didomi-notice-country", text: country })
      ]),
      el("div", {}, buttons)
    ]);
    host.appendChild(notice);
    emit("notice.shown");
  }
  function hideNotice() {
    if (!notice) return;
    notice.remove();
    notice = null;
    emit("notice.hidden");
  }

  var popup = null;
  function showPreferences() {
    if (popup) return;
    var decide = regulation === "gdpr"
      ? [el("button", { id: "didomi-popup-disagree-button", type: "button", text: t.disagreeAll, onclick: function () { choose("disagree"); } }),
         el("button", { id: "didomi-popup-agree-button", type: "button", "class": "primary", text: t.agreeAll, onclick: function () { choose("agree"); } })]
      : [el("button", { id: "didomi-popup-do-not-sell-button", type: "button", text: t.doNotSell, onclick: function () { choose("disagree"); } }),
         el("button", { id: "didomi-popup-agree-button", type: "button", "class": "primary", text: t.allow, onclick: function () { choose("agree"); } })];
    var logo = el("a", { "class": "didomi-powered-by", href: "https://www.didomi.io/", target: "_blank", rel: "noopener" }, [
      // No alt text, as in Didomi's own popup: the site adds one (spec §8).
      el("img", { src: root + "sdk/powered-by.svg", width: "120", height: "24" })
    ]);
    popup = el("div", { id: "didomi-popup-backdrop" }, [
      el("div", { id: "didomi-popup", "class": "didomi-popup-container", role: "dialog", "aria-modal": "true", "aria-labelledby": "didomi-popup-title" }, [
        logo,
        el("p", { id: "didomi-popup-title" }, [el("strong", { text: t.preferences })]),
        el("p", { text: t.vendors + " : " + VENDORS.join(", ") }),
        el("div", {}, decide.concat([el("button", { id: "didomi-popup-close-button", type: "button", text: t.close, onclick: hidePreferences })]))
      ])
    ]);
    if (notice) notice.style.display = "none";
    host.appendChild(popup);
    logo.focus();
    emit("preferences.shown");
  }
  function hidePreferences() {
    if (!popup) return;
    popup.remove();
    popup = null;
    if (notice) notice.style.display = "";
    emit("preferences.hidden");
  }

  function choose(choice) {
    var changed = state.choice !== choice;
    state.choice = choice;
    save();
    if (regulation === "gdpr") tcString = tcf.answered(answer());
    if (gpp) gpp.gppAnswered(choice);
    hidePreferences();
    hideNotice();
    report("consent.given");
    if (changed) emit("consent.changed", { consentToken: status() });
  }

  if (optOut) {
    window.__uspapi = function (command, version, callback) {
      if (command !== "getUSPData" || typeof callback !== "function") { if (typeof callback === "function") callback(null, false); return; }
      callback({ version: 1, uspString: "1" + (state.choice ? "Y" : "N") + (state.choice === "disagree" ? "Y" : "N") + "N" }, true);
    };
  }

  var Didomi = {
    version: "standin",
    isReady: function () { return true; },
    isConsentRequired: function () { return regulation === "gdpr"; },
    isRegulationApplied: function (name) { return String(name).toLowerCase() === regulation; },
    shouldConsentBeCollected: function () { return regulation === "gdpr" && !state.choice; },
    getCurrentUserStatus: status,
    getUserConsentStatusForVendor: function (id) {
      if (VENDORS.indexOf(String(id)) < 0) return undefined;
      if (regulation === "gdpr" && !state.choice) return undefined;
      return enabled();
    },
    setUserAgreeToAll: function () { choose("agree"); },
    setUserDisagreeToAll: function () { choose("disagree"); },
    notice: { show: showNotice, hide: hideNotice, isVisible: function () { return !!notice; } },
    // A site's own "manage my choices" link calls this (Didomi documents it for that link): each
    // call is reported, so a test can tell the site's link from the notice's own button.
    preferences: {
      show: function () { report("preferences.show"); showPreferences(); },
      hide: hidePreferences,
      isVisible: function () { return !!popup; }
    },
    on: on,
    getConfig: function () { return config; }
  };

  function drain(queue, each) {
    queue.forEach(each);
    queue.push = function () {
      for (var i = 0; i < arguments.length; i += 1) each(arguments[i]);
      return Array.prototype.push.apply(queue, arguments);
    };
  }
  window.didomiEventListeners = window.didomiEventListeners || [];
  drain(window.didomiEventListeners, function (item) { if (item) on(item.event, item.listener); });

  function start() {
    document.body.appendChild(host);
    window.Didomi = Didomi;
    report("sdk.ready", { config: {
      name: app.name, logoUrl: app.logoUrl, privacyPolicyURL: app.privacyPolicyURL, country: app.country,
      ccpa: ccpa, externalConsent: !!(config.user && config.user.externalConsent && config.user.externalConsent.enabled),
      languages: config.languages || null, sdkPath: config.sdkPath || null
    } });
    window.didomiOnReady = window.didomiOnReady || [];
    drain(window.didomiOnReady, function (callback) {
      if (typeof callback === "function") { try { callback(Didomi); } catch (error) { setTimeout(function () { throw error; }); } }
    });
    if (!state.choice && regulation !== "none") showNotice();
  }
  if (document.body) start();
  else document.addEventListener("DOMContentLoaded", start);
})();
`;
}

const text = (value: unknown): string => (typeof value === "string" ? value : "");

export function createConsentStandIn(options: { vendors?: readonly string[]; now?: () => Date } = {}): ConsentStandIn {
  const vendors = options.vendors ?? SANDBOX_GDPR_VENDOR_IDS;
  const now = options.now ?? (() => new Date());
  const log: ConsentLogEntry[] = [];
  // Made on the first loader.js request, not here: most servers that hold the stand-in (every
  // Jest file that starts the sandbox provider) never serve it, and making it runs esbuild.
  let sdk: string | undefined;

  return {
    log,
    owns: (path) => path.startsWith(CONSENT_PREFIX),
    async handle(req, res, url) {
      const route = url.pathname.slice(CONSENT_PREFIX.length);
      const loader = /^sdk\/([^/]+)\/loader\.js$/.exec(route);
      if (loader && req.method === "GET") {
        req.resume();
        const noticeId = url.searchParams.get("target_type") === "notice" ? (url.searchParams.get("target") ?? "") : "";
        log.push({ at: now().toISOString(), type: "sdk", apiKey: decodeURIComponent(loader[1]!), noticeId });
        sdk ??= didomiSdkSource(vendors);
        send(res, 200, "text/javascript; charset=utf-8", sdk);
        return true;
      }
      if (route === "sdk/gpp.js" && req.method === "GET") {
        req.resume();
        send(res, 200, "text/javascript; charset=utf-8", gppCmpBundle());
        return true;
      }
      if (route === "sdk/powered-by.svg" && req.method === "GET") {
        req.resume();
        send(res, 200, "image/svg+xml", POWERED_BY_SVG);
        return true;
      }
      if (route === "events" && req.method === "POST") {
        let body: Record<string, unknown> = {};
        try {
          const parsed: unknown = JSON.parse(await readText(req));
          if (parsed && typeof parsed === "object") body = parsed as Record<string, unknown>;
        } catch {
          sendJsonText(res, 400, { error: "expected a JSON body" });
          return true;
        }
        log.push({
          at: now().toISOString(),
          type: text(body.type) || "unknown",
          apiKey: text(body.apiKey),
          noticeId: text(body.noticeId),
          userId: text(body.userId),
          regulation: text(body.regulation),
          choice: typeof body.choice === "string" ? body.choice : null,
          page: text(body.page),
          ...(body.config !== undefined ? { config: body.config } : {}),
        });
        send(res, 204, "text/plain", "");
        return true;
      }
      if (route === "log" && req.method === "GET") {
        req.resume();
        const user = url.searchParams.get("user");
        const entries = user ? log.filter((entry) => entry.userId === user) : log;
        sendJsonText(res, 200, { entries });
        return true;
      }
      return false;
    },
  };
}
