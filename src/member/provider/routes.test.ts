import fc from "fast-check";
import {
  LOYALTY_ROUTES,
  MAX_ROUTE_LENGTH,
  RouteBuildError,
  buildRoute,
  findRoute,
  matchRoute,
  refreshHeaderName,
  sessionHeaderName,
  wireKey,
  type LoyaltyRoute,
  type LoyaltyRouteName,
  type QueryKeyName,
  type QueryValue,
  type RouteRejection,
} from "./routes";

const BRAND = "Cypher";

const SAMPLE_PARAMS: Record<string, string> = {
  circuitId: "LUM01",
  cinemaId: "0001",
  email: "jane.doe+films@example.com",
  walletProvider: "GoogleWallet",
  ticketId: "T-123.4",
};

const SAMPLE_QUERY: Record<QueryKeyName, QueryValue> = {
  circuitId: "LUM01",
  cinemaId: "0001",
  maxResults: 10,
  userSessionId: "session-1",
  emailAddress: "jane.doe+films@example.com",
  rootUrl: "https://www.example.com/",
  resetPasswordLink: "https://www.example.com/reset-password/?email=jane%40example.com&resetCode=",
  resetCode: "RC-42",
  memberId: "M 1/2",
  includeCards: true,
  cardNumber: "6001 0002",
  fullJwt: undefined,
};

function paramsOf(entry: LoyaltyRoute): Record<string, string> {
  const names = [...entry.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? "");
  return Object.fromEntries(names.map((name) => [name, SAMPLE_PARAMS[name] ?? "missing-sample"]));
}

function queryOf(entry: LoyaltyRoute, which: "all" | "required"): Partial<Record<QueryKeyName, QueryValue>> {
  return Object.fromEntries(
    entry.query.filter((q) => which === "all" || q.required).map((q) => [q.name, SAMPLE_QUERY[q.name]]),
  );
}

/** For table-driven tests over every route: the per-name parameter typing does not apply to a union of names. */
const buildAny = buildRoute as (
  name: LoyaltyRouteName,
  version: 1 | 3,
  args: { params: Record<string, string>; query: Partial<Record<QueryKeyName, QueryValue>> },
  brand: string,
) => string;

const versionOf = (entry: LoyaltyRoute): 1 | 3 => (entry.version === "any" ? 3 : entry.version);
const label = (entry: LoyaltyRoute) =>
  `${entry.name} (${entry.version === "any" ? "any version" : `v${entry.version}`}) ${entry.method} ${entry.path}`;
const sharesPath = (entry: LoyaltyRoute) =>
  LOYALTY_ROUTES.filter((r) => r.method === entry.method && r.path === entry.path).length > 1;

describe("the route table", () => {
  it("has one entry per name and version", () => {
    const keys = LOYALTY_ROUTES.map((r) => `${r.name}@${String(r.version)}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("never mixes a version-specific and an any-version entry under one name", () => {
    for (const entry of LOYALTY_ROUTES.filter((r) => r.version === "any")) {
      expect(LOYALTY_ROUTES.filter((r) => r.name === entry.name)).toHaveLength(1);
    }
  });

  it("marks the captcha routes of spec §5/§7, sign-up and member search (issue 43), and only those", () => {
    const captcha = LOYALTY_ROUTES.filter((r) => r.captchaAction).map((r) => [r.name, r.version, r.captchaAction]);
    expect(captcha).toEqual([
      ["login", 1, "login"],
      ["login", 3, "login"],
      ["giftCardBalance", "any", "giftcard_balance"],
      ["activateOnComplete", "any", "signup"],
      ["createMember", 1, "signup"],
      ["createMember", 3, "signup"],
      ["resetPasswordCode", 1, "password_reset"],
      ["resetPasswordCode", 3, "password_reset"],
      ["memberSearch", "any", "member_search"],
      ["sendMemberActivationCode", "any", "activation_code"],
      ["startRegistration", "any", "signup"],
    ]);
  });

  it("answers raw bytes for the wallet passes only", () => {
    expect(LOYALTY_ROUTES.filter((r) => r.responseFormat !== "json").map((r) => r.name)).toEqual([
      "loyaltyCardWalletPass",
      "eTicketWalletPass",
    ]);
  });

  it("sends the refresh header on the refresh routes only", () => {
    expect(LOYALTY_ROUTES.filter((r) => r.refreshHeader).map((r) => `${r.name}@${String(r.version)}`)).toEqual([
      "refresh@1",
      "refresh@3",
    ]);
  });

  it("shares a method and path between entries only where their query keys tell them apart", () => {
    const groups = new Map<string, string[]>();
    for (const r of LOYALTY_ROUTES) {
      const key = `${r.method} ${r.path}`;
      groups.set(key, [...(groups.get(key) ?? []), `${r.name}@${String(r.version)}`]);
    }
    expect([...groups.entries()].filter(([, entries]) => entries.length > 1)).toEqual([
      // §7 "Get reset code": "the v3 variant is the same with the {brand} ids".
      ["GET /Member/GetResetPasswordCode", ["resetPasswordCode@1", "resetPasswordCode@3"]],
      // The token check of §4 carries the circuit id; the plain v3 GetMember may not.
      ["GET /Member/v3/GetMember/", ["getMemberByToken@3", "getMember@3"]],
    ]);
  });

  it("spells the brand into headers and query keys in one place", () => {
    expect(sessionHeaderName("Boost")).toBe("Boost-Session-Token");
    expect(refreshHeaderName("Boost")).toBe("Boost-Refresh-Session-Token");
    expect(wireKey({ wire: "{brand}CircuitId" }, "Boost")).toBe("BoostCircuitId");
  });
});

describe.each(LOYALTY_ROUTES.map((entry) => [label(entry), entry] as const))("%s", (_label, entry) => {
  const name = entry.name as LoyaltyRouteName;
  it.each(["all", "required"] as const)("builds with %s query keys and matches itself", (which) => {
    const built = buildAny(name, versionOf(entry), { params: paramsOf(entry), query: queryOf(entry, which) }, BRAND);
    const match = matchRoute(entry.method, built, BRAND);
    if (!match.ok) throw new Error(`${built} refused: ${match.reason} ${match.detail}`);
    expect(match.route.method).toBe(entry.method);
    expect(match.route.path).toBe(entry.path);
    if (!sharesPath(entry)) expect(match.route).toBe(entry);
    expect(match.canonical).toBe(built);
    expect(match.params).toEqual(paramsOf(entry));
    for (const spec of entry.query) {
      const given = queryOf(entry, which)[spec.name];
      if (given !== undefined) expect(match.query[spec.name]).toBe(String(given));
    }
  });

  it("is refused with the other method", () => {
    const built = buildAny(
      name,
      versionOf(entry),
      { params: paramsOf(entry), query: queryOf(entry, "required") },
      BRAND,
    );
    const other = entry.method === "GET" ? "POST" : "GET";
    const match = matchRoute(other, built, BRAND);
    expect(match.ok).toBe(false);
    if (!match.ok) expect(match.reason).toBe("method_not_allowed");
  });
});

describe("buildRoute", () => {
  it.each<[string, () => string, string]>([
    [
      "v3 login with the branded circuit key",
      () => buildRoute("login", 3, { query: { circuitId: "LUM01" } }, "Cypher"),
      "/Member/v3/Login?CypherCircuitId=LUM01",
    ],
    [
      "v1 login with the plain circuit key",
      () => buildRoute("login", 1, { query: { circuitId: "LUM01" } }, "Cypher"),
      "/Member/Login?circuitId=LUM01",
    ],
    [
      "another brand",
      () => buildRoute("logout", 3, { query: { circuitId: "C1", cinemaId: "42" } }, "Boost"),
      "/Member/v3/Logout?BoostCircuitId=C1&BoostCinemaId=42",
    ],
    [
      "a path parameter and its trailing slash",
      () => buildRoute("membershipList", 1, { params: { cinemaId: "0001" }, query: { circuitId: "LUM01" } }, "Cypher"),
      "/Member/GetMembershipList/0001/?circuitId=LUM01",
    ],
    [
      "an e-mail in the path, encoded",
      () =>
        buildRoute(
          "usernameReminder",
          1,
          { params: { circuitId: "LUM01", email: "jane.doe+films@example.com" } },
          "Cypher",
        ),
      "/Member/UsernameReminder/LUM01/jane.doe%2Bfilms%40example.com",
    ],
    [
      "query values encoded",
      () =>
        buildRoute(
          "validateResetCode",
          1,
          { query: { circuitId: "C", cinemaId: "1", emailAddress: "a+b@example.com", resetCode: "x y&z" } },
          "Cypher",
        ),
      "/Member/ValidatePasswordResetCode?circuitId=C&cinemaId=1&emailAddress=a%2Bb%40example.com&resetCode=x%20y%26z",
    ],
    [
      "fixed values filled in",
      () =>
        buildRoute(
          "loyaltyCardWalletPass",
          3,
          { params: { walletProvider: "GoogleWallet", circuitId: "LUM01" }, query: { cardNumber: "6001" } },
          "Cypher",
        ),
      "/GoogleWallet/CreateLoyaltyCard/LUM01?cardNumber=6001&fullJwt=true",
    ],
    [
      "optional keys left out",
      () => buildRoute("orderHistory", 1, { query: { circuitId: "LUM01" } }, "Cypher"),
      "/Member/v2/OrderHistory?circuitId=LUM01",
    ],
    [
      "optional keys kept",
      () => buildRoute("orderHistory", 3, { query: { circuitId: "LUM01", maxResults: 5 } }, "Cypher"),
      "/Member/v3/OrderHistory?CypherCircuitId=LUM01&maxResults=5",
    ],
    [
      "a required key present but empty",
      () => buildRoute("deleteAccount", 3, { query: { circuitId: "LUM01", memberId: "" } }, "Cypher"),
      "/Member/v3/Delete/?CypherCircuitId=LUM01&memberId=",
    ],
    [
      "the v3 reset code with branded ids",
      () =>
        buildRoute(
          "resetPasswordCode",
          3,
          {
            query: {
              circuitId: "C",
              cinemaId: "1",
              emailAddress: "a@b.fr",
              rootUrl: "https://x.fr/",
              resetPasswordLink: "https://x.fr/r/",
            },
          },
          "Cypher",
        ),
      // §7: the v1 path; only the ids are branded.
      "/Member/GetResetPasswordCode?CypherCircuitId=C&CypherCinemaId=1&emailAddress=a%40b.fr&rootUrl=https%3A%2F%2Fx.fr%2F&resetPasswordLink=https%3A%2F%2Fx.fr%2Fr%2F",
    ],
    [
      "the token check of §4 (v3)",
      () => buildRoute("getMemberByToken", 3, { query: { circuitId: "LUM01", includeCards: true } }, "Cypher"),
      "/Member/v3/GetMember/?CypherCircuitId=LUM01&includeCards=true",
    ],
    [
      "single-variant routes at either version",
      () => buildRoute("rewards", 1, { query: { cinemaId: "0001" } }, "Cypher"),
      "/Member/v3/RewardsListing?CypherCinemaId=0001",
    ],
  ])("%s", (_what, build, expected) => {
    expect(build()).toBe(expected);
  });

  it.each<[string, () => string]>([
    [
      "a missing path parameter",
      () => buildRoute("membershipList", 1, { query: { circuitId: "C" } } as never, "Cypher"),
    ],
    [
      "an empty path parameter",
      () => buildRoute("membershipList", 1, { params: { cinemaId: "" }, query: { circuitId: "C" } }, "Cypher"),
    ],
    [
      "a path parameter with a slash",
      () => buildRoute("membershipList", 1, { params: { cinemaId: "../admin" }, query: { circuitId: "C" } }, "Cypher"),
    ],
    [
      "a dot-dot path parameter",
      () => buildRoute("membershipList", 1, { params: { cinemaId: ".." }, query: { circuitId: "C" } }, "Cypher"),
    ],
    [
      "a non-e-mail where an e-mail goes",
      () => buildRoute("usernameReminder", 1, { params: { circuitId: "C", email: "nobody" } }, "Cypher"),
    ],
    ["a missing required query key", () => buildRoute("login", 3, { query: {} }, "Cypher")],
    [
      "a key the route does not take",
      () => buildRoute("login", 3, { query: { circuitId: "C", memberId: "1" } }, "Cypher"),
    ],
    [
      "a value outside the allowed ones",
      () => buildRoute("getMemberByToken", 3, { query: { circuitId: "C", includeCards: "maybe" } }, "Cypher"),
    ],
    ["a control character", () => buildRoute("login", 3, { query: { circuitId: "C\r\nX" } }, "Cypher")],
    ["a brand that is not a plain name", () => buildRoute("login", 3, { query: { circuitId: "C" } }, "Cy pher")],
    [
      "a route beyond the length limit",
      () => buildRoute("login", 3, { query: { circuitId: "x".repeat(MAX_ROUTE_LENGTH) } }, "Cypher"),
    ],
    [
      "a route name with no variant at that version",
      () => buildRoute("validateToken", 3, { query: { circuitId: "C" } }, "Cypher"),
    ],
  ])("throws on %s", (_what, build) => {
    expect(build).toThrow(RouteBuildError);
  });

  it("types path parameters per route name", () => {
    const wrong = () =>
      // @ts-expect-error membershipList takes a cinemaId, not a circuitId, in its path
      buildRoute("membershipList", 1, { params: { circuitId: "C" }, query: { circuitId: "C" } }, "Cypher");
    expect(wrong).toThrow(RouteBuildError);
  });

  it("finds the version-specific variant first", () => {
    expect(findRoute("login", 1).path).toBe("/Member/Login");
    expect(findRoute("login", 3).path).toBe("/Member/v3/Login");
    expect(findRoute("getCards", 1).path).toBe("/Member/v3/GetCards");
  });
});

describe("matchRoute refuses", () => {
  const longRoute = `/Member/Login?circuitId=${"a".repeat(MAX_ROUTE_LENGTH)}`;
  it.each<[string, string, string, RouteRejection]>([
    ["an absolute URL", "POST", "http://evil/", "not_a_path"],
    ["an absolute URL to a real path", "POST", "https://evil.example/Member/Login?circuitId=x", "not_a_path"],
    ["a scheme-relative URL", "POST", "//evil", "not_a_path"],
    ["a scheme-relative URL to a real path", "POST", "//evil.example/Member/Login?circuitId=x", "not_a_path"],
    ["a relative path", "POST", "Member/Login?circuitId=x", "not_a_path"],
    ["a dot-dot segment", "POST", "/Member/../admin", "dot_segment"],
    ["a dot segment", "POST", "/Member/./Login?circuitId=x", "dot_segment"],
    ["a trailing dot-dot", "GET", "/Member/GetMembershipList/../?circuitId=x", "dot_segment"],
    ["an encoded dot-dot", "POST", "/Member/%2e%2e/x", "encoded_delimiter"],
    ["an encoded dot in upper case", "GET", "/Member/GetMembershipList/%2E%2E/?circuitId=x", "encoded_delimiter"],
    ["an encoded slash", "GET", "/Member/GetMembershipList/a%2Fb/?circuitId=x", "encoded_delimiter"],
    ["an encoded slash to climb", "GET", "/Member/UsernameReminder/LUM01/..%2F..%2Fadmin", "encoded_delimiter"],
    ["an encoded backslash", "GET", "/Member/GetMembershipList/%5C/?circuitId=x", "encoded_delimiter"],
    ["a double-encoded dot", "GET", "/Member/GetMembershipList/%252e%252e/?circuitId=x", "encoded_delimiter"],
    ["an encoded NUL", "GET", "/Member/GetMembershipList/a%00/?circuitId=x", "encoded_delimiter"],
    ["an encoded question mark", "GET", "/Member/GetMembershipList/a%3Fb/?circuitId=x", "encoded_delimiter"],
    ["an encoded non-ASCII letter", "GET", "/Member/GetMembershipList/%C3%A9/?circuitId=x", "encoded_delimiter"],
    ["a malformed escape in the path", "GET", "/Member/GetMembershipList/%zz/?circuitId=x", "bad_encoding"],
    ["a backslash", "POST", "/Member\\Login?circuitId=x", "forbidden_character"],
    ["a leading backslash pair", "POST", "\\\\evil/Member/Login", "forbidden_character"],
    ["a fragment", "POST", "/Member/Login?circuitId=x#top", "fragment"],
    ["a CR LF", "POST", "/Member/Login\r\nHost: evil?circuitId=x", "forbidden_character"],
    ["a tab", "POST", "/Member/Login?circuitId=\tx", "forbidden_character"],
    ["an encoded CR LF in a query value", "POST", "/Member/Login?circuitId=x%0D%0AHost:%20evil", "forbidden_character"],
    ["a space", "POST", "/Member/Login?circuitId=a b", "forbidden_character"],
    ["a non-ASCII character", "POST", "/Member/Lögin?circuitId=x", "forbidden_character"],
    ["a route that is too long", "POST", longRoute, "too_long"],
    ["an unknown path", "POST", "/Admin/DeleteEverything", "unknown_route"],
    ["a path in another case", "POST", "/member/login?circuitId=x", "unknown_route"],
    ["an escaped letter in a fixed segment", "POST", "/Member/%4Cogin?circuitId=x", "unknown_route"],
    ["an extra slash", "POST", "/Member//Login?circuitId=x", "unknown_route"],
    ["a missing trailing slash", "GET", "/Member/GetMembershipList/0001?circuitId=x", "unknown_route"],
    ["a lower-case method", "post", "/Member/Login?circuitId=x", "method_not_allowed"],
    ["the wrong method", "GET", "/Member/Login?circuitId=x", "method_not_allowed"],
    ["an unknown query key", "POST", "/Member/Login?circuitId=x&admin=1", "unknown_query_key"],
    ["a v1 key on a v3 route", "POST", "/Member/v3/Login?circuitId=x", "unknown_query_key"],
    ["another brand's key", "POST", "/Member/v3/Login?BoostCircuitId=x", "unknown_query_key"],
    ["an escaped query key", "POST", "/Member/Login?circuit%49d=x", "unknown_query_key"],
    ["a duplicate query key", "POST", "/Member/Login?circuitId=x&circuitId=y", "duplicate_query_key"],
    ["a missing required key", "POST", "/Member/Login", "missing_query_key"],
    ["a missing second required key", "POST", "/Member/v3/Logout?CypherCircuitId=x", "missing_query_key"],
    ["a key without a value", "POST", "/Member/Login?circuitId", "malformed_query"],
    ["an empty pair", "POST", "/Member/Login?circuitId=x&", "malformed_query"],
    ["a second question mark", "POST", "/Member/Login?circuitId=x?y=1", "malformed_query"],
    ["a raw plus in a value", "POST", "/Member/Login?circuitId=a+b", "bad_query_value"],
    ["a value outside the allowed ones", "GET", "/Member/v3/GetMember/?includeCards=maybe", "bad_query_value"],
    [
      "a wrong fixed value",
      "GET",
      "/GoogleWallet/CreateLoyaltyCard/LUM01?cardNumber=1&fullJwt=false",
      "bad_query_value",
    ],
    ["a malformed escape in a value", "POST", "/Member/Login?circuitId=%zz", "bad_encoding"],
    ["a truncated UTF-8 escape in a value", "POST", "/Member/Login?circuitId=%E2%82", "bad_encoding"],
    ["a parameter with characters ids never have", "GET", "/Member/GetMembershipList/a$b/?circuitId=x", "bad_param"],
    ["a non-e-mail where an e-mail goes", "GET", "/Member/UsernameReminder/LUM01/not-an-email", "bad_param"],
    [
      "a wallet provider with punctuation",
      "GET",
      "/Google-Wallet/CreateLoyaltyCard/LUM01?cardNumber=1&fullJwt=true",
      "bad_param",
    ],
  ])("%s", (_what, method, route, reason) => {
    const match = matchRoute(method, route, BRAND);
    expect(match.ok).toBe(false);
    if (!match.ok) expect(match.reason).toBe(reason);
  });

  it("a brand that is not a plain name", () => {
    const match = matchRoute("POST", "/Member/v3/Login?x-y=1", "x-");
    expect(match).toMatchObject({ ok: false, reason: "bad_brand" });
  });

  it("accepts an e-mail whose @ and + were not encoded, and forwards the canonical form", () => {
    const match = matchRoute("GET", "/Member/UsernameReminder/LUM01/jane+films@example.com", BRAND);
    expect(match).toMatchObject({
      ok: true,
      params: { email: "jane+films@example.com" },
      canonical: "/Member/UsernameReminder/LUM01/jane%2Bfilms%40example.com",
    });
  });

  it("puts query keys back in table order in the canonical form", () => {
    const match = matchRoute("POST", "/Member/v3/Logout?CypherCinemaId=1&CypherCircuitId=C", BRAND);
    expect(match).toMatchObject({ ok: true, canonical: "/Member/v3/Logout?CypherCircuitId=C&CypherCinemaId=1" });
  });

  it("reads a route with the circuit id as the v3 token check, without it as the plain v3 GetMember", () => {
    expect(matchRoute("GET", "/Member/v3/GetMember/?CypherCircuitId=C", BRAND)).toMatchObject({
      ok: true,
      route: { name: "getMemberByToken" },
    });
    expect(matchRoute("GET", "/Member/v3/GetMember/", BRAND)).toMatchObject({
      ok: true,
      route: { name: "getMember", version: 3 },
    });
  });
});

describe("matchRoute on the shared reset-code path (§7: the v3 variant is the same with the {brand} ids)", () => {
  const PATH = "/Member/GetResetPasswordCode";
  const rest = "emailAddress=a&rootUrl=b&resetPasswordLink=c";

  it.each<[string, string, 1 | 3]>([
    ["plain ids read as v1", `circuitId=C&cinemaId=1&${rest}`, 1],
    ["branded ids read as v3", `CypherCircuitId=C&CypherCinemaId=1&${rest}`, 3],
    ["branded ids in another order still read as v3", `${rest}&CypherCinemaId=1&CypherCircuitId=C`, 3],
  ])("%s", (_what, query, version) => {
    const match = matchRoute("GET", `${PATH}?${query}`, BRAND);
    expect(match).toMatchObject({ ok: true, route: { name: "resetPasswordCode", version } });
    if (match.ok) expect(match.route).toBe(findRoute("resetPasswordCode", version));
  });

  it.each([1, 3] as const)("what the v%s client builds reaches its own entry, on the one path", (version) => {
    const built = buildRoute(
      "resetPasswordCode",
      version,
      { query: { circuitId: "C", cinemaId: "1", emailAddress: "a", rootUrl: "b", resetPasswordLink: "c" } },
      BRAND,
    );
    expect(built.startsWith(`${PATH}?`)).toBe(true);
    const match = matchRoute("GET", built, BRAND);
    expect(match).toMatchObject({ ok: true, canonical: built });
    if (match.ok) expect(match.route).toBe(findRoute("resetPasswordCode", version));
  });

  it.each<[string, string, RouteRejection]>([
    ["a plain and a branded id mixed", `${PATH}?circuitId=C&CypherCinemaId=1&${rest}`, "unknown_query_key"],
    [
      "both id sets at once",
      `${PATH}?circuitId=C&cinemaId=1&CypherCircuitId=C&CypherCinemaId=1&${rest}`,
      "unknown_query_key",
    ],
    ["another brand's ids", `${PATH}?BoostCircuitId=C&BoostCinemaId=1&${rest}`, "unknown_query_key"],
    ["a key neither variant takes", `${PATH}?circuitId=C&cinemaId=1&${rest}&memberId=1`, "unknown_query_key"],
    ["no ids at all", `${PATH}?${rest}`, "missing_query_key"],
    ["plain ids without the link", `${PATH}?circuitId=C&cinemaId=1&emailAddress=a&rootUrl=b`, "missing_query_key"],
    [
      "the path under /v3/, which §7 does not list",
      `/Member/v3/GetResetPasswordCode?CypherCircuitId=C&CypherCinemaId=1&${rest}`,
      "unknown_route",
    ],
  ])("refuses %s", (_what, route, reason) => {
    expect(matchRoute("GET", route, BRAND)).toMatchObject({ ok: false, reason });
  });
});

describe("matchRoute on arbitrary input", () => {
  const nasty = [
    "/",
    "%",
    ".",
    "?",
    "&",
    "=",
    "#",
    "\\",
    "+",
    "@",
    ":",
    "..",
    "%2e",
    "%2F",
    "%5c",
    "%25",
    "%00",
    "\r",
    "\u0000",
    "é",
    "//",
    "a",
    "Z",
    "9",
  ];
  const routeLike = fc
    .array(
      fc.oneof(fc.constantFrom(...nasty, "/Member/", "/v3/", "Login", "circuitId="), fc.string({ maxLength: 3 })),
      { maxLength: 40 },
    )
    .map((parts) => parts.join(""));
  const validRoutes = LOYALTY_ROUTES.map(
    (entry) =>
      [
        entry.method,
        buildAny(
          entry.name as LoyaltyRouteName,
          versionOf(entry),
          { params: paramsOf(entry), query: queryOf(entry, "all") },
          BRAND,
        ),
      ] as const,
  );
  // A valid route with something spliced in: most such routes are refused, some still match.
  const mutated = fc
    .tuple(fc.constantFrom(...validRoutes), fc.nat(), fc.constantFrom(...nasty), fc.boolean())
    .map(([[method, route], at, insert, replace]) => {
      const i = at % (route.length + 1);
      return [method, route.slice(0, i) + insert + route.slice(replace ? i + 1 : i)] as const;
    });
  const anyInput = fc.oneof(fc.tuple(fc.constantFrom("GET", "POST"), fc.oneof(routeLike, fc.string())), mutated);

  it("never lets through a route whose canonical form could climb, smuggle or leave the host", () => {
    let accepted = 0;
    fc.assert(
      fc.property(anyInput, ([method, route]) => {
        const match = matchRoute(method, route, BRAND);
        if (!match.ok) return;
        accepted += 1;
        const path = match.canonical.split("?")[0] ?? "";
        expect(match.canonical.startsWith("/")).toBe(true);
        expect(match.canonical.startsWith("//")).toBe(false);
        expect(path.split("/")).not.toContain("..");
        expect(path.split("/")).not.toContain(".");
        expect(path).not.toMatch(/%2e|%2f|%5c|%25/i);
        expect(match.canonical).not.toMatch(/[\\#\s\u0000-\u001f]/);
        // The canonical form is a fixed point: the proxy forwards exactly what it would accept.
        expect(matchRoute(method, match.canonical, BRAND)).toMatchObject({
          ok: true,
          canonical: match.canonical,
          route: match.route,
        });
      }),
      { numRuns: 5000 },
    );
    expect(accepted).toBeGreaterThan(50);
  });
});
