import { windowAt, type WindowShape } from "../test/host-window-fakes";
import { hostOriginHint, hostWindow, messageTargets } from "./host-window";

const HOSTS = ["https://caisse.example.com", "https://kiosque.example.com"];

const windowOf = (options: WindowShape) => windowAt("https://www.cinema.example", options);

describe("hostWindow", () => {
  const parent = {};
  const opener = {};
  it("is the parent when framed, else the opener, else null", () => {
    expect(hostWindow(windowOf({ parent, opener }))).toBe(parent);
    expect(hostWindow(windowOf({ opener }))).toBe(opener);
    expect(hostWindow(windowOf({}))).toBeNull();
  });
});

describe("hostOriginHint", () => {
  const parent = {};
  it.each<[string, Parameters<typeof windowOf>[0], string | null]>([
    [
      "the framing origin",
      { parent, ancestors: ["https://caisse.example.com"], referrer: "https://other.example/" },
      "https://caisse.example.com",
    ],
    [
      "the referrer's origin without ancestorOrigins",
      { parent, referrer: "https://caisse.example.com/till?x=1" },
      "https://caisse.example.com",
    ],
    ["the opener's page", { opener: {}, referrer: "https://caisse.example.com/" }, "https://caisse.example.com"],
    ["nothing known", { parent }, null],
    [
      "a referrer on the site itself (the frame navigated)",
      { parent, referrer: "https://www.cinema.example/films/" },
      null,
    ],
    ["a referrer that is not a URL", { parent, referrer: "not a url" }, null],
  ])("%s", (_label, options, expected) => {
    expect(hostOriginHint(windowOf(options))).toBe(expected);
  });
});

describe("messageTargets: never '*'", () => {
  it.each<[string | null, string[]]>([
    ["https://caisse.example.com", ["https://caisse.example.com"]],
    ["https://evil.example", []],
    [null, HOSTS],
  ])("host %s → %j", (hint, expected) => {
    expect(messageTargets(HOSTS, hint)).toEqual(expected);
  });

  it("targets nobody when nobody is allowed", () => {
    expect(messageTargets([], null)).toEqual([]);
  });
});
