/** @jest-environment jsdom */
import { FRAGMENT_FOCUS_FALLBACK_MS, focusFragment, focusFragmentAfterNavigation } from "./fragments";

beforeEach(() => {
  jest.useFakeTimers();
  document.body.innerHTML = `
    <div id="gatsby-focus-wrapper" tabindex="-1">
      <a href="#tarifs" id="link">Tarifs</a>
      <section id="tarifs"><h2>Tarifs</h2><a href="/films/" id="after">Films</a></section>
      <section id="accès-plan">Plan</section>
    </div>`;
});
afterEach(() => jest.useRealTimers());

const byId = (id: string) => document.getElementById(id)!;

describe("focusFragment (spec §2: a #fragment link moves keyboard focus)", () => {
  it.each([
    ["a section gets tabindex -1 and focus", "tarifs", true, "-1"],
    ["an id with an accent", "accès-plan", true, "-1"],
    ["an unknown id changes nothing", "nowhere", false, null],
    ["an empty id changes nothing", "", false, null],
  ])("%s", (_case, id, found, tabindex) => {
    expect(focusFragment(id)).toBe(found);
    if (found) {
      expect(document.activeElement).toBe(byId(id));
      expect(byId(id).getAttribute("tabindex")).toBe(tabindex);
    } else expect(document.activeElement).toBe(document.body);
  });

  it("a focusable element keeps its own tab order", () => {
    focusFragment("after");
    expect(document.activeElement).toBe(byId("after"));
    expect(byId("after").hasAttribute("tabindex")).toBe(false);
  });
});

describe("focusFragmentAfterNavigation", () => {
  it("focuses the fragment once the router has focused its page wrapper", () => {
    focusFragmentAfterNavigation("#tarifs");
    byId("gatsby-focus-wrapper").focus();
    expect(document.activeElement).toBe(byId("tarifs"));
  });

  it("focuses the fragment after the fallback delay when the router moves no focus", () => {
    focusFragmentAfterNavigation("#tarifs");
    jest.advanceTimersByTime(FRAGMENT_FOCUS_FALLBACK_MS - 1);
    expect(document.activeElement).toBe(document.body);
    jest.advanceTimersByTime(1);
    expect(document.activeElement).toBe(byId("tarifs"));
  });

  it("decodes the hash", () => {
    focusFragmentAfterNavigation(`#${encodeURIComponent("accès-plan")}`);
    jest.advanceTimersByTime(FRAGMENT_FOCUS_FALLBACK_MS);
    expect(document.activeElement).toBe(byId("accès-plan"));
  });

  it("leaves focus alone when the same-page link already focused the fragment, even after a quick Tab", () => {
    focusFragment("tarifs");
    focusFragmentAfterNavigation("#tarifs");
    byId("after").focus(); // the visitor's next Tab
    jest.advanceTimersByTime(FRAGMENT_FOCUS_FALLBACK_MS * 2);
    expect(document.activeElement).toBe(byId("after"));
  });

  it.each([
    ["a key", () => document.dispatchEvent(new KeyboardEvent("keydown", { key: "Tab", bubbles: true }))],
    ["the pointer", () => document.dispatchEvent(new Event("pointerdown", { bubbles: true }))],
  ])("takes nothing back from a visitor who pressed %s before it acted", (_input, press) => {
    focusFragmentAfterNavigation("#tarifs");
    press();
    byId("link").focus();
    byId("gatsby-focus-wrapper").focus();
    jest.advanceTimersByTime(FRAGMENT_FOCUS_FALLBACK_MS * 2);
    expect(document.activeElement).toBe(byId("gatsby-focus-wrapper"));
  });

  it("another element's focus (a menu giving focus back) does not cancel it", () => {
    focusFragmentAfterNavigation("#tarifs");
    byId("link").focus();
    jest.advanceTimersByTime(FRAGMENT_FOCUS_FALLBACK_MS);
    expect(document.activeElement).toBe(byId("tarifs"));
  });

  it.each([["#"], ["#%E0%A4%A"], ["#nowhere"]])("%s: nothing to focus, nothing thrown", (hash) => {
    const cancel = focusFragmentAfterNavigation(hash);
    jest.advanceTimersByTime(FRAGMENT_FOCUS_FALLBACK_MS);
    expect(document.activeElement).toBe(document.body);
    cancel();
  });

  it("cancelled, it does nothing", () => {
    focusFragmentAfterNavigation("#tarifs")();
    byId("gatsby-focus-wrapper").focus();
    jest.advanceTimersByTime(FRAGMENT_FOCUS_FALLBACK_MS);
    expect(document.activeElement).toBe(byId("gatsby-focus-wrapper"));
  });
});
