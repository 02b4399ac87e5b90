// The placeholders (spec §2: reserved space in the server HTML, slot elements only after mount) and
// the setup (spec §3 page data; spec §4/§9: debounced 500 ms, again when the page changes); each
// placeholder a named landmark; the room the pulse reserves at the page's end; the pulse and the
// interstitial loaded on demand (their behaviour: FloatingAds.test.tsx).
import { declaredByWidth } from "../../test/css";
import { act, render, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { IntlProvider } from "react-intl";
import { ThemeProvider, type DefaultTheme } from "styled-components";
import type { SiteLocale } from "../../config/settings";
import { messagesFor } from "../../i18n/catalogues";
import type { PageContext } from "../../runtime/page-context";
import type { SiteRuntime } from "../../runtime/site-runtime";
import type { SiteAds } from "../site-ads";
import { programmaticAds } from "../../test/ads-fixtures";
import { captureIdleCallbacks } from "../../test/idle-callbacks";
import { forgetInterstitialShown } from "../interstitial-visit";

const setups: unknown[] = [];
jest.mock("../runtime", () => ({ pageChanged: (input: unknown) => setups.push(input) }));
const mockTheater = { current: { id: "t1", name: "Lumière", path: null, timeZone: "UTC", theaterCode: "t1" } };
jest.mock("../../member/favourites/SelectedTheaterProvider", () => ({
  useSelectedTheater: () => ({ currentTheater: mockTheater.current }),
}));
jest.mock("../../member/session/LoyaltyProvider", () => ({ useMemberSession: () => ({ member: null }) }));

import { AdsBottom, AdsFloating, AdsInPage, AdsSetup, AdsTop } from "./AdSlots";

const ads = programmaticAds({
  positions: ["interstitial", "header", "footer", "pulse"],
  customLocations: [{ key: "side", elementId: "sideCustomPromoContainer", reserve: [{ minWidth: 0, height: 250 }] }],
});

// Only what the placeholders read of the site theme.
const theme = { media: { md: "@media (min-width: 768px)" } } as unknown as DefaultTheme;
const Themed = ({ children, locale = "en-US" }: { children: ReactNode; locale?: SiteLocale }) => (
  <IntlProvider locale={locale} messages={messagesFor(locale)}>
    <ThemeProvider theme={theme}>{children}</ThemeProvider>
  </IntlProvider>
);
/** Lets the on-demand pulse and interstitial arrive (their import resolves in a few microtasks). */
const settle = () =>
  act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
afterEach(() => forgetInterstitialShown());

const filmPage = { templateName: "film" } as const;
const Slots = ({
  siteAds,
  locale,
  page = filmPage,
}: {
  siteAds: SiteAds;
  locale?: SiteLocale;
  page?: Pick<PageContext, "templateName">;
}) => (
  <Themed locale={locale}>
    <AdsTop ads={siteAds} pageContext={page} />
    <main>content</main>
    <AdsBottom ads={siteAds} pageContext={page} />
    <AdsFloating ads={siteAds} pageContext={page} />
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

  it("after mount, each slot element is inside its reserved space; pulse and interstitial appear", async () => {
    const { container } = render(<Slots siteAds={ads} />);
    await settle();
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

// Issue 42: on a film page the header promo follows the times on a phone, never above them; from
// the md breakpoint it stays above the page. One element per position either way.
describe("a page whose header promo is in the page on a phone", () => {
  const FilmPage = () => (
    <Themed>
      <AdsTop ads={ads} pageContext={filmPage} headerOnPhones="inPage" />
      <main>
        <section>times</section>
        <AdsInPage ads={ads} />
      </main>
    </Themed>
  );
  const innerWidth = window.innerWidth;
  afterEach(() => {
    window.innerWidth = innerWidth;
  });
  const slotParent = (container: HTMLElement) => {
    const slots = container.querySelectorAll("#HeaderPromoContainer");
    expect(slots).toHaveLength(1);
    return slots[0]!.parentElement!.parentElement!.tagName;
  };

  it.each([
    ["a 390 px phone", 390, "MAIN"],
    ["a 1280 px desktop", 1280, "DIV"],
  ])("on %s the slot element is mounted in the box on screen only", (_, width, parent) => {
    window.innerWidth = width;
    const { container } = render(<FilmPage />);
    expect(slotParent(container)).toBe(parent);
  });

  it("both boxes are there from the first render, each shown at its own widths only", () => {
    const { container } = render(<FilmPage />);
    const [top, inPage] = [...container.querySelectorAll('[data-ad-slot="header"]')];
    expect(declaredByWidth(top!, "display")).toEqual({ base: "none", md: "flex" });
    expect(declaredByWidth(inPage!, "display")).toEqual({ base: "flex", md: "none" });
  });
});

describe("landmarks (axe region, landmark-unique)", () => {
  const landmarks = () =>
    screen
      .queryAllByRole("complementary")
      .map((el) => [el.getAttribute("data-ad-slot"), el.getAttribute("aria-label")]);
  const direct: SiteAds = {
    ...ads,
    display: "CUSTOM_WITHOUT_WRAPPER",
    positions: [],
    customLocations: [
      { key: "top", elementId: "topCustomPromoContainer", reserve: [] },
      { key: "aside", elementId: "asideCustomPromoContainer", reserve: [] },
    ],
    customInterstitial: true,
  };

  it.each<[string, SiteAds, SiteLocale, [string, string][]]>([
    [
      "wrapper mode, four positions and a custom location; the interstitial first, named apart",
      ads,
      "en-US",
      [
        ["interstitial", "Advertisement over the page"],
        ["header", "Advertisement 1 of 4"],
        ["side", "Advertisement 2 of 4"],
        ["footer", "Advertisement 3 of 4"],
        ["pulse", "Advertisement 4 of 4"],
      ],
    ],
    [
      "the interstitial in French",
      { ...ads, positions: ["interstitial", "footer"], customLocations: [] },
      "fr-FR",
      [
        ["interstitial", "Publicité en surimpression"],
        ["footer", "Publicité"],
      ],
    ],
    [
      "direct mode: the custom locations; the 1x1 custom interstitial is no landmark",
      direct,
      "fr-FR",
      [
        ["top", "Publicité 1 sur 2"],
        ["aside", "Publicité 2 sur 2"],
      ],
    ],
    [
      "one placeholder: no number",
      { ...ads, positions: ["header"], customLocations: [] },
      "en-US",
      [["header", "Advertisement"]],
    ],
    [
      "one placeholder, in French",
      { ...ads, positions: ["footer"], customLocations: [] },
      "fr-FR",
      [["footer", "Publicité"]],
    ],
  ])("%s", async (_name, siteAds, locale, expected) => {
    const { container } = render(<Slots siteAds={siteAds} locale={locale} />);
    await settle();
    // The interstitial is hidden until the library draws in it: drawn here, as the library would.
    const interstitial = container.querySelector("#InterstitialContainer");
    if (interstitial) {
      act(() => interstitial.append(document.createElement("div")));
      await settle();
    }
    expect(landmarks()).toEqual(expected);
    // Every slot element is where the ad library and the tests look for it, inside its landmark.
    for (const [slot] of expected)
      expect(container.querySelector(`aside[data-ad-slot="${slot}"] > [id$="Container"]`)).not.toBeNull();
    expect(container.querySelector('div[data-ad-slot="custom-interstitial"] > #CustomInterstitialContainer')).toEqual(
      siteAds.customInterstitial ? expect.anything() : null,
    );
  });

  it("the server HTML names the bands already", () => {
    const html = renderToString(<Slots siteAds={ads} />);
    expect(html).toMatch(/<aside[^>]*data-ad-slot="header"[^>]*aria-label="Advertisement 1 of 4"/);
    expect(html).toMatch(/<aside[^>]*data-ad-slot="footer"[^>]*aria-label="Advertisement 3 of 4"/);
  });
});

describe("the room the pulse reserves at the end of the page", () => {
  // jsdom lays nothing out: a ResizeObserver the test drives, and the pulse's height it reports.
  let observed: { element: Element; notify: () => void }[] = [];
  let pulseHeight = 0;
  beforeEach(() => {
    observed = [];
    pulseHeight = 0;
    window.ResizeObserver = class {
      constructor(private readonly callback: ResizeObserverCallback) {}
      observe(element: Element) {
        jest.spyOn(element, "getBoundingClientRect").mockImplementation(() => ({ height: pulseHeight }) as DOMRect);
        observed.push({ element, notify: () => this.callback([], this as unknown as ResizeObserver) });
      }
      unobserve() {}
      disconnect() {
        observed = [];
      }
    } as unknown as typeof ResizeObserver;
  });
  afterEach(() => {
    delete (window as { ResizeObserver?: unknown }).ResizeObserver;
  });
  const bodyPadding = () => document.body.style.paddingBottom;
  const pulseShows = (height: number) =>
    act(() => {
      pulseHeight = height;
      observed.forEach((o) => o.notify());
    });

  it.each<[string, number[], string]>([
    ["nothing drawn in the pulse yet", [0], ""],
    // The ad's height, its close button's bar (3rem), its offset and as much again between them.
    ["the library drew the 200x120 pulse", [120], "calc(120px + 2rem + 3rem)"],
    ["a taller pulse", [120, 250], "calc(250px + 2rem + 3rem)"],
    ["the slots cleared: the room goes with the ad", [120, 0], ""],
  ])("%s → body padding-bottom %j", async (_name, heights, padding) => {
    render(<Slots siteAds={ads} />);
    await settle();
    // What the library draws in: the pulse's element (its box also holds the close button).
    expect(observed.map((o) => o.element.id)).toEqual(["PulsePromoContainer"]);
    for (const height of heights) pulseShows(height);
    expect(bodyPadding()).toBe(padding);
  });

  it("no pulse on the page, no room; the pulse gone, the room gone", async () => {
    const { unmount } = render(<Slots siteAds={{ ...ads, positions: ["header", "footer"] }} />);
    await settle();
    expect(observed).toEqual([]);
    expect(bodyPadding()).toBe("");
    unmount();
    const shown = render(<Slots siteAds={ads} />);
    await settle();
    pulseShows(120);
    expect(bodyPadding()).not.toBe("");
    shown.unmount();
    expect(bodyPadding()).toBe("");
  });

  it("without ResizeObserver the nominal pulse height is reserved", async () => {
    delete (window as { ResizeObserver?: unknown }).ResizeObserver;
    render(<Slots siteAds={ads} />);
    await settle();
    expect(bodyPadding()).toBe("calc(120px + 2rem + 3rem)");
  });
});

// Issue 44: no ads where a member signs in or keeps their account.
describe("the login page and the /account/ screens (the password screens among them)", () => {
  it.each(["login", "account"] as const)("a %s page: no box in the HTML nor after mount", (templateName) => {
    const html = renderToString(<Slots siteAds={ads} page={{ templateName }} />);
    expect(html).not.toContain("data-ad-slot");
    const { container } = render(<Slots siteAds={ads} page={{ templateName }} />);
    expect(container.querySelectorAll("[data-ad-slot]")).toHaveLength(0);
    expect(container.querySelector('[id$="PromoContainer"], #InterstitialContainer')).toBeNull();
    expect(container).toHaveTextContent(/^content$/);
  });

  it.each(["login", "account"] as const)("a %s page: the ad runtime is never loaded", async (templateName) => {
    setups.length = 0;
    const site = { ads } as unknown as SiteRuntime;
    render(<AdsSetup site={site} pageContext={{ pagePath: "/x/", templateName } as unknown as PageContext} />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(setups).toEqual([]);
  });
});

describe("AdsSetup", () => {
  const site = { ads } as unknown as SiteRuntime;
  const pageContext = { pagePath: "/films/1-a/", templateName: "film" } as unknown as PageContext;
  beforeEach(() => {
    setups.length = 0;
  });

  it("hands the page, the current theater and the session to the ad runtime after mount", async () => {
    render(<AdsSetup site={site} pageContext={pageContext} />);
    await waitFor(() => expect(setups).toEqual([{ site, pageContext, theaterId: "t1", isLoggedIn: false }]));
  });

  it("hands it again when the current theater changes (spec §4: the ads follow the theater)", async () => {
    const { rerender } = render(<AdsSetup site={site} pageContext={pageContext} />);
    await waitFor(() => expect(setups).toHaveLength(1));
    const chosen = mockTheater.current;
    mockTheater.current = { ...chosen, id: "t2", name: "Rex" };
    try {
      rerender(<AdsSetup site={site} pageContext={pageContext} />);
      await waitFor(() => expect(setups).toHaveLength(2));
      expect(setups[1]).toEqual({ site, pageContext, theaterId: "t2", isLoggedIn: false });
    } finally {
      mockTheater.current = chosen;
    }
  });

  // Issue 44: not in the task that runs hydration's effects, where loading the chunks made a long task.
  it("waits for an idle main thread (a second at most) before loading the ad runtime", async () => {
    const idle = captureIdleCallbacks();
    try {
      render(<AdsSetup site={site} pageContext={pageContext} />);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(setups).toEqual([]);
      expect(idle.requested.map(({ timeout }) => timeout)).toEqual([1000]);
      act(() => idle.requested[0]?.run());
      await waitFor(() => expect(setups).toEqual([{ site, pageContext, theaterId: "t1", isLoggedIn: false }]));
    } finally {
      idle.restore();
    }
  });

  it("a change before the main thread is free hands over only the newer values", async () => {
    const { rerender } = render(<AdsSetup site={site} pageContext={pageContext} />);
    const nextPage = { ...pageContext, pagePath: "/films/2-b/" };
    rerender(<AdsSetup site={site} pageContext={nextPage} />);
    await waitFor(() => expect(setups).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(setups).toEqual([{ site, pageContext: nextPage, theaterId: "t1", isLoggedIn: false }]);
  });

  it("a site without ads never loads the runtime", async () => {
    render(<AdsSetup site={{ ads: { ...ads, shown: false } } as unknown as SiteRuntime} pageContext={pageContext} />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(setups).toEqual([]);
  });
});
