/** @jest-environment jsdom */
// The ad runtime with fake libraries: what it inserts, what it queues, and when (spec §4, §5).
import { forgetConsentSignal, publishConsent } from "../tracking/consent/consent-signal";
import { forgetInterstitialShown, rememberInterstitialShown } from "./interstitial-visit";
import type { AdTargeting } from "./page-data";
import { createRun, forgetAdsRun, pageChanged, type AdsPage, type GoogleTag, type GptSlot } from "./runtime";
import type { SiteAds } from "./site-ads";
import { programmaticAds } from "../test/ads-fixtures";

const targeting = (currentPath: string): AdTargeting => ({
  page: "Page",
  adType: "captif-et-hors-captif",
  websiteID: "1",
  domain: "www.example.com",
  currentPath,
  urlOrigin: "https://www.example.com",
  theater: "Lumière",
  theaterID: "t1",
  theaterGroup: "",
  theaterGroupID: "",
  moviePermalinkPath: "",
  moviePermalinkOrigin: "",
  scheduledMovieIds: [],
  isLoggedIn: "false",
});

const wrapperAds = programmaticAds();

const directAds: SiteAds = {
  ...wrapperAds,
  display: "CUSTOM_WITHOUT_WRAPPER",
  positions: [],
  customLocations: [{ key: "top", elementId: "topCustomPromoContainer", reserve: [] }],
  customInterstitial: true,
  sizeMapping: JSON.stringify({ top: { "0": [[320, 50]], "768": [[728, 90]] }, interstitial: {} }),
  networkCode: "21800000",
  scriptUrl: "https://gpt.example/gpt.js",
};

const page = (ads: SiteAds, sitePath: string, theaterName = "Lumière"): AdsPage => ({
  ads,
  place: { isSingleLocation: true, circuitName: null, theaterName },
  targeting: targeting(sitePath),
  sitePath,
  noConsentNotice: false,
});

const scripts = () => [...document.head.querySelectorAll("script")].map((s) => s.getAttribute("src"));

beforeEach(() => {
  document.head.innerHTML = "";
  delete window.adWrapper;
  delete window.googletag;
  forgetConsentSignal();
});

describe("ad-wrapper mode", () => {
  const calls: string[] = [];
  const loadLibrary = () => {
    const queued = window.adWrapper!.cmd as (() => void)[];
    window.adWrapper = {
      cmd: { push: (command: () => void) => command() },
      configure: (config) => calls.push(`configure ${config.pagePath} ${config.targeting.currentPath}`),
      clearSlots: () => calls.push("clearSlots"),
      loadPositions: () => calls.push("loadPositions"),
    };
    queued.forEach((command) => command());
  };
  beforeEach(() => {
    calls.length = 0;
  });

  it("loads the country's library once the consent manager is ready, configures, and on a new page clears and loads the positions again", () => {
    const run = createRun(window, {});
    run.setup(page(wrapperAds, "/films/1-a/"));
    // Issue 44: not before the consent manager's first decision, and whatever it is (spec §4).
    expect(scripts()).toEqual([]);
    publishConsent(false);
    expect(scripts()).toEqual(["https://lib.example/library/WMP_FR_WEB.js"]);
    loadLibrary();
    expect(calls).toEqual(["configure /120157152/allads/lumiere /films/1-a/", "loadPositions"]);

    calls.length = 0;
    run.setup(page(wrapperAds, "/films/1-a/"));
    expect(calls).toEqual(["configure /120157152/allads/lumiere /films/1-a/"]);

    calls.length = 0;
    run.setup(page(wrapperAds, "/films/2-b/"));
    expect(calls).toEqual(["clearSlots", "configure /120157152/allads/lumiere /films/2-b/", "loadPositions"]);
    expect(scripts()).toHaveLength(1);
  });

  // Issue 44: the interstitial came back on every full page load, the stand-in (like a library
  // counting per page load) showing it on each load's first page.
  it("once the visit has had its interstitial, no position nor element is named for it", () => {
    const configs: { pagePositions: string[]; elementsMapping: Record<string, string> }[] = [];
    const ads = programmaticAds({ positions: ["interstitial", "header", "pulse"] });
    const run = createRun(window, {});
    window.adWrapper = { cmd: { push: (command: () => void) => command() }, configure: (c) => configs.push(c) };
    try {
      run.setup(page(ads, "/"));
      rememberInterstitialShown();
      run.setup(page(ads, "/films/"));
    } finally {
      forgetInterstitialShown();
    }
    expect(configs.map((c) => c.pagePositions)).toEqual([
      ["interstitial", "header", "pulse"],
      ["header", "pulse"],
    ]);
    expect(configs[1]!.elementsMapping).toEqual({ header: "HeaderPromoContainer", pulse: "PulsePromoContainer" });
  });

  it("is skipped when the command queue already has entries (spec §5)", () => {
    window.adWrapper = { cmd: [() => undefined] };
    createRun(window, {}).setup(page(wrapperAds, "/"));
    expect(scripts()).toEqual([]);
    expect(window.adWrapper.cmd).toHaveLength(2);
  });
});

describe("direct ad-server mode", () => {
  const calls: string[] = [];
  /** A request made after `setPrivacySettings({ nonPersonalizedAds: true })` is written "display-npa", "refresh-npa". */
  let npa = false;
  const request = (verb: string) => (npa ? `${verb}-npa` : verb);
  const fakeGpt = (): GoogleTag => {
    npa = false;
    const slot = (id: string): GptSlot => {
      const s: GptSlot = {
        addService: () => s,
        defineSizeMapping: (mapping) => (calls.push(`sizeMapping ${id} ${JSON.stringify(mapping)}`), s),
      };
      (s as GptSlot & { id: string }).id = id;
      return s;
    };
    const pubads = {
      setPrivacySettings: (settings: { nonPersonalizedAds?: boolean }) => (
        (npa = settings.nonPersonalizedAds ?? npa),
        pubads
      ),
      setTargeting: (key: string, value: string | string[]) => (
        key === "currentPath" && calls.push(`target ${String(value)}`),
        pubads
      ),
      clearTargeting: () => pubads,
      refresh: (slots?: GptSlot[]) =>
        calls.push(`${request("refresh")} ${(slots ?? []).map((s) => (s as GptSlot & { id: string }).id).join(",")}`),
    };
    const builder: { rules: unknown[]; addSize(v: unknown, s: unknown): unknown; build(): unknown } = {
      rules: [],
      addSize(viewport, sizes) {
        builder.rules.push([viewport, sizes]);
        return builder;
      },
      build: () => builder.rules,
    };
    return {
      cmd: { push: (command: () => void) => command() },
      defineSlot: (path, sizes, id) => (calls.push(`define ${path} ${JSON.stringify(sizes)} ${id}`), slot(id)),
      sizeMapping: () => ((builder.rules = []), builder),
      pubads: () => pubads,
      enableServices: () => calls.push("enableServices"),
      display: (id) => calls.push(`${request("display")} ${id}`),
      destroySlots: () => (calls.push("destroySlots"), true),
    };
  };
  beforeEach(() => {
    calls.length = 0;
  });

  it("waits for consent; then defines the slots with their size mapping and refreshes all but the interstitial on new targeting", () => {
    const run = createRun(window, { GATSBY_DIDOMI_API_KEY: "key" });
    run.setup(page(directAds, "/films/1-a/"));
    publishConsent(false);
    expect(scripts()).toEqual([]);

    window.googletag = fakeGpt();
    publishConsent(true);
    expect(scripts()).toEqual(["https://gpt.example/gpt.js"]);
    expect(calls).toEqual([
      "target /films/1-a/",
      "define /21800000/restrictedads/lumiere/top [[728,90],[320,50]] topCustomPromoContainer",
      "sizeMapping topCustomPromoContainer [[[768,0],[[728,90]]],[[0,0],[[320,50]]]]",
      "define /21800000/restrictedads/lumiere/interstitial [[1,1]] CustomInterstitialContainer",
      "enableServices",
      "display topCustomPromoContainer",
      "display CustomInterstitialContainer",
    ]);

    calls.length = 0;
    run.setup(page(directAds, "/films/2-b/"));
    expect(calls).toEqual(["target /films/2-b/", "refresh topCustomPromoContainer"]);

    calls.length = 0;
    run.setup(page(directAds, "/", "Autre salle"));
    expect(calls[0]).toBe("target /");
    expect(calls[1]).toBe("destroySlots");
    expect(calls).toContain(
      "define /21800000/restrictedads/autre-salle/top [[728,90],[320,50]] topCustomPromoContainer",
    );
    expect(calls.filter((c) => c === "enableServices")).toEqual([]);
  });

  describe("consent over one page load: GPT loads with consent (spec §5); withdrawn, its ads are non-personalised (issue 44)", () => {
    type Step = "page /a/" | "page /b/" | "page /c/" | "page / Autre salle" | "consent" | "refusal" | "GPT loads" | "—";
    const short = (call: string) => call.split(" ").slice(0, 2).join(" ");
    const run = (env: Record<string, string>, steps: Step[]) => {
      const ads = createRun(window, env);
      for (const step of steps) {
        if (step === "—") calls.length = 0;
        else if (step === "consent") publishConsent(true);
        else if (step === "refusal") publishConsent(false);
        else if (step === "GPT loads") {
          const queued = window.googletag!.cmd as (() => void)[];
          window.googletag = fakeGpt();
          queued.forEach((command) => command());
        } else {
          const [, path, ...theater] = step.split(" ");
          ads.setup(page(directAds, path!, theater.join(" ") || undefined));
        }
      }
      return calls.map(short);
    };
    const WITH_CONSENT_MANAGER = { GATSBY_DIDOMI_API_KEY: "key" };
    const defineAndDisplay = (theater: string, firstTime = false, display = "display") => [
      `define /21800000/restrictedads/${theater}/top`,
      "sizeMapping topCustomPromoContainer",
      `define /21800000/restrictedads/${theater}/interstitial`,
      ...(firstTime ? ["enableServices"] : []),
      `${display} topCustomPromoContainer`,
      `${display} CustomInterstitialContainer`,
    ];

    it.each<[string, Record<string, string>, Step[], string[]]>([
      [
        "withdrawn after the slots showed: later pages ask for non-personalised ads",
        WITH_CONSENT_MANAGER,
        ["page /a/", "consent", "GPT loads", "page /b/", "—", "refusal", "page /c/", "page / Autre salle"],
        [
          "target /c/",
          "refresh-npa topCustomPromoContainer",
          "target /",
          "destroySlots",
          ...defineAndDisplay("autre-salle", false, "display-npa"),
        ],
      ],
      [
        "withdrawn while GPT was on its way: the queued setup asks for non-personalised ads",
        WITH_CONSENT_MANAGER,
        ["consent", "page /a/", "refusal", "—", "GPT loads", "page /b/"],
        [
          "target /a/",
          ...defineAndDisplay("lumiere", true, "display-npa"),
          "target /b/",
          "refresh-npa topCustomPromoContainer",
        ],
      ],
      [
        "consent given again: the next page's ads are personalised again",
        WITH_CONSENT_MANAGER,
        ["consent", "GPT loads", "page /a/", "refusal", "page /b/", "—", "consent", "page /c/"],
        ["target /c/", "refresh topCustomPromoContainer"],
      ],
      [
        "no consent manager: a refusal published changes nothing",
        { GATSBY_CONSENT_DISABLED: "true" },
        ["page /a/", "GPT loads", "refusal", "—", "page /b/"],
        ["target /b/", "refresh topCustomPromoContainer"],
      ],
    ])("%s", (_name, env, steps, expected) => {
      window.googletag = { cmd: [] } as unknown as GoogleTag;
      expect(run(env, steps)).toEqual(expected);
    });

    it.each<[string, Step[], number]>([
      ["refused from the start: never requested", ["refusal", "page /a/", "page /b/"], 0],
      [
        "given, withdrawn, given again: requested once",
        ["consent", "page /a/", "refusal", "page /b/", "consent", "page /c/"],
        1,
      ],
    ])("the GPT script, %s", (_name, steps, requests) => {
      run(WITH_CONSENT_MANAGER, steps);
      expect(scripts()).toEqual(Array<string>(requests).fill("https://gpt.example/gpt.js"));
    });
  });

  it("loads at once with the consent manager disabled", () => {
    window.googletag = fakeGpt();
    createRun(window, { GATSBY_CONSENT_DISABLED: "true" }).setup(page(directAds, "/"));
    expect(scripts()).toEqual(["https://gpt.example/gpt.js"]);
    expect(calls).toContain("display topCustomPromoContainer");
  });

  it("a malformed size mapping: the spec's message, no slot for that location, the page carries on", () => {
    const error = jest.spyOn(console, "error").mockImplementation(() => undefined);
    window.googletag = fakeGpt();
    createRun(window, { GATSBY_CONSENT_DISABLED: "true" }).setup(page({ ...directAds, sizeMapping: "{top:" }, "/"));
    expect(error).toHaveBeenCalledWith("Error parsing size mapping");
    expect(calls.filter((c) => c.startsWith("define"))).toEqual([]);
    error.mockRestore();
  });
});

describe("pageChanged", () => {
  const site = {
    ads: wrapperAds,
    domain: "www.example.com",
    isSingleLocation: true,
    circuit: null,
    theaters: [{ id: "t1", name: "Lumière", path: null, timeZone: "UTC", theaterCode: "t1" }],
    tracking: { noticeId: "notice" },
  } as unknown as Parameters<typeof pageChanged>[0]["site"];
  const filmPage = (id: number) => ({
    templateName: "film",
    film: { id, title: `Film ${id}`, releaseDate: null, path: `/films/${id}-x/` },
    showtimes: [{ filmId: id }],
  });

  beforeEach(() => {
    jest.useFakeTimers();
    forgetAdsRun();
  });
  afterEach(() => jest.useRealTimers());

  it("keeps window.pageData current at once, and sets the ads up 500 ms after the last change only", () => {
    const configs: string[] = [];
    window.adWrapper = {
      cmd: { push: (command: () => void) => command() },
      configure: (config) =>
        configs.push(`${config.targeting.moviePermalinkPath} ${config.targeting.scheduledMovieIds.join(",")}`),
    };
    pageChanged({ site, pageContext: filmPage(1), theaterId: "t1", isLoggedIn: false });
    expect(window.pageData).toMatchObject({ pageType: "film", movieId: 1, theaterId: "t1", isLoggedIn: false });
    jest.advanceTimersByTime(300);
    pageChanged({ site, pageContext: filmPage(2), theaterId: "t1", isLoggedIn: true });
    expect(window.pageData).toMatchObject({ movieId: 2, isLoggedIn: true });
    jest.advanceTimersByTime(499);
    expect(configs).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(configs).toEqual(["/films/2-x/ 2"]);
  });

  it("on a circuit, targets the films scheduled at the theater the page shows, and again when it changes", () => {
    const circuit = {
      ...site,
      isSingleLocation: false,
      circuit: { id: "STARLIGHT", name: "Starlight Cinemas" },
      theaters: [
        { id: "downtown", name: "Starlight Downtown", path: "/theaters/downtown/", timeZone: "UTC", theaterCode: "d" },
        {
          id: "riverside",
          name: "Starlight Riverside",
          path: "/theaters/riverside/",
          timeZone: "UTC",
          theaterCode: "r",
        },
      ],
    } as typeof site;
    // The schedule's day: showtimes in their short form [filmId, perfCode, theaterId, startsAt, localDate].
    const day = {
      templateName: "schedule",
      showtimes: [
        [1, "P1", "riverside", "2026-11-24T18:00Z", "2026-11-24"],
        [2, "P2", "downtown", "2026-11-24T19:00Z", "2026-11-24"],
        [3, "P3", "riverside", "2026-11-24T20:00Z", "2026-11-24"],
      ],
    };
    const configs: string[] = [];
    window.adWrapper = {
      cmd: { push: (command: () => void) => command() },
      configure: (config) =>
        configs.push(
          `${config.pagePath} ${config.targeting.theaterID} ${config.targeting.scheduledMovieIds.join(",")}`,
        ),
    };
    pageChanged({ site: circuit, pageContext: day, theaterId: null, isLoggedIn: false });
    jest.advanceTimersByTime(500);
    pageChanged({ site: circuit, pageContext: day, theaterId: "downtown", isLoggedIn: false });
    jest.advanceTimersByTime(500);
    pageChanged({ site: circuit, pageContext: day, theaterId: "riverside", isLoggedIn: false });
    jest.advanceTimersByTime(500);
    expect(configs).toEqual([
      "/120157152/allads/starlight-cinemas  1,2,3",
      "/120157152/allads/starlight-cinemas/starlight-downtown downtown 2",
      "/120157152/allads/starlight-cinemas/starlight-riverside riverside 1,3",
    ]);
  });
});
