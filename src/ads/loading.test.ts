// Spec §5 "Ad loading conditions", as a table.
import { shouldLoadAdWrapper, shouldLoadDirectAds } from "./loading";
import type { AdsDisplay } from "./mappings";

describe("ad-wrapper mode", () => {
  it.each<[AdsDisplay, number, boolean]>([
    ["PROGRAMMATIC", 0, true],
    ["CUSTOM", 0, true],
    ["HOUSE", 0, true],
    ["", 0, false],
    ["CUSTOM_WITHOUT_WRAPPER", 0, false],
    ["PROGRAMMATIC", 2, false],
  ])("adsDisplay %p with %i queued commands → load %p", (display, queuedCommands, load) => {
    expect(shouldLoadAdWrapper({ display, queuedCommands })).toBe(load);
  });
});

describe("direct ad-server mode", () => {
  it.each<[boolean, boolean, boolean]>([
    [true, false, true],
    [false, true, true],
    [true, true, true],
    [false, false, false],
  ])("consented %p, consent manager disabled %p → load %p", (consented, consentManagerDisabled, load) => {
    expect(shouldLoadDirectAds({ display: "CUSTOM_WITHOUT_WRAPPER", consented, consentManagerDisabled })).toBe(load);
  });

  it("is only for CUSTOM_WITHOUT_WRAPPER", () => {
    expect(shouldLoadDirectAds({ display: "PROGRAMMATIC", consented: true, consentManagerDisabled: true })).toBe(false);
  });
});
