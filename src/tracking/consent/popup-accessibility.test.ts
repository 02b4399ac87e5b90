/** @jest-environment jsdom */
import { POPUP_POLL_MS, fixPreferencesPopup, popupImageAltText, watchPreferencesPopup } from "./popup-accessibility";

/** Didomi's preferences popup as the stand-in draws it: the provider's logo first, in a link. */
function drawPopup(): HTMLElement {
  document.body.innerHTML = `
    <div id="didomi-host">
      <div id="didomi-popup" role="dialog">
        <a class="didomi-powered-by" href="https://www.didomi.io/" target="_blank"><img src="/logo.svg"></a>
        <p>Vos choix</p>
        <button type="button" id="disagree">Tout refuser</button>
        <button type="button" id="agree">Tout accepter</button>
      </div>
    </div>`;
  const logo = document.querySelector<HTMLAnchorElement>(".didomi-powered-by")!;
  logo.focus();
  return document.getElementById("didomi-popup")!;
}

describe("popupImageAltText (spec §8)", () => {
  it.each([
    ["en-US", "Privacy management by Didomi - open in a new tab"],
    ["fr-FR", "Gestion de la confidentialité par Didomi - s'ouvre dans un nouvel onglet"],
  ] as const)("%s: %s", (locale, text) => {
    expect(popupImageAltText(locale)).toBe(text);
  });
});

describe("fixPreferencesPopup", () => {
  it("gives the image its text alternative and moves focus to the next button", () => {
    const popup = drawPopup();
    expect(fixPreferencesPopup(popup, "Privacy management by Didomi - open in a new tab")).toBe(true);
    expect(popup.querySelector("img")!.getAttribute("alt")).toBe("Privacy management by Didomi - open in a new tab");
    expect(document.activeElement?.id).toBe("disagree");
  });

  it("a second pass over a fixed popup changes nothing (focus stays where the visitor put it)", () => {
    const popup = drawPopup();
    fixPreferencesPopup(popup, "alt");
    document.getElementById("agree")!.focus();
    expect(fixPreferencesPopup(popup, "alt")).toBe(false);
    expect(document.activeElement?.id).toBe("agree");
  });

  it("an image that already has a text alternative is left alone", () => {
    const popup = drawPopup();
    popup.querySelector("img")!.setAttribute("alt", "Didomi");
    expect(fixPreferencesPopup(popup, "alt")).toBe(false);
    expect(popup.querySelector("img")!.getAttribute("alt")).toBe("Didomi");
  });

  it("moves focus to a following link when no button follows", () => {
    document.body.innerHTML = `<div id="didomi-popup"><img src="/x.svg"><a href="/privacy">Politique</a></div>`;
    fixPreferencesPopup(document.getElementById("didomi-popup")!, "alt");
    expect(document.activeElement?.textContent).toBe("Politique");
  });
});

describe("watchPreferencesPopup: polled every 500 ms while shown", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it("fixes the popup on the next poll, and stops polling once it is hidden", () => {
    const watch = watchPreferencesPopup({ altText: "alt" });
    watch.shown();
    const popup = drawPopup();
    jest.advanceTimersByTime(POPUP_POLL_MS - 1);
    expect(popup.querySelector("img")!.hasAttribute("alt")).toBe(false);
    jest.advanceTimersByTime(1);
    expect(popup.querySelector("img")!.getAttribute("alt")).toBe("alt");

    watch.hidden();
    const redrawn = drawPopup();
    jest.advanceTimersByTime(POPUP_POLL_MS * 4);
    expect(redrawn.querySelector("img")!.hasAttribute("alt")).toBe(false);
  });

  it("a popup redrawn while shown is fixed again", () => {
    const watch = watchPreferencesPopup({ altText: "alt" });
    watch.shown();
    drawPopup();
    jest.advanceTimersByTime(POPUP_POLL_MS);
    const redrawn = drawPopup();
    jest.advanceTimersByTime(POPUP_POLL_MS);
    expect(redrawn.querySelector("img")!.getAttribute("alt")).toBe("alt");
    watch.hidden();
  });

  it("shown twice keeps one timer", () => {
    const schedule = jest.fn(() => 1);
    const watch = watchPreferencesPopup({ altText: "alt", schedule, cancel: () => undefined });
    watch.shown();
    watch.shown();
    expect(schedule).toHaveBeenCalledTimes(1);
    expect(schedule).toHaveBeenCalledWith(expect.any(Function), 500);
  });
});
