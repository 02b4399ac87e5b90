import fc from "fast-check";
import { LOYALTY_ROUTES, buildRoute, matchRoute } from "../member/provider/routes";
import { handleCypherRequest } from "./cypher-proxy";

// Issue 4 bar: no generated route outside the allowlist ever reaches the upstream. A recording
// fetch stands in for the upstream; whatever reaches it must be a route of the table, sent with
// that route's method, under the configured upstream URL.
const UPSTREAM = "https://loyalty.example.test/api";
const logger = { warn: () => undefined, error: () => undefined };

const PARAM_VALUES: Record<string, string> = { email: "a@example.com", walletProvider: "AppleWallet" };
// One concrete request per table entry: every path parameter and required query key filled in.
const validRoutes = LOYALTY_ROUTES.map((route) => {
  const version = route.version === "any" ? 3 : route.version;
  const params = Object.fromEntries(
    [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1], PARAM_VALUES[m[1]!] ?? "LUM01"]),
  );
  const query = Object.fromEntries(route.query.filter((q) => q.required && !q.values).map((q) => [q.name, "x1"]));
  return {
    method: route.method,
    route: buildRoute(route.name as never, version, { params, query } as never, "Cypher"),
  };
});

const nasty = [
  "..",
  "%2e%2e",
  "%2F",
  "%5C",
  "\\",
  "//",
  "http://evil.test",
  "@evil.test",
  "?",
  "#",
  "%00",
  "\n",
  " ",
  ";",
  "%252e",
  "/./",
  "&",
  "=",
  "Cypher",
  "circuitId",
];
const routeLike = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc
    .array(fc.oneof(fc.constantFrom(...nasty, "/Member/", "/v3/", "Login", "GetMember"), fc.string({ maxLength: 4 })), {
      maxLength: 12,
    })
    .map((p) => p.join("")),
  fc.tuple(fc.constantFrom(...validRoutes), fc.constantFrom(...nasty), fc.nat()).map(([valid, junk, at]) => {
    const i = at % (valid.route.length + 1);
    return valid.route.slice(0, i) + junk + valid.route.slice(i);
  }),
);
const envelope = fc.record({
  method: fc.constantFrom("GET", "POST", "PUT", "DELETE", "get"),
  route: fc.oneof(routeLike, fc.constantFrom(...validRoutes.map((r) => r.route))),
});

describe("/api/cypher allowlist (property)", () => {
  it("only table routes, with their own method, ever reach the upstream", async () => {
    let reached: { method: string; url: string }[] = [];
    const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
      reached.push({ method: init?.method ?? "GET", url: String(input) });
      return new Response(JSON.stringify({ peachCode: 0 }), {
        status: 200,
        headers: { "Content-Type": "application/json" },
      });
    }) as typeof fetch;
    await fc.assert(
      fc.asyncProperty(envelope, async (reqMetadata) => {
        reached = [];
        await handleCypherRequest(
          { method: "POST", headers: { "content-type": "application/json" }, body: { reqMetadata } },
          { upstreamUrl: UPSTREAM, fetchImpl, logger },
        );
        return reached.every(({ method, url }) => {
          if (!url.startsWith(`${UPSTREAM}/`)) return false;
          const route = url.slice(UPSTREAM.length);
          return matchRoute(method, route, "Cypher").ok && method === reqMetadata.method;
        });
      }),
      { numRuns: 1500 },
    );
  });

  it("every table route does reach it (the property above is not vacuous)", async () => {
    let count = 0;
    const fetchImpl = (async () => {
      count += 1;
      return new Response(JSON.stringify({ peachCode: 0 }), {
        status: 200,
        headers: { "Content-Type": "application/json" },
      });
    }) as typeof fetch;
    for (const { method, route } of validRoutes) {
      await handleCypherRequest(
        { method: "POST", headers: { "content-type": "application/json" }, body: { reqMetadata: { method, route } } },
        { upstreamUrl: UPSTREAM, fetchImpl, logger, siteOrigin: "https://www.example.com" },
      );
    }
    expect(validRoutes).toHaveLength(LOYALTY_ROUTES.length);
    expect(count).toBe(validRoutes.length);
  });
});
