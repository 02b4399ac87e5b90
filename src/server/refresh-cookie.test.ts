import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { buildRoute } from "../member/provider/routes";
import { handleCypherRequest, type CypherProxyDeps, type CypherProxyRequest } from "./cypher-proxy";
import { createRefreshReplay } from "./refresh-replay";
import {
  REFRESH_COOKIE,
  clearedRefreshCookie,
  readRefreshCookie,
  refreshCookie,
  takeRefreshToken,
} from "./refresh-cookie";
import { itReturns } from "../test/tables";

describe("the refresh cookie's attributes", () => {
  it.each([
    [true, "memberRefresh=r-1; Max-Age=2592000; Path=/api/; HttpOnly; SameSite=Strict; Secure"],
    [false, "memberRefresh=r-1; Max-Age=2592000; Path=/api/; HttpOnly; SameSite=Strict"],
  ])("secure=%s → %s", (secure, expected) => {
    expect(refreshCookie("r-1", { secure })).toBe(expected);
  });

  it("takes the session's lifetime when given", () => {
    expect(refreshCookie("r", { secure: true, maxAgeSeconds: 3600 })).toContain("Max-Age=3600;");
  });

  it("refuses a token that cannot be a cookie value (no header injection)", () => {
    expect(refreshCookie("a; Domain=evil.example", { secure: true })).toBeNull();
    expect(refreshCookie("a\r\nSet-Cookie: x=1", { secure: true })).toBeNull();
    expect(refreshCookie("", { secure: true })).toBeNull();
  });

  it("is cleared with the same path and flags", () => {
    expect(clearedRefreshCookie({ secure: true })).toBe(
      "memberRefresh=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/api/; HttpOnly; SameSite=Strict; Secure",
    );
  });
});

describe("reading the cookie back", () => {
  itReturns(
    readRefreshCookie,
    [
      [undefined, undefined],
      ["", undefined],
      ["_ga=1; memberRefresh=abc.def-1; clubToken=t", "abc.def-1"],
      ["memberRefreshX=no; xmemberRefresh=no", undefined],
      [["a=1", "memberRefresh=from-second-line"], "from-second-line"],
      ['memberRefresh="quoted"', undefined],
    ],
    "%j → %s",
  );
});

describe("taking the refresh token out of an answer", () => {
  it.each([
    [
      "v3 login",
      { peachCode: 0, sessionManagementTokens: { token: "t", refreshToken: "r" } },
      { peachCode: 0, sessionManagementTokens: { token: "t", refreshTokenHeld: true } },
      "r",
    ],
    [
      "box-office names",
      { statusCode: 0, sessionManagementTokens: { boxofficeSessionToken: "t", boxofficeRefreshSessionToken: "b" } },
      { statusCode: 0, sessionManagementTokens: { boxofficeSessionToken: "t", refreshTokenHeld: true } },
      "b",
    ],
    [
      "both names: refreshToken wins, neither is kept",
      { sessionManagementTokens: { refreshToken: "r", boxofficeRefreshSessionToken: "b" } },
      { sessionManagementTokens: { refreshTokenHeld: true } },
      "r",
    ],
    [
      "an empty refresh token: stripped, nothing held",
      { sessionManagementTokens: { token: "t", refreshToken: "" } },
      { sessionManagementTokens: { token: "t" } },
      undefined,
    ],
  ])("%s", (_name, answer, expected, token) => {
    const taken = takeRefreshToken(answer);
    expect(taken.answer).toEqual(expected);
    expect(taken.refreshToken).toBe(token);
  });

  it("leaves answers without one untouched", () => {
    const answer = { peachCode: 0, memberDetails: { memberId: "1" } };
    expect(takeRefreshToken(answer).answer).toBe(answer);
    expect(takeRefreshToken([1, 2]).answer).toEqual([1, 2]);
  });
});

// ---------------------------------------------------------------------------------------------
// Through the proxy (the rule both hosts share), against a real upstream that records calls.

interface Seen {
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}
const seen: Seen[] = [];
let answer: unknown = { peachCode: 0 };
let status = 200;
const upstream: Server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    seen.push({ url: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
    res.writeHead(status, { "Content-Type": "application/json" });
    res.end(JSON.stringify(answer));
  });
});
beforeAll(() => new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve)));
afterAll(() => {
  upstream.closeAllConnections();
  return new Promise<void>((resolve) => upstream.close(() => resolve()));
});
beforeEach(() => {
  seen.length = 0;
  answer = { peachCode: 0 };
  status = 200;
});

const warnings: string[] = [];
const deps = (extra: Partial<CypherProxyDeps> = {}): CypherProxyDeps => ({
  upstreamUrl: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
  brand: "Cypher",
  timeoutMs: 2000,
  // Each test its own window of replayed refreshes (refresh-replay.ts), not the process's.
  refreshReplay: createRefreshReplay(),
  logger: { warn: (m) => warnings.push(m), error: (m) => warnings.push(m) },
  ...extra,
});
function call(
  route: string,
  method: "GET" | "POST",
  options: { payload?: Record<string, unknown>; headers?: CypherProxyRequest["headers"]; secure?: boolean } = {},
): CypherProxyRequest {
  return {
    method: "POST",
    headers: { "content-type": "application/json", ...options.headers },
    body: { reqMetadata: { method, route }, ...options.payload },
    ...(options.secure === undefined ? {} : { secure: options.secure }),
  };
}

const LOGIN = {
  1: buildRoute("login", 1, { query: { circuitId: "SL" } }, "Cypher"),
  3: buildRoute("login", 3, { query: { circuitId: "LUM" } }, "Cypher"),
} as const;
const REFRESH = {
  1: buildRoute("refresh", 1, { query: { circuitId: "SL" } }, "Cypher"),
  3: buildRoute("refresh", 3, {}, "Cypher"),
};
const LOGOUT = {
  1: buildRoute("logout", 1, { query: { circuitId: "SL" } }, "Cypher"),
  3: buildRoute("logout", 3, { query: { circuitId: "LUM", cinemaId: "0001" } }, "Cypher"),
};
const tokens = (refreshToken: string) => ({
  peachCode: 0,
  memberDetails: { memberId: "M1" },
  sessionManagementTokens: { token: "session-1", refreshToken },
});

describe.each([1, 3] as const)("the proxy on loyalty v%s", (version) => {
  it.each([
    ["sign-in", () => LOGIN[version], "POST"],
    ["refresh", () => REFRESH[version], "GET"],
  ] as const)("keeps the refresh token of a %s answer in the cookie, out of the body", async (_n, route, method) => {
    answer = tokens("refresh-9");
    const result = await handleCypherRequest(
      call(route(), method, { headers: { cookie: "memberRefresh=refresh-8" }, secure: true }),
      deps(),
    );
    expect(result.status).toBe(200);
    expect(JSON.stringify(result.body)).not.toContain("refresh-9");
    expect(result.body).toMatchObject({ sessionManagementTokens: { token: "session-1", refreshTokenHeld: true } });
    expect(result.headers["Set-Cookie"]).toBe(
      `${REFRESH_COOKIE}=refresh-9; Max-Age=2592000; Path=/api/; HttpOnly; SameSite=Strict; Secure`,
    );
  });

  it("sends the cookie's token upstream on refresh, over a header the page might send", async () => {
    answer = tokens("refresh-2");
    await handleCypherRequest(
      call(REFRESH[version], "GET", {
        headers: { cookie: "_ga=1; memberRefresh=refresh-1", "cypher-refresh-session-token": "forged" },
      }),
      deps(),
    );
    expect(seen[0]?.headers["cypher-refresh-session-token"]).toBe("refresh-1");
    expect(seen[0]?.headers.cookie).toBeUndefined();
  });

  it("sends the cookie's token nowhere but the refresh routes", async () => {
    await handleCypherRequest(
      call(buildRoute("getCards", 3, {}, "Cypher"), "GET", {
        headers: { cookie: "memberRefresh=refresh-1", "cypher-session-token": "s" },
      }),
      deps(),
    );
    expect(seen[0]?.headers["cypher-refresh-session-token"]).toBeUndefined();
    expect(seen[0]?.body).not.toContain("refresh-1");
  });

  it("clears the cookie on logout, whatever the provider answers", async () => {
    for (const [code, body] of [
      [200, { peachCode: 0 }],
      [200, { peachCode: 5 }],
      [500, "down"],
    ] as const) {
      status = code;
      answer = body;
      const result = await handleCypherRequest(
        call(LOGOUT[version], "POST", {
          payload: { cancelAssociatedOrder: true },
          headers: { cookie: "memberRefresh=refresh-1", "cypher-session-token": "s" },
          secure: false,
        }),
        deps(),
      );
      expect(result.headers["Set-Cookie"]).toBe(
        "memberRefresh=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/api/; HttpOnly; SameSite=Strict",
      );
    }
  });
});

describe("logout's userSessionId (spec §4: the refresh token, filled in by the server)", () => {
  it("v3: set from the cookie, whatever the page sent", async () => {
    await handleCypherRequest(
      call(LOGOUT[3], "POST", {
        payload: { cancelAssociatedOrder: true, userSessionId: "page-value" },
        headers: { cookie: "memberRefresh=refresh-1", "cypher-session-token": "s" },
      }),
      deps(),
    );
    expect(JSON.parse(seen[0]?.body ?? "")).toEqual({ cancelAssociatedOrder: true, userSessionId: "refresh-1" });
  });

  it("v1: not added (v1 logs out with the session token alone)", async () => {
    await handleCypherRequest(
      call(LOGOUT[1], "POST", { headers: { cookie: "memberRefresh=refresh-1", "cypher-session-token": "s" } }),
      deps(),
    );
    expect(seen[0]?.body).toBe("{}");
  });
});

describe("Secure, from the request", () => {
  it.each<[boolean | undefined, CypherProxyRequest["headers"], boolean]>([
    [true, {}, true],
    [false, { "x-forwarded-proto": "https" }, false],
    [undefined, { "x-forwarded-proto": "http" }, false],
    [undefined, { "x-forwarded-proto": "https" }, true],
    // A host that cannot tell: Secure (a browser on http drops it, which only costs the refresh).
    [undefined, {}, true],
  ])("secure=%s with %j → Secure %s", async (secure, headers, expected) => {
    answer = tokens("r");
    const result = await handleCypherRequest(
      call(LOGIN[3], "POST", { headers, ...(secure === undefined ? {} : { secure }) }),
      deps(),
    );
    expect(result.headers["Set-Cookie"]?.endsWith("; Secure")).toBe(expected);
  });
});

describe("answers that keep no cookie", () => {
  it("a sign-in refused by the provider sets none", async () => {
    answer = { peachCode: 31 };
    const result = await handleCypherRequest(call(LOGIN[3], "POST"), deps());
    expect(result.headers["Set-Cookie"]).toBeUndefined();
  });

  it("a refresh token that cannot be a cookie is dropped, and the answer says none is held", async () => {
    answer = tokens("bad;token");
    const result = await handleCypherRequest(call(LOGIN[3], "POST"), deps());
    expect(result.headers["Set-Cookie"]).toBeUndefined();
    expect(result.body).toEqual({
      peachCode: 0,
      memberDetails: { memberId: "M1" },
      sessionManagementTokens: { token: "session-1" },
    });
  });
});

// A refresh whose answer the browser never read (the page was left, or two tabs refreshed at
// once) must not sign the member out: the provider has already dropped the old pair.
describe.each([1, 3] as const)("a refresh repeated with the token it replaced, on loyalty v%s", (version) => {
  const refreshWith = (token: string, replay: CypherProxyDeps["refreshReplay"]) =>
    handleCypherRequest(
      call(REFRESH[version], "GET", { headers: { cookie: `memberRefresh=${token}` }, secure: true }),
      {
        ...deps(),
        ...(replay ? { refreshReplay: replay } : {}),
      },
    );
  const refreshesSeen = () => seen.filter((s) => s.url.includes("RefreshLogin"));

  it("gets the same new pair and cookie, and the provider is asked once", async () => {
    const replay = createRefreshReplay();
    answer = tokens("refresh-2");
    const lost = await refreshWith("refresh-1", replay);
    // The provider would now refuse refresh-1; the browser still holds it.
    answer = { peachCode: 7 };
    const again = await refreshWith("refresh-1", replay);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(lost.body);
    expect(again.body).toMatchObject({ sessionManagementTokens: { token: "session-1", refreshTokenHeld: true } });
    expect(again.headers["Set-Cookie"]).toMatch(/^memberRefresh=refresh-2;/);
    expect(refreshesSeen()).toHaveLength(1);
    expect(refreshesSeen()[0]?.headers["cypher-refresh-session-token"]).toBe("refresh-1");
  });

  it("two refreshes at once with one cookie share one call", async () => {
    const replay = createRefreshReplay();
    answer = tokens("refresh-2");
    const [a, b] = await Promise.all([refreshWith("refresh-1", replay), refreshWith("refresh-1", replay)]);
    expect(refreshesSeen()).toHaveLength(1);
    expect(a.headers["Set-Cookie"]).toMatch(/^memberRefresh=refresh-2;/);
    expect(b.headers["Set-Cookie"]).toMatch(/^memberRefresh=refresh-2;/);
  });

  it("a refused refresh is not repeated: the next one asks the provider again", async () => {
    const replay = createRefreshReplay();
    answer = { peachCode: 7 };
    await refreshWith("refresh-1", replay);
    answer = tokens("refresh-2");
    const next = await refreshWith("refresh-1", replay);
    expect(refreshesSeen()).toHaveLength(2);
    expect(next.headers["Set-Cookie"]).toMatch(/^memberRefresh=refresh-2;/);
  });

  it("another member's token is not given this pair", async () => {
    const replay = createRefreshReplay();
    answer = tokens("refresh-2");
    await refreshWith("refresh-1", replay);
    answer = { peachCode: 7 };
    const other = await refreshWith("someone-else", replay);
    expect(other.headers["Set-Cookie"]).toBeUndefined();
    expect(other.body).toEqual({ peachCode: 7 });
    expect(refreshesSeen()).toHaveLength(2);
  });
});
