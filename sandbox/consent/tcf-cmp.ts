/**
 * The consent stand-in's IAB TCF v2.2 side, run in the browser: bundled by tcf-bundle.ts and put
 * into loader.js ahead of the SDK's own code (standin.ts), where it is a local of the SDK (nothing of
 * it lands on `window` but `__tcfapi`). Imports only the IAB's reference libraries:
 *
 * - `@iabtcf/cmpapi`'s `CmpApi` answers `window.__tcfapi`: constructing it takes over the page's stub
 *   (`@iabtcf/stub`) and the calls queued in it; `update(tcString, uiVisible)` tells it what to say.
 * - `@iabtcf/core` encodes the visitor's answer as a TC string against the stand-in's vendor list
 *   (vendor-list.ts): agree → every purpose, special feature and vendor consented, with legitimate
 *   interests established; disagree → nothing consented and every legitimate interest objected to,
 *   as Didomi's "disagree to all" does.
 */
import { CmpApi } from "@iabtcf/cmpapi";
import { GVL, Segment, TCModel, TCString, type VendorList } from "@iabtcf/core";
import { SANDBOX_VENDOR_LIST } from "./vendor-list";

/** Didomi's registered CMP id (IAB Europe), which its SDK puts in its TC strings: the stand-in's too. */
export const CMP_ID = 7;
/** The stand-in's CMP version. */
export const CMP_VERSION = 1;

export interface TcfAnswer {
  readonly choice: "agree" | "disagree";
  /** When the visitor first answered and last changed it (ISO dates; now when absent). */
  readonly created?: string;
  readonly updated?: string;
}

export interface TcfStart {
  /** Whether the consent manager applies gdpr to this visitor. */
  readonly gdprApplies: boolean;
  /** The site's country (the TC string's publisher country), e.g. "FR". */
  readonly country: string;
  /** A stored answer, or null when the visitor has not answered yet (the notice shows). */
  readonly answer: TcfAnswer | null;
}

// GVL v3 (TCF v2.2) carries fields core 1.5's types predate (dataCategories, urls…) and drops two
// they require (descriptionLegal, policyUrl): the GVL reads what it needs and keeps the rest.
const gvl = new GVL(SANDBOX_VENDOR_LIST as unknown as VendorList);

let cmpApi: CmpApi | null = null;
let gdprApplies = false;
let country = "";

/** The day (UTC) of an ISO date, or today: TCF v2.2 asks for day-level Created / LastUpdated. */
function day(iso: string | undefined): Date {
  const parsed = iso ? new Date(iso) : new Date();
  const date = Number.isNaN(parsed.getTime()) ? new Date() : parsed;
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

/** The TC string of an answer, as the CMP API surfaces it to vendors. */
export function encode(answer: TcfAnswer, publisherCountry: string): string {
  const model = new TCModel(gvl);
  model.cmpId = CMP_ID;
  model.cmpVersion = CMP_VERSION;
  model.consentScreen = 1;
  // Global scope is gone from TCF v2.2: every string is service-specific.
  model.isServiceSpecific = true;
  if (/^[A-Z]{2}$/.test(publisherCountry)) model.publisherCountryCode = publisherCountry;
  if (answer.choice === "agree") model.setAll();
  else model.unsetAll();
  model.created = day(answer.created);
  model.lastUpdated = day(answer.updated ?? answer.created);
  // The disclosed-vendors segment too, as Didomi's strings carry it (optional in v2.2, mandatory in
  // v2.3); core 1.5 leaves it out of service-specific strings unless asked.
  return TCString.encode(model, { segments: [Segment.CORE, Segment.VENDORS_DISCLOSED] });
}

/**
 * Installs the CMP API as the SDK loads; returns the TC string of a stored answer ("" if none).
 *
 * - gdpr applies, no answer yet: `update("", true)`: the notice is up, `ping` says loaded, and
 *   `getTCData` / event listeners get `eventStatus: "cmpuishown"` with an empty string.
 * - gdpr applies, a stored answer: `update(string, false)`: `eventStatus: "tcloaded"`.
 * - gdpr does not apply: a real Didomi installs `__tcfapi` only where TCF is enabled, and then
 *   answers "gdpr does not apply" to visitors outside its reach. The stand-in follows the page:
 *   where the page has a TCF stub it takes it over and answers `update(null)` (gdprApplies false;
 *   the stub's queued calls would otherwise wait for ever), and where it has none it installs none.
 */
export function start(options: TcfStart): string {
  gdprApplies = options.gdprApplies;
  country = options.country;
  if (!gdprApplies) {
    if (typeof (window as { __tcfapi?: unknown }).__tcfapi === "function") {
      cmpApi = new CmpApi(CMP_ID, CMP_VERSION, true);
      cmpApi.update(null);
    }
    return "";
  }
  cmpApi = new CmpApi(CMP_ID, CMP_VERSION, true);
  if (!options.answer) {
    cmpApi.update("", true);
    return "";
  }
  const tcString = encode(options.answer, country);
  cmpApi.update(tcString, false);
  return tcString;
}

/**
 * The visitor answered (the notice, the preferences, or the SDK's setUserAgreeToAll /
 * DisagreeToAll): `update(string, false)`, so listeners get `eventStatus: "useractioncomplete"`.
 * Returns the new TC string ("" where gdpr does not apply).
 */
export function answered(answer: TcfAnswer): string {
  if (!gdprApplies || !cmpApi) return "";
  const tcString = encode(answer, country);
  cmpApi.update(tcString, false);
  return tcString;
}
