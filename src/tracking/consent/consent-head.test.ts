/** @jest-environment jsdom */
// The consent manager from the document head (issue 44): which sites get it, with what.
import {
  consentHeadOf,
  DIDOMI_CONFIG_ELEMENT_ID,
  DIDOMI_CONFIG_SCRIPT,
  DIDOMI_LOADER_ATTRIBUTE,
  type ConsentHead,
  type ConsentHeadSite,
} from "./consent-head";
import { LOADER_SCRIPT_ID } from "./didomi";
import { scriptJson } from "../../lib/script-json";
import { parseTrackingDeploySettings } from "./deploy-settings";

const STUB = "/* the IAB's stub */";
const site = (overrides: Partial<ConsentHeadSite> = {}): ConsentHeadSite => ({
  noticeId: "notice-1",
  name: "Cinéma Lumière",
  logoSrc: "/site-assets/logo.svg",
  privacyPolicySlug: "confidentialite",
  country: "FR",
  locale: "fr-FR",
  ...overrides,
});
const consent = (env: Record<string, string> = {}) =>
  parseTrackingDeploySettings({ GATSBY_DIDOMI_API_KEY: "key", GATSBY_DIDOMI_SDK_URL: "https://sdk.example/", ...env })
    .settings.consent;

/** The head as the page gets it: the JSON element, then the script (jsdom does not fetch the SDK). */
function runHead(head: ConsentHead): void {
  document.head.innerHTML =
    `<script id="${DIDOMI_CONFIG_ELEMENT_ID}" type="application/json" ${DIDOMI_LOADER_ATTRIBUTE}="${head.loaderUrl.replace(/&/g, "&amp;")}">` +
    `${scriptJson(head.config)}</script>`;
  new Function(DIDOMI_CONFIG_SCRIPT)();
}

describe("consentHeadOf", () => {
  it.each<[string, Partial<ConsentHeadSite>, Record<string, string>, "stub" | "no stub" | "nothing"]>([
    ["a French site with a notice: the TCF stub, then the SDK", {}, {}, "stub"],
    ["a US site: the SDK (a US opt-out notice), no TCF stub", { country: "US" }, {}, "no stub"],
    ["a site without a notice", { noticeId: " " }, {}, "nothing"],
    ["consent handling switched off", {}, { GATSBY_CONSENT_DISABLED: "true" }, "nothing"],
    ["a deploy without the key", {}, { GATSBY_DIDOMI_API_KEY: "" }, "nothing"],
  ])("%s", (_name, overrides, env, expected) => {
    const head = consentHeadOf(site(overrides), consent(env), STUB);
    if (expected === "nothing") {
      expect(head).toBeNull();
      return;
    }
    expect(head?.tcfStub).toBe(expected === "stub" ? STUB : null);
    expect(head?.loaderUrl).toBe("https://sdk.example/key/loader.js?target_type=notice&target=notice-1");
  });

  it("sets the config the SDK reads, the logo and policy made absolute with the page's own origin, then inserts the SDK", () => {
    const head = consentHeadOf(site(), consent(), STUB)!;
    runHead(head);
    const loader = document.getElementById(LOADER_SCRIPT_ID) as HTMLScriptElement;
    expect(loader.src).toBe("https://sdk.example/key/loader.js?target_type=notice&target=notice-1");
    expect(loader.async).toBe(true);
    expect(window.didomiConfig).toEqual({
      app: {
        apiKey: "key",
        name: "Cinéma Lumière",
        logoUrl: `${location.origin}/site-assets/logo.svg`,
        privacyPolicyURL: `${location.origin}/confidentialite/`,
        country: "FR",
      },
      languages: { enabled: ["fr"], default: "fr" },
      regulations: { ccpa: { enabled: true } },
      user: { externalConsent: { enabled: true } },
      sdkPath: "https://sdk.example/",
    });
  });

  it("keeps an absolute logo address as it is", () => {
    runHead(consentHeadOf(site({ logoSrc: "https://cdn.example/logo.png" }), consent(), STUB)!);
    expect((window.didomiConfig?.app as { logoUrl: string }).logoUrl).toBe("https://cdn.example/logo.png");
  });
});

describe("scriptJson", () => {
  it.each([
    ["a name that would end the element", { name: "</script><script>alert(1)</script>" }],
    ["a comment opener", { name: "<!-- x" }],
    ["line separators", { name: "a\u2028b\u2029c" }],
  ])("writes %s so that it neither ends the element nor changes its value", (_name, value) => {
    const text = scriptJson(value);
    expect(text).not.toMatch(/<|\u2028|\u2029/);
    expect(JSON.parse(text)).toEqual(value);
  });
});
