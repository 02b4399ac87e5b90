/** @jest-environment jsdom */
// Issue 44, defence in depth: the ads' payload builders (the global page data, the targeting, the
// wrapper's configuration, GPT's targeting) keep the campaign parameters of any address they are
// handed and drop every private one, even when the address bar was not cleaned first.
import { programmaticAds } from "../test/ads-fixtures";
import { expectNothingPlanted, PLANTED_ADDRESSES } from "../test/planted-secrets";
import { publishConsent, forgetConsentSignal } from "../tracking/consent/consent-signal";
import { buildPageData, targetingFor, type AdTargeting } from "./page-data";
import { wrapperConfigFor } from "./plan";
import { createRun, type GoogleTag, type GptSlot } from "./runtime";
import type { SiteAds } from "./site-ads";

const ORIGIN = "https://www.example.com";
const place = { isSingleLocation: true, circuitName: null, theaterName: "Lumière" };

/** A targeting as a careless caller could hand it: the address, query and all, in every URL field. */
const targetingWith = (address: string): AdTargeting => ({
  page: `Night Train ${address}`,
  adType: "captif-et-hors-captif",
  websiteID: "1",
  domain: "www.example.com",
  currentPath: address,
  urlOrigin: ORIGIN,
  theater: "Lumière",
  theaterID: "t1",
  theaterGroup: "",
  theaterGroupID: "",
  moviePermalinkPath: address,
  moviePermalinkOrigin: ORIGIN,
  scheduledMovieIds: ["2051"],
  isLoggedIn: "false",
});

describe.each(PLANTED_ADDRESSES)("handed %s", (_case, address, kept) => {
  it("the global page data object keeps the rest of the address, nothing private", () => {
    const pageData = buildPageData({
      urlOrigin: ORIGIN,
      domain: "www.example.com",
      pageType: "film",
      theater: { id: "t1", name: "Lumière", path: address },
      film: { id: 2051, title: "Night Train", releaseDate: null, path: address },
      isLoggedIn: false,
    });
    expect(pageData).toMatchObject({ moviePermalinkPath: kept, theaterPermalinkPath: kept, movieId: 2051 });
    expectNothingPlanted(pageData);
  });

  it("the targeting (spec §3) likewise", () => {
    const pageData = buildPageData({
      urlOrigin: ORIGIN,
      domain: "www.example.com",
      pageType: "film",
      theater: null,
      film: { id: 2051, title: "Night Train", releaseDate: null, path: address },
      isLoggedIn: false,
    });
    const targeting = targetingFor({
      pageData,
      display: "PROGRAMMATIC",
      websiteId: "1",
      pageTitle: `Night Train ${address}`,
      currentPath: address,
      circuit: null,
      scheduledMovieIds: [2051],
    });
    expect(targeting).toMatchObject({ currentPath: kept, moviePermalinkPath: kept, page: `Night Train ${kept}` });
    expectNothingPlanted(targeting);
  });

  it("the ad wrapper's configuration (spec §7), whatever targeting it is given", () => {
    const config = wrapperConfigFor(programmaticAds(), place, targetingWith(address));
    expect(config.targeting).toMatchObject({ currentPath: kept, moviePermalinkPath: kept });
    expect(config).toMatchObject({ pagePath: "/120157152/allads/lumiere", interstitialOnFirstPageEnabled: true });
    expectNothingPlanted(config);
  });
});

describe("what the ad libraries receive from the runtime", () => {
  beforeEach(() => {
    document.head.innerHTML = "";
    delete window.adWrapper;
    delete window.googletag;
    forgetConsentSignal();
  });

  it.each(PLANTED_ADDRESSES)("the wrapper's configure, handed %s", (_case, address, kept) => {
    const configured: unknown[] = [];
    window.adWrapper = {
      cmd: { push: (command: () => void) => command() },
      configure: (config) => configured.push(config),
    };
    const ads = programmaticAds();
    createRun(window, {}).setup({
      ads,
      place,
      targeting: targetingWith(address),
      sitePath: "/",
      noConsentNotice: true,
    });
    expect(configured).toEqual([
      expect.objectContaining({ targeting: expect.objectContaining({ currentPath: kept }) }),
    ]);
    expectNothingPlanted(configured);
  });

  it.each(PLANTED_ADDRESSES)("GPT's targeting in direct mode, handed %s", (_case, address, kept) => {
    const targeted: [string, unknown][] = [];
    const slot: GptSlot = { addService: () => slot, defineSizeMapping: () => slot };
    const pubads = {
      setTargeting: (key: string, value: string | string[]) => (targeted.push([key, value]), pubads),
      clearTargeting: () => pubads,
      refresh: () => undefined,
    };
    const gpt: GoogleTag = {
      cmd: { push: (command: () => void) => command() },
      defineSlot: () => slot,
      sizeMapping: () => ({ addSize: () => undefined, build: () => [] }),
      pubads: () => pubads,
      enableServices: () => undefined,
      display: () => undefined,
      destroySlots: () => true,
    };
    window.googletag = gpt;
    const direct: SiteAds = {
      ...programmaticAds(),
      display: "CUSTOM_WITHOUT_WRAPPER",
      positions: [],
      customLocations: [{ key: "top", elementId: "topCustomPromoContainer", reserve: [] }],
      sizeMapping: JSON.stringify({ top: { "0": [[320, 50]] } }),
      scriptUrl: "https://gpt.example/gpt.js",
    };
    publishConsent(true);
    createRun(window, { GATSBY_DIDOMI_API_KEY: "key" }).setup({
      ads: direct,
      place,
      targeting: targetingWith(address),
      sitePath: "/",
      noConsentNotice: false,
    });
    expect(Object.fromEntries(targeted)).toMatchObject({ currentPath: kept, moviePermalinkPath: kept });
    expectNothingPlanted(targeted);
  });
});
