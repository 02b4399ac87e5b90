import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { buildRoute } from "../member/provider/routes";
import {
  MAX_ANSWER_DEPTH,
  handleCypherRequest,
  proxyError,
  type CypherProxyDeps,
  type CypherProxyLogger,
  type CypherProxyRequest,
} from "./cypher-proxy";
import { createRefreshReplay } from "./refresh-replay";

interface Seen {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

type Responder = (request: Seen, res: ServerResponse) => void;

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
}

/** An upstream that answers every call with this status, these headers and this text. */
function answersWith(status: number, headers: Record<string, string>, text = ""): Responder {
  return (_request, res) => {
    res.writeHead(status, headers);
    res.end(text);
  };
}

/** A real HTTP server on a free port that records what reaches it. */
class FakeServer {
  readonly seen: Seen[] = [];
  respond: Responder = (_request, res) => sendJson(res, 200, { peachCode: 0 });
  private readonly server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const seen = {
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      this.seen.push(seen);
      this.respond(seen, res);
    });
  });

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  start(): Promise<void> {
    return new Promise((resolve) => this.server.listen(0, "127.0.0.1", () => resolve()));
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

class RecordingLogger implements CypherProxyLogger {
  readonly warnings: string[] = [];
  readonly errors: string[] = [];
  warn(message: string): void {
    this.warnings.push(message);
  }
  error(message: string): void {
    this.errors.push(message);
  }
}

const upstream = new FakeServer();
const siteverify = new FakeServer();
let logger: RecordingLogger;

beforeAll(async () => {
  await Promise.all([upstream.start(), siteverify.start()]);
});
afterAll(async () => {
  await Promise.all([upstream.stop(), siteverify.stop()]);
});
beforeEach(() => {
  upstream.seen.length = 0;
  siteverify.seen.length = 0;
  upstream.respond = (_request, res) => sendJson(res, 200, { peachCode: 0 });
  logger = new RecordingLogger();
});

const deps = (extra: Partial<CypherProxyDeps> = {}): CypherProxyDeps => ({
  upstreamUrl: upstream.url,
  brand: "Cypher",
  timeoutMs: 2000,
  // Each test its own window of replayed refreshes (refresh-replay.ts), not the process's.
  refreshReplay: createRefreshReplay(),
  logger,
  ...extra,
});

const LOGIN_V3 = buildRoute("login", 3, { query: { circuitId: "LUM01" } }, "Cypher");
const LOGOUT_V3 = buildRoute("logout", 3, { query: { circuitId: "LUM01", cinemaId: "0001" } }, "Cypher");
const REFRESH_V3 = buildRoute("refresh", 3, {}, "Cypher");
const CARDS = buildRoute("getCards", 3, {}, "Cypher");
const GIFT_CARD = buildRoute("giftCardBalance", 3, { query: { cinemaId: "0001" } }, "Cypher");
const WALLET = buildRoute(
  "loyaltyCardWalletPass",
  3,
  { params: { walletProvider: "AppleWallet", circuitId: "LUM01" }, query: { cardNumber: "6001" } },
  "Cypher",
);

function post(body: unknown, headers: CypherProxyRequest["headers"] = {}): CypherProxyRequest {
  return { method: "POST", headers: { "content-type": "application/json", ...headers }, body, ip: "203.0.113.7" };
}

const envelope = (
  method: "GET" | "POST",
  route: string,
  payload: Record<string, unknown> = {},
  meta: Record<string, unknown> = {},
) => ({
  reqMetadata: { method, route, ...meta },
  ...payload,
});

describe("forwarding", () => {
  it("forwards the route with its query, the payload without reqMetadata, and the method", async () => {
    upstream.respond = (_request, res) => sendJson(res, 200, { peachCode: 0, memberDetails: { memberId: "M1" } });
    const result = await handleCypherRequest(
      post(envelope("POST", LOGIN_V3, { username: "jane@example.com", password: "s3cret!" })),
      deps(),
    );
    expect(result).toMatchObject({ status: 200, body: { peachCode: 0, memberDetails: { memberId: "M1" } } });
    expect(result.headers).toMatchObject({
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "no-store",
    });
    expect(upstream.seen).toHaveLength(1);
    expect(upstream.seen[0]).toMatchObject({ method: "POST", url: "/Member/v3/Login?CypherCircuitId=LUM01" });
    expect(JSON.parse(upstream.seen[0]?.body ?? "")).toEqual({ username: "jane@example.com", password: "s3cret!" });
  });

  it("appends the route to a base path in CYPHER_API_URL", async () => {
    await handleCypherRequest(post(envelope("POST", LOGIN_V3)), deps({ upstreamUrl: `${upstream.url}/cypher/api/` }));
    expect(upstream.seen[0]?.url).toBe("/cypher/api/Member/v3/Login?CypherCircuitId=LUM01");
  });

  it("forwards the canonical route, not the caller's spelling", async () => {
    await handleCypherRequest(post(envelope("GET", "/Member/UsernameReminder/LUM01/jane+films@example.com")), deps());
    expect(upstream.seen[0]?.url).toBe("/Member/UsernameReminder/LUM01/jane%2Bfilms%40example.com");
  });

  it("sends no body on GET routes", async () => {
    await handleCypherRequest(post(envelope("GET", CARDS, { ignored: true })), deps());
    expect(upstream.seen[0]).toMatchObject({ method: "GET", body: "" });
    expect(upstream.seen[0]?.headers["content-type"]).toBeUndefined();
  });

  it("forwards the session token and nothing the browser should keep to itself", async () => {
    await handleCypherRequest(
      post(envelope("POST", LOGOUT_V3, { cancelAssociatedOrder: true, userSessionId: "refresh-1" }), {
        "cypher-session-token": "session-1",
        "cypher-refresh-session-token": "refresh-1",
        cookie: "session=abc; _ga=1",
        authorization: "Bearer nope",
        host: "www.cinema-lumiere.fr",
        "x-forwarded-for": "198.51.100.1",
        "x-forwarded-host": "evil.example",
        "x-real-ip": "198.51.100.1",
        origin: "https://www.cinema-lumiere.fr",
        referer: "https://www.cinema-lumiere.fr/account/",
        "user-agent": "Browser/1.0",
        accept: "text/html",
        "content-type": "multipart/form-data; boundary=x",
      }),
      deps(),
    );
    const headers = upstream.seen[0]?.headers ?? {};
    expect(headers["cypher-session-token"]).toBe("session-1");
    expect(headers["cypher-refresh-session-token"]).toBeUndefined();
    expect(headers.accept).toBe("application/json");
    expect(headers["content-type"]).toBe("application/json");
    expect(headers.host).toBe(new URL(upstream.url).host);
    for (const name of [
      "cookie",
      "authorization",
      "x-forwarded-for",
      "x-forwarded-host",
      "x-real-ip",
      "origin",
      "referer",
    ]) {
      expect(headers[name]).toBeUndefined();
    }
    expect(headers["user-agent"]).not.toBe("Browser/1.0");
  });

  it("forwards the refresh token on refresh routes only, and never a session token there", async () => {
    await handleCypherRequest(
      post(envelope("GET", REFRESH_V3), {
        "Cypher-Session-Token": "session-1",
        "Cypher-Refresh-Session-Token": "refresh-1",
      }),
      deps(),
    );
    expect(upstream.seen[0]?.headers["cypher-refresh-session-token"]).toBe("refresh-1");
    expect(upstream.seen[0]?.headers["cypher-session-token"]).toBeUndefined();
  });

  it("keeps a session token away from login", async () => {
    await handleCypherRequest(post(envelope("POST", LOGIN_V3), { "cypher-session-token": "stale" }), deps());
    expect(upstream.seen[0]?.headers["cypher-session-token"]).toBeUndefined();
  });

  it("uses the deploy's brand for header names", async () => {
    const route = buildRoute("getCards", 3, {}, "Boost");
    await handleCypherRequest(
      post(envelope("GET", route), { "boost-session-token": "s", "cypher-session-token": "other" }),
      deps({ brand: "Boost" }),
    );
    expect(upstream.seen[0]?.headers["boost-session-token"]).toBe("s");
    expect(upstream.seen[0]?.headers["cypher-session-token"]).toBeUndefined();
  });

  it("accepts form fields whose reqMetadata is a JSON string (multipart / urlencoded)", async () => {
    const fields = Object.assign(Object.create(null) as Record<string, unknown>, {
      reqMetadata: JSON.stringify({ method: "POST", route: LOGIN_V3 }),
      username: "jane@example.com",
      password: "pw",
    });
    const result = await handleCypherRequest(
      post(fields, { "content-type": "multipart/form-data; boundary=x" }),
      deps(),
    );
    expect(result.status).toBe(200);
    expect(JSON.parse(upstream.seen[0]?.body ?? "")).toEqual({ username: "jane@example.com", password: "pw" });
  });
});

describe("refusals that never reach the upstream", () => {
  const big = "x".repeat(70 * 1024);
  it.each<[string, CypherProxyRequest, number, string]>([
    ["a GET to the proxy", { method: "GET", headers: {}, body: undefined }, 405, "method_not_allowed"],
    ["no body", post(undefined), 400, "bad_request"],
    ["a string body", post("reqMetadata=…"), 400, "bad_request"],
    ["an array body", post([envelope("POST", LOGIN_V3)]), 400, "bad_request"],
    ["a raw buffer body", post(Buffer.from("{}")), 400, "bad_request"],
    ["no reqMetadata", post({ username: "x" }), 400, "bad_request"],
    ["reqMetadata that is not JSON", post({ reqMetadata: "{method:" }), 400, "bad_request"],
    ["an unknown method in reqMetadata", post(envelope("DELETE" as "GET", CARDS)), 400, "bad_request"],
    [
      "an unknown reqMetadata field",
      post(envelope("GET", CARDS, {}, { upstream: "http://evil/" })),
      400,
      "bad_request",
    ],
    [
      "a non-string captcha token",
      post(envelope("POST", LOGIN_V3, {}, { "g-recaptcha-response": 42 })),
      400,
      "bad_request",
    ],
    ["an unknown route", post(envelope("POST", "/Admin/Reset")), 400, "route_not_allowed"],
    ["an absolute URL", post(envelope("GET", "http://evil/")), 400, "route_not_allowed"],
    ["a scheme-relative URL", post(envelope("GET", "//evil/Member/v3/GetCards")), 400, "route_not_allowed"],
    ["a dot-dot climb", post(envelope("GET", "/Member/v3/../../admin")), 400, "route_not_allowed"],
    [
      "an encoded climb",
      post(envelope("GET", "/Member/GetMembershipList/%2e%2e%2F/?circuitId=x")),
      400,
      "route_not_allowed",
    ],
    ["a backslash", post(envelope("GET", "/Member\\v3/GetCards")), 400, "route_not_allowed"],
    ["an unknown query key", post(envelope("POST", `${LOGIN_V3}&debug=1`)), 400, "route_not_allowed"],
    ["a duplicate query key", post(envelope("POST", `${LOGIN_V3}&CypherCircuitId=OTHER`)), 400, "route_not_allowed"],
    ["the wrong method for the route", post(envelope("GET", LOGIN_V3)), 400, "route_not_allowed"],
    ["a CR LF in the route", post(envelope("GET", "/Member/v3/GetCards\r\nHost: evil")), 400, "route_not_allowed"],
    ["a very long route", post(envelope("POST", `${LOGIN_V3}${"x".repeat(3000)}`)), 400, "route_not_allowed"],
    [
      "a binary format on a JSON route",
      post(envelope("GET", CARDS, {}, { responseFormat: "blob" })),
      400,
      "bad_request",
    ],
    ["JSON on a wallet-pass route", post(envelope("GET", WALLET, {}, { responseFormat: "json" })), 400, "bad_request"],
    [
      "a session token with a line break",
      post(envelope("GET", CARDS), { "cypher-session-token": "a\r\nb" }),
      400,
      "bad_request",
    ],
    ["two session tokens", post(envelope("GET", CARDS), { "cypher-session-token": ["a", "b"] }), 400, "bad_request"],
    ["a body over the cap", post(envelope("POST", LOGIN_V3, { big })), 413, "payload_too_large"],
    [
      "a declared length over the cap",
      post(envelope("POST", LOGIN_V3), { "content-length": String(10 * 1024 * 1024) }),
      413,
      "payload_too_large",
    ],
  ])("%s", async (_what, request, status, code) => {
    const result = await handleCypherRequest(request, deps());
    expect(result.status).toBe(status);
    expect(result.body).toEqual({ error: { code, message: expect.any(String) } });
    expect(upstream.seen).toHaveLength(0);
  });

  it("says which methods the proxy takes", async () => {
    const result = await handleCypherRequest({ method: "PUT", headers: {}, body: {} }, deps());
    expect(result.headers.Allow).toBe("POST");
  });

  it("honours a smaller body cap", async () => {
    const result = await handleCypherRequest(
      post(envelope("POST", LOGIN_V3, { note: "x".repeat(200) })),
      deps({ maxBodyBytes: 100 }),
    );
    expect(result.status).toBe(413);
  });
});

describe("upstream failures", () => {
  it("answers 504 when the upstream hangs past the timeout", async () => {
    upstream.respond = () => undefined; // never answers
    const started = Date.now();
    const result = await handleCypherRequest(post(envelope("GET", CARDS)), deps({ timeoutMs: 150 }));
    expect(result).toMatchObject({ status: 504, body: { error: { code: "upstream_timeout" } } });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(logger.warnings.join("\n")).toContain("timed out after 150 ms");
  });

  it("answers 504 when the upstream stalls half-way through its answer", async () => {
    upstream.respond = (_request, res) => {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.write('{"peachCode":');
    };
    const result = await handleCypherRequest(post(envelope("GET", CARDS)), deps({ timeoutMs: 150 }));
    expect(result).toMatchObject({ status: 504, body: { error: { code: "upstream_timeout" } } });
  });

  it("answers 502 when nothing listens at CYPHER_API_URL", async () => {
    const closed = new FakeServer();
    await closed.start();
    const url = closed.url;
    await closed.stop();
    const result = await handleCypherRequest(post(envelope("GET", CARDS)), deps({ upstreamUrl: url }));
    expect(result).toMatchObject({ status: 502, body: { error: { code: "upstream_unreachable" } } });
  });

  it("answers 502 when the upstream sends HTML where JSON is expected, without passing it on", async () => {
    upstream.respond = answersWith(200, { "Content-Type": "text/html" }, "<html>Welcome to nginx</html>");
    const result = await handleCypherRequest(post(envelope("GET", CARDS)), deps());
    expect(result).toMatchObject({ status: 502, body: { error: { code: "upstream_bad_response" } } });
    expect(JSON.stringify(result.body)).not.toContain("nginx");
  });

  it("answers 502 when a JSON content type carries no JSON", async () => {
    upstream.respond = answersWith(200, { "Content-Type": "application/json" }, "{not json");
    expect(await handleCypherRequest(post(envelope("GET", CARDS)), deps())).toMatchObject({
      status: 502,
      body: { error: { code: "upstream_bad_response" } },
    });
  });

  it("answers 502 on an upstream error page, leaking neither its text nor a stack", async () => {
    upstream.respond = answersWith(
      500,
      { "Content-Type": "text/plain" },
      "NullReferenceException at Cypher.Member.Login() in C:\\src\\Member.cs:line 42",
    );
    const result = await handleCypherRequest(post(envelope("POST", LOGIN_V3)), deps());
    expect(result).toMatchObject({ status: 502, body: { error: { code: "upstream_error" } } });
    expect(JSON.stringify(result.body)).not.toMatch(/Exception|Member\.cs/);
  });

  it("passes a provider verdict sent with an error status as HTTP 200, keeping only its code fields", async () => {
    upstream.respond = (_request, res) =>
      sendJson(res, 401, {
        peachCode: 31,
        clientErrorMessage: "Wrong password",
        stackTrace: "at Login()",
        memberDetails: { email: "x" },
      });
    const result = await handleCypherRequest(post(envelope("POST", LOGIN_V3)), deps());
    expect(result).toMatchObject({ status: 200, headers: { "X-Upstream-Status": "401" } });
    expect(result.body).toEqual({ peachCode: 31, clientErrorMessage: "Wrong password" });
  });

  it("passes a failing verdict sent with HTTP 200 untouched", async () => {
    upstream.respond = (_request, res) => sendJson(res, 200, { peachCode: 7 });
    expect(await handleCypherRequest(post(envelope("GET", CARDS)), deps())).toMatchObject({
      status: 200,
      body: { peachCode: 7 },
    });
  });

  it("answers 429 when the upstream rate-limits, with its Retry-After", async () => {
    upstream.respond = answersWith(429, { "Retry-After": "30", "Content-Type": "text/plain" }, "slow down");
    const result = await handleCypherRequest(post(envelope("POST", LOGIN_V3)), deps());
    expect(result).toMatchObject({
      status: 429,
      headers: { "Retry-After": "30" },
      body: { error: { code: "upstream_rate_limited" } },
    });
  });

  it("does not follow upstream redirects", async () => {
    upstream.respond = answersWith(302, { Location: "http://169.254.169.254/latest/meta-data/" });
    const result = await handleCypherRequest(post(envelope("GET", CARDS)), deps());
    expect(result).toMatchObject({ status: 502, body: { error: { code: "upstream_error" } } });
    expect(upstream.seen).toHaveLength(1);
  });

  it("refuses an answer larger than the response cap", async () => {
    upstream.respond = (_request, res) => sendJson(res, 200, { peachCode: 0, padding: "x".repeat(4096) });
    const result = await handleCypherRequest(post(envelope("GET", CARDS)), deps({ maxResponseBytes: 1024 }));
    expect(result).toMatchObject({ status: 502, body: { error: { code: "upstream_bad_response" } } });
  });

  // A provider answer `depth` arrays and objects deep (the outer object counts as one).
  const nestedAnswer = (depth: number) => `{"peachCode":0,"x":${"[".repeat(depth - 1)}${"]".repeat(depth - 1)}}`;

  it.each([
    ["at the limit", nestedAnswer(MAX_ANSWER_DEPTH), 200],
    ["with brackets inside its strings", `{"peachCode":0,"note":"${"[{".repeat(5000)}\\"]"}`, 200],
    ["one level past the limit", nestedAnswer(MAX_ANSWER_DEPTH + 1), 502],
    // ~200 KB, far under the response cap: JSON.stringify overflowed the stack on it (a 500 at send).
    ["100,000 levels deep", nestedAnswer(100_000), 502],
  ])("passes on or refuses JSON nested %s", async (_sentence, text, status) => {
    upstream.respond = answersWith(200, { "Content-Type": "application/json" }, text);
    const result = await handleCypherRequest(post(envelope("GET", CARDS)), deps());
    expect(result.status).toBe(status);
    // Whatever is answered can be serialised again.
    expect(() => JSON.stringify(result.body)).not.toThrow();
    if (status === 502) {
      expect(result.body).toEqual({ error: { code: "upstream_bad_response", message: expect.any(String) } });
      expect(logger.warnings).toEqual([expect.stringContaining(`nested deeper than ${MAX_ANSWER_DEPTH} levels`)]);
    } else {
      expect(result.body).toEqual(JSON.parse(text));
    }
  });

  it("answers 503 when CYPHER_API_URL is not a URL", async () => {
    const result = await handleCypherRequest(post(envelope("GET", CARDS)), deps({ upstreamUrl: "not a url" }));
    expect(result).toMatchObject({ status: 503, body: { error: { code: "loyalty_not_configured" } } });
    expect(logger.errors).toHaveLength(1);
  });
});

describe("raw answers", () => {
  const pass = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0xff, 0x10, 0x80]);

  it("passes wallet-pass bytes and their content type through", async () => {
    upstream.respond = (_request, res) => {
      res.writeHead(200, {
        "Content-Type": "application/vnd.apple.pkpass",
        "Content-Disposition": 'attachment; filename="card.pkpass"',
        "Set-Cookie": "upstream=1",
      });
      res.end(pass);
    };
    const result = await handleCypherRequest(
      post(envelope("GET", WALLET, {}, { responseFormat: "raw" }), { accept: "application/vnd.apple.pkpass" }),
      deps(),
    );
    expect(result.status).toBe(200);
    expect(Buffer.isBuffer(result.body) && result.body.equals(pass)).toBe(true);
    expect(result.headers).toEqual({
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Type": "application/vnd.apple.pkpass",
      "Content-Disposition": 'attachment; filename="pass.pkpass"',
      "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'; sandbox",
    });
    expect(upstream.seen[0]?.url).toBe("/AppleWallet/CreateLoyaltyCard/LUM01?cardNumber=6001&fullJwt=true");
    expect(upstream.seen[0]?.headers.accept).toBe("application/vnd.apple.pkpass");
  });

  it("accepts blob as the format of a raw route; Google Wallet's JSON link is an attachment too", async () => {
    upstream.respond = answersWith(
      200,
      { "Content-Type": "application/json; charset=utf-8" },
      '{"peachCode":0,"url":"https://pay.google.com/gp/v/save/x"}',
    );
    const result = await handleCypherRequest(post(envelope("GET", WALLET, {}, { responseFormat: "blob" })), deps());
    expect(result).toMatchObject({
      status: 200,
      headers: { "Content-Type": "application/json", "Content-Disposition": 'attachment; filename="pass.json"' },
    });
  });

  it.each([
    ["text/html; charset=utf-8"],
    ["text/html, <script>"],
    ["image/svg+xml"],
    ["image/png"],
    ["application/javascript"],
    [""],
  ])("refuses a wallet answer of %j: nothing of it reaches the browser", async (type) => {
    upstream.respond = answersWith(200, type ? { "Content-Type": type } : {}, "<script>parent.stealTokens()</script>");
    const result = await handleCypherRequest(post(envelope("GET", WALLET, {}, { responseFormat: "raw" })), deps());
    expect(result.status).toBe(502);
    expect(result.body).toEqual({ error: { code: "upstream_bad_response", message: expect.any(String) } });
  });
});

describe("captcha", () => {
  const captcha = (extra: Record<string, unknown> = {}) => ({
    secret: "server-secret",
    verifyUrl: `${siteverify.url}/siteverify`,
    expectedHostname: "www.cinema-lumiere.fr",
    ...extra,
  });
  const human = (action: string) => (_request: Seen, res: ServerResponse) =>
    sendJson(res, 200, { success: true, score: 0.9, action, hostname: "www.cinema-lumiere.fr" });
  /** A POST through the proxy with the captcha check on: the deploy's secret, with `extra` over it. */
  const postChecked = (
    route: string,
    payload: Record<string, unknown>,
    meta: Record<string, unknown>,
    extra: Record<string, unknown> = {},
  ) => handleCypherRequest(post(envelope("POST", route, payload, meta)), deps({ captcha: captcha(extra) }));

  it("is skipped without a secret, with one warning per process however many calls and loggers", async () => {
    // A fresh module: the warning is the process's, and an earlier test may have said it.
    await jest.isolateModulesAsync(async () => {
      const { handleCypherRequest: freshProxy } = await import("./cypher-proxy");
      const warnings: string[] = [];
      // The server and the Function make a logger per request.
      const requestLogger = () => ({ warn: (message: string) => warnings.push(message), error: () => undefined });
      const first = await freshProxy(post(envelope("POST", LOGIN_V3)), deps({ logger: requestLogger() }));
      const second = await freshProxy(
        post(envelope("POST", GIFT_CARD, { cardNumber: "1" })),
        deps({ logger: requestLogger() }),
      );
      const third = await freshProxy(post(envelope("POST", LOGIN_V3)), deps({ logger: requestLogger() }));
      expect([first.status, second.status, third.status]).toEqual([200, 200, 200]);
      expect(upstream.seen).toHaveLength(3);
      expect(warnings.filter((w) => w.includes("RECAPTCHA_SECRET"))).toHaveLength(1);
    });
  });

  it("is not mentioned on routes without a captcha", async () => {
    await handleCypherRequest(post(envelope("GET", CARDS)), deps());
    expect(logger.warnings).toEqual([]);
  });

  it("lets a verified login through, checking the login action, and forwards no token upstream", async () => {
    siteverify.respond = human("login");
    const result = await postChecked(LOGIN_V3, { username: "u" }, { "g-recaptcha-response": "browser-token" });
    expect(result.status).toBe(200);
    expect(siteverify.seen).toHaveLength(1);
    expect(Object.fromEntries(new URLSearchParams(siteverify.seen[0]?.body))).toEqual({
      secret: "server-secret",
      response: "browser-token",
      remoteip: "203.0.113.7",
    });
    expect(upstream.seen[0]?.body).not.toContain("browser-token");
  });

  it("checks the gift-card action on the gift-card balance", async () => {
    siteverify.respond = human("giftcard_balance");
    const result = await postChecked(GIFT_CARD, { cardNumber: "1" }, { "g-recaptcha-response": "t" });
    expect(result.status).toBe(200);
  });

  it.each<[string, Record<string, unknown>, Responder]>([
    [
      "a low score",
      { "g-recaptcha-response": "t" },
      (_r, res) =>
        sendJson(res, 200, { success: true, score: 0.1, action: "login", hostname: "www.cinema-lumiere.fr" }),
    ],
    [
      "another action's token",
      { "g-recaptcha-response": "t" },
      (_r, res) =>
        sendJson(res, 200, {
          success: true,
          score: 0.9,
          action: "giftcard_balance",
          hostname: "www.cinema-lumiere.fr",
        }),
    ],
    [
      "another site's token",
      { "g-recaptcha-response": "t" },
      (_r, res) => sendJson(res, 200, { success: true, score: 0.9, action: "login", hostname: "evil.example" }),
    ],
    [
      "a refused token",
      { "g-recaptcha-response": "t" },
      (_r, res) => sendJson(res, 200, { success: false, "error-codes": ["invalid-input-response"] }),
    ],
    ["siteverify down", { "g-recaptcha-response": "t" }, (_r, res) => sendJson(res, 503, {})],
    ["no token at all", {}, human("login")],
  ])("refuses %s with 403 and never calls the upstream", async (_what, meta, responder) => {
    siteverify.respond = responder;
    const result = await postChecked(LOGIN_V3, {}, meta);
    expect(result).toMatchObject({ status: 403, body: { error: { code: "captcha_failed" } } });
    expect(upstream.seen).toHaveLength(0);
    expect(logger.warnings).toHaveLength(1);
  });

  it("does not check routes that carry no captcha, even with a secret", async () => {
    await handleCypherRequest(post(envelope("GET", CARDS)), deps({ captcha: captcha() }));
    expect(siteverify.seen).toHaveLength(0);
    expect(upstream.seen).toHaveLength(1);
  });

  // Issue 43: a search answered the member id of any address, and sign-up took no captcha, so a
  // script could sort addresses into members and strangers at the general rate limit.
  describe("member search and sign-up take a captcha, as sign-in does", () => {
    const SEARCH = buildRoute("memberSearch", 3, { params: { circuitId: "C1" } }, "Cypher");
    const GUARDED: [string, string, Record<string, unknown>, string][] = [
      ["member search", SEARCH, { email: "active.v3@example.com" }, "member_search"],
      ["create v1", buildRoute("createMember", 1, { query: { circuitId: "C1" } }, "Cypher"), {}, "signup"],
      ["create v3", buildRoute("createMember", 3, {}, "Cypher"), {}, "signup"],
      [
        "the paid activation's start",
        buildRoute("activateOnComplete", 3, { query: { circuitId: "C1" } }, "Cypher"),
        {},
        "signup",
      ],
      [
        "the registration start",
        buildRoute("startRegistration", 3, { query: { circuitId: "C1", cinemaId: "0001" } }, "Cypher"),
        {},
        "signup",
      ],
      ["the activation e-mail", buildRoute("sendMemberActivationCode", 3, {}, "Cypher"), {}, "activation_code"],
    ];

    it.each(GUARDED)(
      "%s without a token: sign-in's refusal, and the provider never asked",
      async (_what, route, payload) => {
        siteverify.respond = human("login");
        const signIn = await postChecked(LOGIN_V3, { username: "u" }, {});
        const result = await postChecked(route, payload, {});
        expect(result).toEqual(signIn);
        expect(result).toEqual(proxyError("captcha_failed", "the captcha check failed"));
        expect(upstream.seen).toHaveLength(0);
      },
    );

    it.each(GUARDED)(
      "%s with a verified token for its own action reaches the provider",
      async (_what, route, payload, action) => {
        siteverify.respond = human(action);
        const result = await postChecked(route, payload, { "g-recaptcha-response": "browser-token" });
        expect(result.status).toBe(200);
        expect(siteverify.seen).toHaveLength(1);
        expect(upstream.seen).toHaveLength(1);
        expect(upstream.seen[0]?.body).not.toContain("browser-token");
      },
    );

    it("a verified search answers the verdict, whether the member has a username and their club: nothing else", async () => {
      siteverify.respond = human("member_search");
      upstream.respond = (_request, res) =>
        sendJson(res, 200, {
          peachCode: 0,
          memberId: "100003",
          email: "active.v3@example.com",
          firstName: "Ada",
          lastName: "Lovelace",
          memberDetails: { memberId: "100003", mobilePhone: "+33612345678" },
          hasUserName: false,
          clubId: "1",
        });
      const result = await postChecked(SEARCH, { email: "active.v3@example.com" }, { "g-recaptcha-response": "t" });
      expect(result.status).toBe(200);
      expect(result.body).toEqual({ peachCode: 0, hasUserName: false, clubId: "1" });
      expect(JSON.stringify(result.body)).not.toMatch(/100003|active\.v3|Ada|\+336/);
    });

    it("a stranger's address answers the provider's verdict only", async () => {
      siteverify.respond = human("member_search");
      upstream.respond = (_request, res) =>
        sendJson(res, 200, { peachCode: 29, clientErrorMessage: "Not a member", memberId: null, hasUserName: false });
      const result = await postChecked(SEARCH, { email: "nobody@example.com" }, { "g-recaptcha-response": "t" });
      expect(result.body).toEqual({ peachCode: 29, clientErrorMessage: "Not a member" });
    });

    it("a search is cut down the same way where captcha is off", async () => {
      upstream.respond = (_request, res) =>
        sendJson(res, 200, { peachCode: 0, memberId: 7, email: "a@example.com", hasUserName: "no", clubId: 12 });
      const result = await handleCypherRequest(post(envelope("POST", SEARCH, { email: "a@example.com" })), deps());
      expect(result.body).toEqual({ peachCode: 0, clubId: 12 });
    });

    it("the activation e-mail answers its verdict only: a code the provider echoes stays here", async () => {
      siteverify.respond = human("activation_code");
      upstream.respond = (_request, res) => sendJson(res, 200, { peachCode: 0, activationCode: "ACT-123456" });
      const result = await postChecked(
        buildRoute("sendMemberActivationCode", 3, {}, "Cypher"),
        { email: "inactive@example.com" },
        { "g-recaptcha-response": "t" },
      );
      expect(result.body).toEqual({ peachCode: 0 });
    });

    it("a sign-in token does not buy a member search", async () => {
      siteverify.respond = human("login");
      const result = await postChecked(SEARCH, { email: "a@example.com" }, { "g-recaptcha-response": "t" });
      expect(result).toEqual(proxyError("captcha_failed", "the captcha check failed"));
      expect(upstream.seen).toHaveLength(0);
    });
  });

  describe("a page's own site key (spec §5, RECAPTCHA_PAGE_SECRETS)", () => {
    const PAGE_KEY = "page-key-0123456789";
    const pageSecrets = new Map([[PAGE_KEY, "page-secret"]]);
    const sentSecret = () => new URLSearchParams(siteverify.seen[0]?.body).get("secret");

    it.each<[string, Record<string, unknown>, string]>([
      ["a token from the deploy's key (no captchaSiteKey)", {}, "server-secret"],
      ["a token from a page key", { captchaSiteKey: PAGE_KEY }, "page-secret"],
    ])("verifies %s with that key's secret", async (_what, meta, secret) => {
      siteverify.respond = human("login");
      const result = await postChecked(
        LOGIN_V3,
        { username: "u" },
        { "g-recaptcha-response": "browser-token", ...meta },
        { pageSecrets },
      );
      expect(result.status).toBe(200);
      expect(siteverify.seen).toHaveLength(1);
      expect(sentSecret()).toBe(secret);
      // The key is the proxy's business: the provider never sees it.
      expect(upstream.seen[0]?.body).not.toContain(PAGE_KEY);
    });

    it("refuses the token of a page key with no secret like any failed captcha, never trying the deploy's secret", async () => {
      // A fresh module: the warning is said once per key and process.
      await jest.isolateModulesAsync(async () => {
        const { handleCypherRequest: freshProxy } = await import("./cypher-proxy");
        siteverify.respond = human("login");
        const call = (key: string) =>
          freshProxy(
            post(envelope("POST", LOGIN_V3, {}, { "g-recaptcha-response": "browser-token", captchaSiteKey: key })),
            deps({ captcha: captcha({ pageSecrets }) }),
          );
        const answers = [
          await call("unknown-page-key-1"),
          await call("unknown-page-key-1"),
          await call("unknown-page-key-2"),
        ];
        for (const answer of answers) expect(answer).toEqual(proxyError("captcha_failed", "the captcha check failed"));
        expect(siteverify.seen).toHaveLength(0);
        expect(upstream.seen).toHaveLength(0);
        // Once per key, naming the key and the setting to complete, never a secret.
        expect(logger.warnings).toHaveLength(2);
        expect(logger.warnings[0]).toMatch(/"unknown-page-key-1" has no secret.*RECAPTCHA_PAGE_SECRETS/);
        expect(logger.warnings[1]).toMatch(/"unknown-page-key-2"/);
        expect(logger.warnings.join("\n")).not.toMatch(/server-secret|page-secret/);
      });
    });

    it("refuses a page key without any RECAPTCHA_PAGE_SECRETS", async () => {
      const result = await postChecked(
        LOGIN_V3,
        {},
        { "g-recaptcha-response": "t", captchaSiteKey: "no-secrets-page-key" },
      );
      expect(result).toMatchObject({ status: 403, body: { error: { code: "captcha_failed" } } });
      expect(siteverify.seen).toHaveLength(0);
    });

    it.each<[string, unknown]>([
      ["not a string", 42],
      ["too short", "short"],
      ["too long", "k".repeat(101)],
      ["with other characters", "page key with spaces"],
    ])("refuses a captchaSiteKey %s as a malformed envelope", async (_what, key) => {
      const result = await postChecked(
        LOGIN_V3,
        {},
        { "g-recaptcha-response": "t", captchaSiteKey: key },
        { pageSecrets },
      );
      expect(result).toMatchObject({ status: 400, body: { error: { code: "bad_request" } } });
      expect(siteverify.seen).toHaveLength(0);
    });

    it("lets the key through unverified when captcha is off, as every token", async () => {
      const result = await handleCypherRequest(
        post(envelope("POST", LOGIN_V3, {}, { "g-recaptcha-response": "t", captchaSiteKey: PAGE_KEY })),
        deps(),
      );
      expect(result.status).toBe(200);
      expect(siteverify.seen).toHaveLength(0);
    });
  });
});

describe("password-reset requests", () => {
  const SITE = "https://www.cinema-lumiere.fr";
  const resetRoute = (version: 1 | 3, rootUrl: string, resetPasswordLink: string) =>
    buildRoute(
      "resetPasswordCode",
      version,
      {
        query: {
          circuitId: "C1",
          cinemaId: "0001",
          emailAddress: "victim@example.com",
          rootUrl,
          resetPasswordLink,
        },
      },
      "Cypher",
    );
  const sentQuery = () => new URL(upstream.seen[0]?.url ?? "", "http://upstream").searchParams;

  it.each([1, 3] as const)(
    "v%d: a foreign rootUrl and link become the site's own origin and reset page",
    async (version) => {
      const route = resetRoute(
        version,
        "https://evil.example",
        "https://evil.example/reset?email=x&resetCode={resetCode}",
      );
      const result = await handleCypherRequest(post(envelope("GET", route)), deps({ siteOrigin: SITE }));
      expect(result.status).toBe(200);
      expect(upstream.seen).toHaveLength(1);
      const query = sentQuery();
      expect(query.get("rootUrl")).toBe(SITE);
      expect(query.get("resetPasswordLink")).toBe(
        `${SITE}/account/reset-password/?email=victim%40example.com&resetCode={resetCode}`,
      );
      expect(upstream.seen[0]?.url).not.toContain("evil");
    },
  );

  it("keeps a link without the e-mail (providers whose links carry none) without it", async () => {
    await handleCypherRequest(
      post(envelope("GET", resetRoute(3, SITE, "/account/reset-password/?resetCode={resetCode}"))),
      deps({ siteOrigin: SITE }),
    );
    expect(sentQuery().get("resetPasswordLink")).toBe(`${SITE}/account/reset-password/?resetCode={resetCode}`);
  });

  it("is refused when the site's origin is unknown, and reaches nobody", async () => {
    const result = await handleCypherRequest(post(envelope("GET", resetRoute(3, SITE, SITE))), deps());
    expect(result.status).toBe(503);
    expect(upstream.seen).toHaveLength(0);
  });

  it("never passes the reset code the provider echoes to the browser", async () => {
    upstream.respond = (_request, res) => sendJson(res, 200, { peachCode: 0, resetCode: "R-123456", email: "v@x" });
    const result = await handleCypherRequest(
      post(envelope("GET", resetRoute(1, SITE, SITE))),
      deps({ siteOrigin: SITE }),
    );
    expect(result.body).toEqual({ peachCode: 0 });
    expect(JSON.stringify(result.body)).not.toContain("R-123456");
  });
});

describe("admission (the server's rate limit)", () => {
  it("asks before the captcha and the provider, and its refusal is the answer", async () => {
    const asked: string[] = [];
    const refusal = proxyError("rate_limited", "slow down", { "Retry-After": "42" });
    const result = await handleCypherRequest(
      post(envelope("POST", LOGIN_V3)),
      deps({
        admit: async (route) => {
          asked.push(route.name);
          return refusal;
        },
      }),
    );
    expect(asked).toEqual(["login"]);
    expect(result).toBe(refusal);
    expect(result.status).toBe(429);
    expect(upstream.seen).toHaveLength(0);
  });
});
