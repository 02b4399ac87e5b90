import { isUtmParam, ticketingBase, utmParams, withQueryParameter } from "./ticketing";
import { itReturns } from "../test/tables";

describe("spec §7: the member's token on a ticketing URL", () => {
  it.each<[string, string, "keep" | "replace", string]>([
    ["no query", "https://t.example/startticketing/LUM01", "keep", "https://t.example/startticketing/LUM01?tk=a%2Fb"],
    ["a query", "https://t.example/book?perf=12", "keep", "https://t.example/book?perf=12&tk=a%2Fb"],
    ["a fragment", "https://t.example/book?perf=12#seats", "keep", "https://t.example/book?perf=12&tk=a%2Fb#seats"],
    ["a bare '?'", "https://t.example/book?", "keep", "https://t.example/book?tk=a%2Fb"],
    ["a trailing '&'", "https://t.example/book?perf=1&", "keep", "https://t.example/book?perf=1&tk=a%2Fb"],
    ["the parameter already there (links keep it)", "https://t.example/b?tk=old", "keep", "https://t.example/b?tk=old"],
    [
      "the parameter already there (the hand-off replaces it)",
      "https://t.example/b?tk=old&perf=2#x",
      "replace",
      "https://t.example/b?perf=2&tk=a%2Fb#x",
    ],
    [
      "the rest of the query left as written",
      "https://t.example/b?q=a+b&r=%C3%A9",
      "keep",
      "https://t.example/b?q=a+b&r=%C3%A9&tk=a%2Fb",
    ],
  ])("%s", (_case, href, mode, expected) => {
    expect(withQueryParameter(href, "tk", "a/b", mode)).toBe(expected);
  });
});

describe("spec §7: only utm_* parameters travel", () => {
  itReturns(
    isUtmParam,
    [
      ["utm_source", true],
      ["UTM_Campaign", true],
      ["utm", false],
      ["token", false],
      ["xutm_source", false],
    ],
    "%s → %s",
  );

  it("keeps them in order, drops the rest", () => {
    expect(utmParams("?a=1&utm_source=mail&b=2&utm_medium=x")).toEqual([
      ["utm_source", "mail"],
      ["utm_medium", "x"],
    ]);
  });

  it.each(["", "?", "?a=1"])("a query %j has none", (search) => {
    expect(utmParams(search)).toEqual([]);
  });
});

describe("the ticketing service's base URL", () => {
  it.each<[string, string | null]>([
    ["https://tickets.example.com", "https://tickets.example.com/"],
    ["http://127.0.0.1:9410/ticketing", "http://127.0.0.1:9410/ticketing"],
    ["", null],
    ["javascript:alert(1)", null],
    ["not a url", null],
  ])("%s", (url, expected) => {
    expect(ticketingBase(url)?.href ?? null).toBe(expected);
  });
});
