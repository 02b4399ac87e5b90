// "On the first page of a visit" (spec §7): a visit is the tab's session, kept in sessionStorage;
// without storage, the page load.
import {
  INTERSTITIAL_SHOWN_KEY,
  forgetInterstitialShown,
  interstitialShownThisVisit,
  rememberInterstitialShown,
  type VisitStorage,
} from "./interstitial-visit";
import { REFUSING_STORAGE } from "../test/storage";

const memoryStorage = (): VisitStorage & { items: Map<string, string> } => {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
};

const refusing: VisitStorage = REFUSING_STORAGE;

afterEach(() => forgetInterstitialShown(null));

it("a new visit has not had it; once shown, the tab's session remembers it", () => {
  const tab = memoryStorage();
  expect(interstitialShownThisVisit(tab)).toBe(false);
  rememberInterstitialShown(tab);
  expect(tab.items.get(INTERSTITIAL_SHOWN_KEY)).toBe("1");
  expect(interstitialShownThisVisit(tab)).toBe(true);
});

it("a later page load of the same tab reads it from the session", () => {
  const tab = memoryStorage();
  tab.setItem(INTERSTITIAL_SHOWN_KEY, "1");
  expect(interstitialShownThisVisit(tab)).toBe(true);
});

it("where storage refuses, the page load remembers it", () => {
  expect(interstitialShownThisVisit(refusing)).toBe(false);
  expect(() => rememberInterstitialShown(refusing)).not.toThrow();
  expect(interstitialShownThisVisit(refusing)).toBe(true);
  expect(interstitialShownThisVisit(null)).toBe(true);
});

it("without a window (Node), no storage: nothing throws", () => {
  expect(interstitialShownThisVisit()).toBe(false);
  rememberInterstitialShown();
  expect(interstitialShownThisVisit()).toBe(true);
});
