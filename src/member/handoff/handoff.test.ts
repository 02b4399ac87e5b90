import {
  handoffTarget,
  invalidTokenPath,
  isSafeReturnPath,
  planHandoff,
  returnRefusal,
  type HandoffInput,
} from "./handoff";
import { member, v1Session, v3Session } from "../../test/loyalty-fakes";

const now = new Date("2026-06-01T00:00:00Z");
const base: HandoffInput = {
  session: v3Session,
  member,
  config: { allowExpiredAccountsLogin: false },
  ticketingUrl: "https://tickets.example.com",
  returnPath: "/startticketing/LUM01",
  now,
};
const expired = { ...member, expiresAt: "2026-01-01T00:00:00Z" };

describe("planHandoff (spec §4 preconditions)", () => {
  it.each<[string, Partial<HandoffInput>, ReturnType<typeof planHandoff>]>([
    ["v3 member with a return path", {}, { version: 3 }],
    ["v1 member", { session: v1Session }, { version: 1 }],
    ["no session", { session: null, member: null }, "none"],
    ["member not visible", { member: null }, "none"],
    ["empty token", { session: { ...v3Session, token: "" } }, "none"],
    ["no return parameter", { returnPath: null }, "none"],
    ["empty return parameter", { returnPath: "" }, "none"],
    ["no ticketing URL", { ticketingUrl: "" }, "none"],
    ["ticketing URL not http(s)", { ticketingUrl: "javascript:alert(1)" }, "none"],
    ["v1 expired, not allowed", { session: { ...v1Session, member: expired }, member: expired }, "none"],
    [
      "v1 expired, allowed",
      { session: { ...v1Session, member: expired }, member: expired, config: { allowExpiredAccountsLogin: true } },
      { version: 1 },
    ],
    ["hostile return", { returnPath: "//evil.example" }, "none"],
  ])("%s", (_name, overrides, expected) => {
    expect(planHandoff({ ...base, ...overrides })).toEqual(expected);
  });
});

describe("isSafeReturnPath (never an open redirect)", () => {
  it.each(["/", "/startticketing/LUM01", "/giftcards?x=1", "/a#b", "/films/%C3%A9t%C3%A9"])("accepts %s", (path) => {
    expect(isSafeReturnPath(path)).toBe(true);
  });
  it.each([
    "",
    "startticketing",
    "//evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "https://evil.example/",
    "javascript:alert(1)",
    "/\t/evil.example",
    "/ /evil.example",
    "/\n/evil.example",
    "/%2F/evil.example",
    "/%5cevil.example",
    "/a\\b",
    `/${"a".repeat(3000)}`,
    // Issue 43: out of the cinema's path on a shared ticketing host.
    "/../other-tenant/collect",
    "/%2E%2E/other-tenant/collect",
    "/a/%2e./b",
    "/a/./b",
    "/a%2Fb",
    "/a/%5C..",
  ])("refuses %j", (path) => {
    expect(isSafeReturnPath(path)).toBe(false);
  });
});

describe("handoffTarget (spec §7)", () => {
  const input = {
    ticketingUrl: "https://tickets.example.com",
    returnPath: "/startticketing/LUM01",
    tokenParam: "boostToken",
    token: "t/k=1",
  };

  it.each([
    [
      "v1: GET with the token as a query parameter",
      "/startticketing/LUM01",
      "https://tickets.example.com/startticketing/LUM01?boostToken=t%2Fk%3D1",
    ],
    [
      "v1: appends with & when return already has a query",
      "/book?perf=12",
      "https://tickets.example.com/book?perf=12&boostToken=t%2Fk%3D1",
    ],
    [
      "v1: appends with & when return already has a query, before any fragment",
      "/book?perf=12#seats",
      "https://tickets.example.com/book?perf=12&boostToken=t%2Fk%3D1#seats",
    ],
    [
      "the member's own token replaces one the return path came with",
      "/book?boostToken=someone-else",
      "https://tickets.example.com/book?boostToken=t%2Fk%3D1",
    ],
  ])("%s (%s)", (_case, returnPath, url) => {
    expect(handoffTarget({ version: 1 }, { ...input, returnPath })).toEqual({ method: "GET", url });
  });

  it.each<[string, 1 | 3, string | null, object]>([
    [
      "v1 carries requestData as a query parameter",
      1,
      "abc=1&x",
      { url: "https://tickets.example.com/startticketing/LUM01?requestData=abc%3D1%26x&boostToken=t%2Fk%3D1" },
    ],
    [
      "v3 carries requestData as a hidden field",
      3,
      "abc=1&x",
      {
        fields: [
          ["boostToken", "t/k=1"],
          ["requestData", "abc=1&x"],
        ],
      },
    ],
    ["no requestData, nothing added", 3, null, { fields: [["boostToken", "t/k=1"]] }],
    [
      "an over-long requestData is dropped",
      1,
      "x".repeat(2049),
      { url: "https://tickets.example.com/startticketing/LUM01?boostToken=t%2Fk%3D1" },
    ],
  ])("spec §2 requestData: %s", (_case, version, requestData, expected) => {
    expect(handoffTarget({ version }, { ...input, requestData })).toMatchObject(expected);
  });

  it("a trailing slash on the ticketing URL does not double", () => {
    expect(handoffTarget({ version: 3 }, { ...input, ticketingUrl: "https://tickets.example.com/" })).toEqual({
      method: "POST",
      action: "https://tickets.example.com/startticketing/LUM01",
      fields: [["boostToken", "t/k=1"]],
    });
  });

  // Issue 43: the hand-off of /?return=%2F..%2F..%2Fother-tenant%2Fcollect went to another tenant's
  // path on a shared ticketing host, with the member's token.
  it.each([
    ["/../../other-tenant/collect?x=1", "outside"],
    ["/%2e%2e/other-tenant/collect", "outside"],
    ["/lumiere/../other-tenant", "outside"],
    ["/book?next=/../x", null],
    ["/book", null],
  ] as const)("under a ticketing URL with a path, return %j → refusal %p", (returnPath, refusal) => {
    const ticketingUrl = "https://shared-ticketing.example.com/lumiere";
    expect(returnRefusal(ticketingUrl, returnPath)).toBe(refusal);
    expect(handoffTarget({ version: 3 }, { ...input, ticketingUrl, returnPath }) === null).toBe(refusal !== null);
  });

  it("no refusal to tell without a return, or without a ticketing URL", () => {
    expect(returnRefusal("https://tickets.example.com", null)).toBeNull();
    expect(returnRefusal("", "/../x")).toBeNull();
  });

  it("keeps a base path of the ticketing URL", () => {
    expect(handoffTarget({ version: 3 }, { ...input, ticketingUrl: "https://example.com/tickets" })).toMatchObject({
      action: "https://example.com/tickets/startticketing/LUM01",
    });
  });

  it.each(["//evil.example", "/\\evil.example", "https://evil.example", "@evil.example", null])(
    "refuses return %j",
    (returnPath) => {
      expect(handoffTarget({ version: 1 }, { ...input, returnPath })).toBeNull();
      expect(handoffTarget({ version: 3 }, { ...input, returnPath })).toBeNull();
    },
  );

  it("no target for 'none' or without a token", () => {
    expect(handoffTarget("none", input)).toBeNull();
    expect(handoffTarget({ version: 1 }, { ...input, token: "" })).toBeNull();
  });
});

describe("invalidTokenPath (spec §4 validation failure)", () => {
  it.each([
    ["connexion", "?return=%2Fgiftcards", "/connexion/?return=%2Fgiftcards"],
    ["/connexion/", "return=/x", "/connexion/?return=/x"],
    ["", "?a=1", "/?a=1"],
    [null, "", "/"],
    ["login", "", "/login/"],
  ])("%j + %j → %s", (slug, search, expected) => {
    expect(invalidTokenPath(slug, search)).toBe(expected);
  });
});
