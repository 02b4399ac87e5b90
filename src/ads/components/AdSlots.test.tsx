// The placeholders (spec §2: reserved space in the server HTML, slot elements only after mount) and
// the setup (spec §3 page data; spec §4/§9: debounced 500 ms, again when the page changes).
import { act, render } from "@testing-library/react";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { ThemeProvider, type DefaultTheme } from "styled-components";
import type { PageContext } from "../../page-context/page-context";
import type { SiteRuntime } from "../../site/model";
import type { SiteAds } from "../site-ads";

process.env.GATSBY_ADS_LIBRARY_URL = "https://lib.example/library/{siteCode}.js";

const setups: unknown[] = [];
jest.mock("../runtime", () => ({ adsRun: () => ({ setup: (page: unknown) => setups.push(page) }) }));
jest.mock("../../favourites/SelectedTheatreProvider", () => ({
  useSelectedTheatre: () => ({
    currentTheatre: { id: "t1", name: "Lumière", path: null, timeZone: "UTC", theaterCode: "t1" },
  }),
}));
jest.mock("../../loyalty/LoyaltyProvider", () => ({ useMemberSession: () => ({ member: null }) }));

// Read after the environment above is set: the module reads the deploy settings once.
const { AdsBottom, AdsFloating, AdsSetup, AdsTop } = jest.requireActual<typeof import("./AdSlots")>("./AdSlots");

const ads: SiteAds = {
  display: "PROGRAMMATIC",
  positions: ["interstitial", "header", "footer", "pulse"],
  customLocations: [{ key: "side", elementId: "sideCustomPromoContainer", reserve: [{ minWidth: 0, height: 250 }] }],
  customInterstitial: false,
  sizeMapping: "",
  pathRoot: "120157152",
  customLibraryUrl: "",
  networkCode: "120157152",
  siteCode: "WMP_FR_WEB",
  websiteId: "1",
};

// Only what the placeholders read of the site theme.
const theme = { media: { md: "@media (min-width: 768px)" } } as unknown as DefaultTheme;
const Themed = ({ children }: { children: ReactNode }) => <ThemeProvider theme={theme}>{children}</ThemeProvider>;
const Slots = ({ siteAds }: { siteAds: SiteAds }) => (
  <Themed>
    <AdsTop ads={siteAds} />
    <main>content</main>
    <AdsBottom ads={siteAds} />
    <AdsFloating ads={siteAds} />
  </Themed>
);

describe("placeholders", () => {
  it("the server HTML reserves the header, custom and footer space, with no slot element yet", () => {
    const html = renderToString(<Slots siteAds={ads} />);
    expect(html).toContain('data-ad-slot="header"');
    expect(html).toContain('data-ad-slot="side"');
    expect(html).toContain('data-ad-slot="footer"');
    expect(html).not.toContain("PromoContainer");
    expect(html).not.toContain("InterstitialContainer");
  });

  it("after mount, each slot element is inside its reserved space; pulse and interstitial appear", () => {
    const { container } = render(<Slots siteAds={ads} />);
    expect(container.querySelector('[data-ad-slot="header"] > #HeaderPromoContainer')).not.toBeNull();
    expect(container.querySelector('[data-ad-slot="side"] > #sideCustomPromoContainer')).not.toBeNull();
    expect(container.querySelector('[data-ad-slot="footer"] > #FooterPromoContainer')).not.toBeNull();
    expect(container.querySelector('[data-ad-slot="pulse"] > #PulsePromoContainer')).not.toBeNull();
    expect(container.querySelector('[data-ad-slot="interstitial"] > #InterstitialContainer')).not.toBeNull();
  });

  it("a site without ads renders nothing at all", () => {
    const { container } = render(<Slots siteAds={{ ...ads, display: "", positions: [], customLocations: [] }} />);
    expect(container.querySelector("[data-ad-slot]")).toBeNull();
  });
});

describe("AdsSetup", () => {
  const site = {
    ads,
    domain: "www.example.com",
    isSingleLocation: true,
    circuit: null,
    theaters: [{ id: "t1", name: "Lumière", path: null, timeZone: "UTC", theaterCode: "t1" }],
    tracking: { noticeId: "notice" },
  } as unknown as SiteRuntime;
  const pageContext = (pagePath: string, filmId: number) =>
    ({
      pagePath,
      templateName: "film",
      film: { id: filmId, title: `Film ${filmId}`, releaseDate: null, path: pagePath },
      showtimes: [{ filmId }],
    }) as unknown as PageContext;

  beforeEach(() => {
    jest.useFakeTimers();
    setups.length = 0;
  });
  afterEach(() => jest.useRealTimers());

  it("keeps window.pageData current at once; sets the ads up 500 ms after the last change only", async () => {
    const view = render(<AdsSetup site={site} pageContext={pageContext("/films/1-a/", 1)} />);
    expect(window.pageData).toMatchObject({ pageType: "film", movieId: 1, theaterId: "t1", isLoggedIn: false });
    await act(async () => jest.advanceTimersByTime(300));
    view.rerender(<AdsSetup site={site} pageContext={pageContext("/films/2-b/", 2)} />);
    expect(window.pageData?.movieId).toBe(2);
    await act(async () => jest.advanceTimersByTime(499));
    expect(setups).toEqual([]);
    await act(async () => {
      jest.advanceTimersByTime(1);
      await jest.runAllTimersAsync();
    });
    expect(setups).toHaveLength(1);
    expect(setups[0]).toMatchObject({
      place: { isSingleLocation: true, circuitName: null, theaterName: "Lumière" },
      targeting: { moviePermalinkPath: "/films/2-b/", scheduledMovieIds: ["2"], theaterID: "t1", isLoggedIn: "false" },
      noConsentNotice: false,
    });
  });
});
