// The placeholders (spec §2: reserved space in the server HTML, slot elements only after mount) and
// the setup (spec §3 page data; spec §4/§9: debounced 500 ms, again when the page changes).
import { render, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { ThemeProvider, type DefaultTheme } from "styled-components";
import type { PageContext } from "../../page-context/page-context";
import type { SiteRuntime } from "../../site/model";
import type { SiteAds } from "../site-ads";

const setups: unknown[] = [];
jest.mock("../runtime", () => ({ pageChanged: (input: unknown) => setups.push(input) }));
jest.mock("../../favourites/SelectedTheatreProvider", () => ({
  useSelectedTheatre: () => ({
    currentTheatre: { id: "t1", name: "Lumière", path: null, timeZone: "UTC", theaterCode: "t1" },
  }),
}));
jest.mock("../../loyalty/LoyaltyProvider", () => ({ useMemberSession: () => ({ member: null }) }));

import { AdsBottom, AdsFloating, AdsSetup, AdsTop } from "./AdSlots";

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
  scriptUrl: "https://lib.example/library/WMP_FR_WEB.js",
  shown: true,
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
    const { container } = render(
      <Slots siteAds={{ ...ads, display: "", positions: [], customLocations: [], scriptUrl: "", shown: false }} />,
    );
    expect(container.querySelector("[data-ad-slot]")).toBeNull();
  });
});

describe("AdsSetup", () => {
  const site = { ads } as unknown as SiteRuntime;
  const pageContext = { pagePath: "/films/1-a/", templateName: "film" } as unknown as PageContext;
  beforeEach(() => {
    setups.length = 0;
  });

  it("hands the page, the current theatre and the session to the ad runtime after mount", async () => {
    render(<AdsSetup site={site} pageContext={pageContext} />);
    await waitFor(() => expect(setups).toEqual([{ site, pageContext, theatreId: "t1", isLoggedIn: false }]));
  });

  it("a site without ads never loads the runtime", async () => {
    render(<AdsSetup site={{ ads: { ...ads, shown: false } } as unknown as SiteRuntime} pageContext={pageContext} />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(setups).toEqual([]);
  });
});
