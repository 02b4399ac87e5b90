// Issue 44, ads that do not bury the page. The interstitial: a close button (click, Enter, Space),
// Escape, the focus back where it was, closing by itself, once a visit. The pulse on a phone: in the
// page's flow at its end, so it covers nothing and asks for no room under it; on a wide screen:
// room for it at the page's end and a close button.
import { declaredByWidth } from "../../test/css";
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { IntlProvider } from "react-intl";
import { ThemeProvider, type DefaultTheme } from "styled-components";
import type { SiteLocale } from "../../config/settings";
import { messagesFor } from "../../i18n/catalogues";
import { INTERSTITIAL_SHOWN_KEY, forgetInterstitialShown } from "../interstitial-visit";
import { INTERSTITIAL_CLOSES_AFTER_MS, Interstitial, PulsePromo } from "./FloatingAds";

const theme = { media: { md: "@media (min-width: 768px)" } } as unknown as DefaultTheme;
const Themed = ({ children, locale = "en-US" }: { children: ReactNode; locale?: SiteLocale }) => (
  <IntlProvider locale={locale} messages={messagesFor(locale)}>
    <ThemeProvider theme={theme}>{children}</ThemeProvider>
  </IntlProvider>
);

/** A page with a control before the interstitial (the header's Menu button) and one after it. */
const Page = ({ locale }: { locale?: SiteLocale }) => (
  <Themed locale={locale}>
    <header>
      <button type="button">Menu</button>
    </header>
    <Interstitial />
    <main>
      <a href="/showtimes/">Showtimes</a>
    </main>
  </Themed>
);

const slotElement = () => document.getElementById("InterstitialContainer");
const panel = () => document.querySelector('[data-ad-slot="interstitial"]');
const closeButton = () => screen.queryByRole("button", { name: "Close ad" });

/** What the ad library does: draws its creative in the element (a MutationObserver sees it). */
const libraryDraws = () =>
  act(async () => {
    const creative = document.createElement("a");
    creative.href = "https://ads.example/click";
    creative.textContent = "Ad";
    slotElement()!.append(creative);
  });

afterEach(() => {
  forgetInterstitialShown();
  jest.useRealTimers();
});

describe("the interstitial", () => {
  it("waits, empty, taking no click and with no button, until the library draws; then shows its close button", async () => {
    render(<Page />);
    expect(slotElement()).not.toBeNull();
    expect(closeButton()).toBeNull();
    expect(getComputedStyle(panel()!).pointerEvents).toBe("none");
    await libraryDraws();
    expect(closeButton()).toBeVisible();
    expect(closeButton()!.tagName).toBe("BUTTON");
    expect(getComputedStyle(panel()!).pointerEvents).not.toBe("none");
    expect(screen.getByRole("complementary", { name: "Advertisement over the page" })).toBe(panel());
  });

  it("its button closes it: the panel and the element go", async () => {
    const user = userEvent.setup();
    render(<Page />);
    await libraryDraws();
    await user.click(closeButton()!);
    expect(panel()).toBeNull();
    expect(slotElement()).toBeNull();
  });

  it.each(["{Enter}", " "])(
    "the keyboard reaches it right after the header's controls; %j on it closes it, the focus back on the Menu button",
    async (key) => {
      const user = userEvent.setup();
      render(<Page />);
      await libraryDraws();
      await user.tab();
      expect(screen.getByRole("button", { name: "Menu" })).toHaveFocus();
      await user.tab();
      expect(closeButton()).toHaveFocus();
      await user.keyboard(key);
      expect(panel()).toBeNull();
      expect(screen.getByRole("button", { name: "Menu" })).toHaveFocus();
    },
  );

  it("Escape closes it from inside it (the focus back where it was) and from anywhere on the page", async () => {
    const user = userEvent.setup();
    const first = render(<Page />);
    await libraryDraws();
    screen.getByRole("button", { name: "Menu" }).focus();
    await user.tab();
    await user.tab();
    expect(screen.getByRole("link", { name: "Ad" })).toHaveFocus();
    await user.keyboard("{Escape}");
    expect(panel()).toBeNull();
    expect(screen.getByRole("button", { name: "Menu" })).toHaveFocus();
    first.unmount();

    forgetInterstitialShown();
    render(<Page />);
    await libraryDraws();
    screen.getByRole("link", { name: "Showtimes" }).focus();
    await user.keyboard("{Escape}");
    expect(panel()).toBeNull();
    expect(screen.getByRole("link", { name: "Showtimes" })).toHaveFocus();
  });

  it("a dialog over the page keeps its own Escape", async () => {
    const user = userEvent.setup();
    render(
      <>
        <Page />
        <div role="dialog" aria-label="Sign in">
          <input aria-label="E-mail" />
        </div>
      </>,
    );
    await libraryDraws();
    screen.getByRole("textbox", { name: "E-mail" }).focus();
    await user.keyboard("{Escape}");
    expect(closeButton()).toBeVisible();
  });

  it(`closes by itself after ${INTERSTITIAL_CLOSES_AFTER_MS} ms`, async () => {
    jest.useFakeTimers();
    render(<Page />);
    await libraryDraws();
    act(() => jest.advanceTimersByTime(INTERSTITIAL_CLOSES_AFTER_MS - 1));
    expect(closeButton()).toBeVisible();
    act(() => jest.advanceTimersByTime(1));
    expect(panel()).toBeNull();
  });

  it("never from under the pointer or the focus: the time starts again once they leave", async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(<Page />);
    await libraryDraws();
    await user.hover(screen.getByRole("link", { name: "Ad" }));
    act(() => jest.advanceTimersByTime(3 * INTERSTITIAL_CLOSES_AFTER_MS));
    expect(closeButton()).toBeVisible();
    await user.unhover(screen.getByRole("link", { name: "Ad" }));

    act(() => closeButton()!.focus());
    act(() => jest.advanceTimersByTime(3 * INTERSTITIAL_CLOSES_AFTER_MS));
    expect(closeButton()).toHaveFocus();
    act(() => screen.getByRole("link", { name: "Showtimes" }).focus());
    act(() => jest.advanceTimersByTime(INTERSTITIAL_CLOSES_AFTER_MS - 1));
    expect(closeButton()).toBeVisible();
    act(() => jest.advanceTimersByTime(1));
    expect(panel()).toBeNull();
    expect(screen.getByRole("link", { name: "Showtimes" })).toHaveFocus();
  });

  it("once a visit: another page of the tab's session mounts neither panel nor element", async () => {
    const first = render(<Page />);
    await libraryDraws();
    expect(sessionStorage.getItem(INTERSTITIAL_SHOWN_KEY)).toBe("1");
    first.unmount();

    const second = render(<Page />);
    expect(panel()).toBeNull();
    expect(slotElement()).toBeNull();
    second.unmount();

    // A new visit (a new tab): the interstitial's element is there again for the library.
    sessionStorage.clear();
    forgetInterstitialShown();
    render(<Page />);
    expect(slotElement()).not.toBeNull();
  });

  it("an element the library never drew in does not spend the visit's interstitial", () => {
    const first = render(<Page />);
    first.unmount();
    render(<Page />);
    expect(slotElement()).not.toBeNull();
    expect(sessionStorage.getItem(INTERSTITIAL_SHOWN_KEY)).toBeNull();
  });

  it("cleared by the library (a new ad page), it closes", async () => {
    render(<Page />);
    await libraryDraws();
    await act(async () => slotElement()!.replaceChildren());
    expect(panel()).toBeNull();
  });

  it("in French", async () => {
    render(<Page locale="fr-FR" />);
    await libraryDraws();
    expect(screen.getByRole("complementary", { name: "Publicité en surimpression" })).toBeVisible();
    expect(screen.getByRole("button", { name: "Fermer la publicité" })).toBeVisible();
  });
});

describe("the pulse", () => {
  const bodyPadding = () => document.body.style.paddingBottom;

  it("on a phone it ends the page in its own room: not fixed, over nothing, no room asked under it", () => {
    // jsdom has no ResizeObserver: the pulse counts as showing its nominal 200x120.
    render(
      <Themed>
        <main>content</main>
        <footer>footer</footer>
        <PulsePromo label="Advertisement" wide={false} />
      </Themed>,
    );
    const pulse = screen.getByRole("complementary", { name: "Advertisement" });
    expect(declaredByWidth(pulse, "position")).toEqual({ base: "", md: "fixed" });
    expect(getComputedStyle(pulse).height).toBe("120px");
    expect(pulse.previousElementSibling?.tagName).toBe("FOOTER");
    expect(bodyPadding()).toBe("");
  });

  it("from the md breakpoint it is fixed at the bottom-right corner, with room for it and its close button at the page's end", () => {
    render(
      <Themed>
        <PulsePromo label="Advertisement" wide />
      </Themed>,
    );
    expect(declaredByWidth(screen.getByRole("complementary"), "position")).toEqual({ base: "", md: "fixed" });
    expect(bodyPadding()).toBe("calc(120px + 2rem + 3rem)");
  });

  // Issue 44: fixed, it floats over the page as it scrolls; a visitor can take it away.
  it("from the md breakpoint a close button (keyboard too) takes it away, room and all, the focus back", async () => {
    const user = userEvent.setup();
    render(
      <Themed>
        <footer>
          <a href="/contact/">Contact</a>
        </footer>
        <PulsePromo label="Advertisement" wide />
      </Themed>,
    );
    const pulse = screen.getByRole("complementary", { name: "Advertisement" });
    const close = screen.getByRole("button", { name: "Close corner ad" });
    expect(pulse).toContainElement(close);
    // It comes before the ad in the box, so the room kept at the page's end covers it too.
    expect(close.nextElementSibling?.id).toBe("PulsePromoContainer");
    await user.tab();
    expect(screen.getByRole("link", { name: "Contact" })).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(screen.queryByRole("complementary")).toBeNull();
    expect(document.getElementById("PulsePromoContainer")).toBeNull();
    expect(bodyPadding()).toBe("");
    // The focus goes back where the keyboard came from, not to the top of the page.
    expect(screen.getByRole("link", { name: "Contact" })).toHaveFocus();
  });

  it("is named in French on a French site", () => {
    render(
      <Themed locale="fr-FR">
        <PulsePromo label="Publicité" wide />
      </Themed>,
    );
    expect(screen.getByRole("button", { name: "Fermer la publicité du coin" })).toBeVisible();
  });

  it("on a phone it has no close button (in the page's flow, it covers nothing)", () => {
    render(
      <Themed>
        <PulsePromo label="Advertisement" wide={false} />
      </Themed>,
    );
    expect(screen.queryByRole("button")).toBeNull();
  });

  describe("measured (ResizeObserver)", () => {
    let notify: (() => void) | null = null;
    beforeEach(() => {
      notify = null;
      window.ResizeObserver = class {
        constructor(callback: () => void) {
          notify = callback;
        }
        observe() {
          notify?.();
        }
        disconnect() {}
        unobserve() {}
      } as unknown as typeof ResizeObserver;
    });
    afterEach(() => {
      delete (window as Partial<typeof window>).ResizeObserver;
    });

    it("empty (nothing drawn): no button and no room; drawn: both, sized to the ad", async () => {
      render(
        <Themed>
          <PulsePromo label="Advertisement" wide />
        </Themed>,
      );
      expect(screen.queryByRole("button")).toBeNull();
      expect(bodyPadding()).toBe("");
      const slot = document.getElementById("PulsePromoContainer")!;
      jest.spyOn(slot, "getBoundingClientRect").mockReturnValue({ height: 250.4 } as DOMRect);
      await act(async () => notify?.());
      expect(screen.getByRole("button", { name: "Close corner ad" })).toBeVisible();
      expect(bodyPadding()).toBe("calc(251px + 2rem + 3rem)");
    });
  });
});
