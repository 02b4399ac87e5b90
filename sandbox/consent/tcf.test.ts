/** @jest-environment jsdom */
// The Didomi SDK stand-in's IAB TCF v2.2 CMP API, run in a DOM behind the IAB's own stub as a page
// has it: what an ad script reads through `__tcfapi`, with the TC strings decoded by the IAB's
// reference library, so a misreading of the framework shows.
import { readFileSync } from "node:fs";
import { TCString, type TCModel } from "@iabtcf/core";
import { CONSENT_STORAGE_KEY, didomiSdkSource, storedConsent } from "./standin";

type TcData = {
  tcString?: string;
  eventStatus?: string;
  cmpStatus: string;
  gdprApplies?: boolean;
  cmpId: number;
  listenerId?: number;
  purpose?: { consents: Record<string, boolean> };
  vendor?: { consents: Record<string, boolean> };
};
type Ping = { gdprApplies?: boolean; cmpLoaded: boolean; cmpStatus: string; cmpId?: number };
type Callback = (data: unknown, success: boolean) => void;
type W = {
  Didomi?: { getCurrentUserStatus(): { consent_string: string }; preferences: { show(): void } };
  didomiConfig?: unknown;
  __tcfapi?: (command: string, version: number, callback: Callback, parameter?: unknown) => unknown;
  __uspapi?: (c: string, v: number, cb: (data: { uspString: string } | null, ok: boolean) => void) => void;
};
const win = window as unknown as W;

/** The IAB's stub, as the page inlines it in its head. */
const STUB = readFileSync(require.resolve("@iabtcf/stub"), "utf8");
/** Built once: each page load evaluates it afresh. */
const SDK = didomiSdkSource();

function fresh(country: string, { stub = true } = {}) {
  delete win.Didomi;
  delete win.__tcfapi;
  delete win.__uspapi;
  document.body.innerHTML = "";
  win.didomiConfig = {
    app: { name: "Cinéma Lumière", country },
    regulations: { ccpa: { enabled: true } },
    languages: { enabled: ["fr"], default: "fr" },
  };
  Object.defineProperty(document, "currentScript", {
    configurable: true,
    value: { src: "http://sandbox.test/__consent/sdk/key/loader.js?target_type=notice&target=notice-1" },
  });
  // `module` hidden: the stub installs itself when it is not loaded as a CommonJS module.
  if (stub) new Function("module", STUB)(undefined);
}
const loadSdk = () => new Function(SDK)();

/** Calls `__tcfapi` and returns every answer its callback got (listeners get more than one). */
function call(command: string, parameter?: unknown) {
  const answers: { data: unknown; success: boolean }[] = [];
  win.__tcfapi!(command, 2, (data, success) => answers.push({ data, success }), parameter);
  return answers;
}
const tcData = (answers: { data: unknown }[]) => answers.map(({ data }) => data as TcData);
const decoded = (tcString: string | undefined): TCModel => TCString.decode(tcString!);
const button = (name: string) =>
  Array.from(document.querySelectorAll("button")).find((b) => b.textContent === name) as HTMLButtonElement;

beforeEach(() => {
  localStorage.clear();
  Object.defineProperty(navigator, "sendBeacon", { configurable: true, value: () => true });
});

describe("gdpr (a French site) behind the IAB's stub", () => {
  it("the stub queues calls until the SDK loads; the CMP API then answers them and says it is loaded", () => {
    fresh("FR");
    expect(document.querySelector('iframe[name="__tcfapiLocator"]')).not.toBeNull();
    const before = call("ping");
    expect(before.map(({ data }) => (data as Ping).cmpStatus)).toEqual(["stub"]);
    const queued = call("getTCData");
    const listener = call("addEventListener");
    expect(queued).toEqual([]);

    loadSdk();

    const ping = call("ping")[0]!.data as Ping;
    expect(ping).toMatchObject({ cmpLoaded: true, cmpStatus: "loaded", gdprApplies: true, cmpId: 7 });
    expect(queued).toHaveLength(1);
    expect(queued[0]!.success).toBe(true);
    // No answer yet: the notice is up and there is no string.
    expect(tcData(queued)[0]).toMatchObject({ gdprApplies: true, eventStatus: "cmpuishown", tcString: "" });
    expect(tcData(listener).map((d) => d.eventStatus)).toEqual(["cmpuishown"]);
  });

  it("Accepter: listeners get a TC string consenting to every purpose and to Google (755)", () => {
    fresh("FR");
    const listener = call("addEventListener");
    loadSdk();
    button("Accepter").click();

    const [, answered] = tcData(listener);
    expect(answered).toMatchObject({ eventStatus: "useractioncomplete", cmpStatus: "loaded", gdprApplies: true });
    const model = decoded(answered!.tcString);
    expect(model.cmpId).toBe(7);
    expect(model.policyVersion).toBe(4);
    expect(model.isServiceSpecific).toBe(true);
    expect(model.publisherCountryCode).toBe("FR");
    expect(model.purposeConsents.has(1)).toBe(true);
    expect([...Array(11).keys()].every((i) => model.purposeConsents.has(i + 1))).toBe(true);
    expect(model.vendorConsents.has(755)).toBe(true);
    expect(model.vendorsDisclosed.has(755)).toBe(true);
    expect(model.specialFeatureOptins.has(1)).toBe(true);

    const now = tcData(call("getTCData"))[0]!;
    expect(now).toMatchObject({ eventStatus: "useractioncomplete", tcString: answered!.tcString });
    expect(now.purpose!.consents["1"]).toBe(true);
    expect(now.vendor!.consents["755"]).toBe(true);
    expect(win.Didomi!.getCurrentUserStatus().consent_string).toBe(answered!.tcString);
  });

  it("Refuser: a TC string with no purpose nor vendor consented, no legitimate interest either", () => {
    fresh("FR");
    const listener = call("addEventListener");
    loadSdk();
    button("Refuser").click();

    const answered = tcData(listener)[1]!;
    expect(answered.eventStatus).toBe("useractioncomplete");
    const model = decoded(answered.tcString);
    expect(model.purposeConsents.has(1)).toBe(false);
    expect(model.purposeConsents.size).toBe(0);
    expect(model.vendorConsents.has(755)).toBe(false);
    expect(model.vendorLegitimateInterests.has(755)).toBe(false);
    // Disclosed all the same: the visitor was shown the vendors.
    expect(model.vendorsDisclosed.has(755)).toBe(true);
    // The reference CMP API lists the bits set; asked about vendors, it answers each of them.
    const now = tcData(call("getTCData", [755]))[0]!;
    expect(now.purpose!.consents).toEqual({});
    expect(now.vendor!.consents).toEqual({ "755": false });
    expect(win.Didomi!.getCurrentUserStatus().consent_string).toBe(answered.tcString);
  });

  it("a changed answer (the site's own preferences link) is a new useractioncomplete", () => {
    fresh("FR");
    const listener = call("addEventListener");
    loadSdk();
    button("Refuser").click();
    win.Didomi!.preferences.show();
    button("Tout accepter").click();
    const statuses = tcData(listener);
    expect(statuses.map((d) => d.eventStatus)).toEqual(["cmpuishown", "useractioncomplete", "useractioncomplete"]);
    expect(decoded(statuses[1]!.tcString).vendorConsents.has(755)).toBe(false);
    expect(decoded(statuses[2]!.tcString).vendorConsents.has(755)).toBe(true);
  });

  it.each([
    ["agree", true],
    ["disagree", false],
  ] as const)("a stored answer (%s) at load: tcloaded with its string, no notice", (choice, consented) => {
    localStorage.setItem(CONSENT_STORAGE_KEY, storedConsent(choice, "visitor-1"));
    fresh("FR");
    const queued = call("getTCData");
    loadSdk();
    expect(document.getElementById("didomi-notice")).toBeNull();
    const data = tcData(queued)[0]!;
    expect(data).toMatchObject({ gdprApplies: true, eventStatus: "tcloaded", cmpStatus: "loaded" });
    const model = decoded(data.tcString);
    expect(model.purposeConsents.has(1)).toBe(consented);
    expect(model.vendorConsents.has(755)).toBe(consented);
    expect(win.Didomi!.getCurrentUserStatus().consent_string).toBe(data.tcString);
    // A listener added later gets the same.
    expect(tcData(call("addEventListener"))[0]).toMatchObject({ eventStatus: "tcloaded", tcString: data.tcString });
  });

  it("without a stub on the page the SDK installs __tcfapi itself", () => {
    fresh("FR", { stub: false });
    loadSdk();
    expect(call("ping")[0]!.data).toMatchObject({ cmpLoaded: true, cmpStatus: "loaded", gdprApplies: true });
  });
});

describe("where gdpr does not apply", () => {
  const usp = () => {
    let value = "";
    win.__uspapi!("getUSPData", 1, (data) => (value = data!.uspString));
    return value;
  };

  it("a US site without a stub: no __tcfapi from the stand-in; __uspapi as before", () => {
    fresh("US", { stub: false });
    loadSdk();
    expect(win.__tcfapi).toBeUndefined();
    expect(usp()).toBe("1NNN");
    expect(win.Didomi!.getCurrentUserStatus().consent_string).toBe("");
  });

  it("a US site with a stub: the stub's queued calls are answered, gdpr does not apply", () => {
    fresh("US_CA");
    const queued = call("getTCData");
    loadSdk();
    expect(call("ping")[0]!.data).toMatchObject({ cmpLoaded: true, cmpStatus: "loaded", gdprApplies: false });
    expect(tcData(queued)[0]).toMatchObject({ gdprApplies: false, eventStatus: "tcloaded" });
    expect(tcData(queued)[0]!.tcString).toBeUndefined();
    button("Ne pas vendre ni partager mes données personnelles").click();
    expect(tcData(call("getTCData"))[0]).toMatchObject({ gdprApplies: false });
    expect(usp()).toBe("1YYN");
  });
});
