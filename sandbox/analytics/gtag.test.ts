/** @jest-environment jsdom */
// The gtag.js stand-in in a DOM: what it sends for the calls the GA4 plugin makes.
import { GTAG_JS } from "./standin";

type W = Window & Record<string, unknown> & { ga4DataLayer?: unknown[] };
const win = window as unknown as W;
const sent: URL[] = [];

/** As the GA4 plugin defines it: pushes its `arguments` object onto the data layer. */
const gtag = function (this: unknown) {
  // eslint-disable-next-line prefer-rest-params
  win.ga4DataLayer!.push(arguments);
} as unknown as (...args: unknown[]) => void;

function loadGtag() {
  Object.defineProperty(document, "currentScript", {
    configurable: true,
    value: { src: "http://sandbox.test/__ga/gtag/js?id=G-ONE&l=ga4DataLayer" },
  });
  new Function(GTAG_JS)();
}

beforeEach(() => {
  sent.length = 0;
  win.ga4DataLayer = [];
  delete win["ga-disable-G-ONE"];
  document.cookie = "_ga=; max-age=0; path=/";
  Object.defineProperty(navigator, "sendBeacon", {
    configurable: true,
    value: (url: string) => {
      sent.push(new URL(url));
      return true;
    },
  });
});

it("config without page view, then events to every configured id, with the options it was given", () => {
  gtag("js", new Date());
  gtag("config", "G-ONE", {
    send_page_view: false,
    anonymize_ip: true,
    server_container_url: "http://collect.test/ga",
  });
  loadGtag();
  gtag("config", "G-TWO", { send_page_view: false });
  gtag("event", "page_view", { page_location: "http://site.test/films/", page_title: "Films", page_path: "/films/" });
  expect(sent.map((u) => `${u.origin}${u.pathname} ${u.searchParams.get("tid")} ${u.searchParams.get("en")}`)).toEqual([
    "http://collect.test/ga/g/collect G-ONE page_view",
    "http://sandbox.test/__ga/g/collect G-TWO page_view",
  ]);
  expect(sent[0]!.searchParams.get("aip")).toBe("1");
  expect(sent[0]!.searchParams.get("dl")).toBe("http://site.test/films/");
  expect(sent[0]!.searchParams.get("ep.page_path")).toBe("/films/");
  expect(sent[1]!.searchParams.has("aip")).toBe(false);
});

it("config sends a page view unless send_page_view is false", () => {
  loadGtag();
  gtag("config", "G-ONE", {});
  expect(sent.map((u) => u.searchParams.get("en"))).toEqual(["page_view"]);
});

it("sends nothing for an id whose ga-disable flag is set", () => {
  loadGtag();
  gtag("config", "G-ONE", { send_page_view: false });
  win["ga-disable-G-ONE"] = true;
  gtag("event", "click", { category: "Navigation" });
  expect(sent).toEqual([]);
});

it("the _ga cookie: one client id for every hit, not rewritten when cookie_update is false", () => {
  loadGtag();
  gtag("config", "G-ONE", { send_page_view: false, cookie_update: false, cookie_expires: 34_164_000 });
  const first = document.cookie;
  gtag("config", "G-ONE", { send_page_view: false, cookie_update: false, cookie_expires: 34_164_000 });
  gtag("event", "a", {});
  expect(document.cookie).toBe(first);
  expect(first).toMatch(/_ga=GA1\.1\.\d+\.\d+/);
  expect(sent[0]!.searchParams.get("cid")).toBe(first.replace(/.*_ga=GA1\.1\./, ""));
});
