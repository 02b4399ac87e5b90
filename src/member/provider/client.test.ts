import { catalogueFormatter } from "../errors";
import { loyaltyMessagesEnUS as enMessages } from "../i18n/en-US";
import { loyaltyMessagesFrFR as frMessages } from "../i18n/fr-FR";
import { createLoyaltyClient, memberFromProvider, MEMBER_CALL_TIMEOUT_MS, MEMBER_DOWNLOAD_TIMEOUT_MS } from "./client";
import { messageForFailure } from "../failure-message";
import { fakeFetch, member, rawDetails, v1Config, v1Session, v3Config, v3Session } from "../../test/loyalty-fakes";
import { normaliseLoyaltyConfig, type LoyaltyConfig } from "../config";
import { forgetPageKeyTokens, rememberPageKeyToken } from "../captcha-token-key";

// What the proxy relays: the refresh token itself stays in its HttpOnly cookie (src/server/refresh-cookie.ts).
const tokens = { token: "new-tok", refreshTokenHeld: true };
const refreshed = { token: "new-tok", refreshable: true };

function clientOf(config: LoyaltyConfig, answers: Parameters<typeof fakeFetch>[0], brand = "Cypher") {
  const fake = fakeFetch(answers);
  return { client: createLoyaltyClient({ config, brand, fetchImpl: fake.fetchImpl }), calls: fake.calls };
}

/** Both versions' login route, for what holds in each. */
const LOGINS = [
  ["v1", v1Config, "/Member/Login"],
  ["v3", v3Config, "/Member/v3/Login"],
] as const;

/** A sign-in whose login route answers `json`. */
function loginAnswered(config: LoyaltyConfig, path: string, json: Record<string, unknown>) {
  return clientOf(config, { [path]: { json } }).client.login({ username: "a", password: "b" });
}

describe("envelope (spec §7)", () => {
  it("login v1: POST /api/cypher, route with circuitId, credentials beside reqMetadata, captcha field, no session header", async () => {
    const { client, calls } = clientOf(v1Config, {
      "/Member/Login": {
        json: {
          peachCode: 0,
          memberDetails: rawDetails({ userSessionId: "usid", encryptedSessionId: "enc" }),
          sessionManagementTokens: tokens,
        },
      },
    });
    const result = await client.login({ username: "ada@example.com", password: "pw" }, "captcha-token");
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call?.url).toBe("/api/cypher");
    expect(call?.body).toEqual({
      username: "ada@example.com",
      password: "pw",
      reqMetadata: {
        method: "POST",
        route: "/Member/Login?circuitId=C1",
        responseFormat: "json",
        "g-recaptcha-response": "captcha-token",
      },
    });
    expect(call?.headers).toEqual({ Accept: "application/json", "Content-Type": "application/json" });
    expect(result).toEqual({
      ok: true,
      value: {
        token: "new-tok",
        refreshable: true,
        cypherVersion: 1,
        memberId: "100001",
        userSessionId: "usid",
        encryptedSessionId: "enc",
        member,
      },
    });
  });

  it("login v3: branded circuit key; without a captcha token there is no captcha field", async () => {
    const { client, calls } = clientOf(
      v3Config,
      { "/Member/v3/Login": { json: { peachCode: 0, memberDetails: rawDetails(), sessionManagementTokens: tokens } } },
      "Acme",
    );
    const result = await client.login({ username: "a", password: "b" });
    expect(calls[0]?.body.reqMetadata).toEqual({
      method: "POST",
      route: "/Member/v3/Login?AcmeCircuitId=C1&AcmeCinemaId=LUM01",
      responseFormat: "json",
    });
    expect(result).toEqual({ ok: true, value: { ...refreshed, cypherVersion: 3, member } });
  });

  it("names the page key that minted the captcha token (spec §5), and only for a page key", async () => {
    forgetPageKeyTokens();
    const answer = { json: { peachCode: 0, memberDetails: rawDetails(), sessionManagementTokens: tokens } };
    const { client, calls } = clientOf(v3Config, { "/Member/v3/Login": answer, "/GiftCard/CheckGiftCardBalance": {} });
    rememberPageKeyToken("page-token", "page-key-0123456789");
    await client.login({ username: "a", password: "b" }, "page-token");
    await client.login({ username: "a", password: "b" }, "deploy-token");
    await client.call("giftCardBalance", { payload: { cardNumber: "1" }, captchaToken: "page-token" });
    await client.login({ username: "a", password: "b" });
    expect(calls.map((call) => call.body.reqMetadata)).toEqual([
      expect.objectContaining({ "g-recaptcha-response": "page-token", captchaSiteKey: "page-key-0123456789" }),
      expect.not.objectContaining({ captchaSiteKey: expect.anything() }),
      expect.objectContaining({ "g-recaptcha-response": "page-token", captchaSiteKey: "page-key-0123456789" }),
      expect.not.objectContaining({ captchaSiteKey: expect.anything() }),
    ]);
    expect(calls[1]?.body.reqMetadata).toHaveProperty("g-recaptcha-response", "deploy-token");
    // A few recent tokens are kept, not every token ever minted.
    for (let i = 0; i < 8; i += 1) rememberPageKeyToken(`later-${i}`, "page-key-0123456789");
    await client.login({ username: "a", password: "b" }, "page-token");
    expect(calls[4]?.body.reqMetadata).not.toHaveProperty("captchaSiteKey");
    forgetPageKeyTokens();
  });

  it("login v3 without a refresh token signs the member in, with no refresh token (spec §4)", async () => {
    const { client } = clientOf(v3Config, {
      "/Member/v3/Login": {
        json: { peachCode: 0, memberDetails: rawDetails(), sessionManagementTokens: { token: "t" } },
      },
    });
    expect(await client.login({ username: "a", password: "b" })).toEqual({
      ok: true,
      value: { token: "t", refreshable: false, cypherVersion: 3, member },
    });
  });

  it.each(LOGINS)("%s: a login without a session token is a bad response", async (_version, config, path) => {
    const answer = { peachCode: 0, memberDetails: rawDetails(), sessionManagementTokens: { refreshTokenHeld: true } };
    expect(await loginAnswered(config, path, answer)).toEqual({ ok: false, failure: { kind: "bad_response" } });
  });

  it("v3 routes carry {brand}CircuitId even when the circuit id is empty", async () => {
    const config: LoyaltyConfig = { ...v3Config, circuitId: "" };
    const { client, calls } = clientOf(config, {
      "/Member/v3/GetMember/": { json: { peachCode: 0, memberDetails: rawDetails() } },
    });
    await client.getMemberByToken("tok");
    expect(calls[0]?.body.reqMetadata).toEqual({
      method: "GET",
      route: "/Member/v3/GetMember/?CypherCircuitId=",
      responseFormat: "json",
    });
    expect(calls[0]?.headers["Cypher-Session-Token"]).toBe("tok");
  });

  it("refresh v1: GET RefreshLogin with no token of the page's (the cookie carries it); new tokens, userSessionId kept", async () => {
    const { client, calls } = clientOf(v1Config, {
      "/Member/RefreshLogin": {
        json: { statusCode: 200, memberDetails: rawDetails({ pointsBalance: 1300 }), sessionManagementTokens: tokens },
      },
    });
    const result = await client.refresh(v1Session);
    expect(calls[0]?.body.reqMetadata).toEqual({
      method: "GET",
      route: "/Member/RefreshLogin?circuitId=C1",
      responseFormat: "json",
    });
    expect(calls[0]?.headers).toEqual({ Accept: "application/json", "Content-Type": "application/json" });
    expect(result).toEqual({
      ok: true,
      value: { ...v1Session, ...refreshed, member: { ...member, pointsBalance: 1300 } },
    });
  });

  it("refresh v1 without memberId or refresh token fails without calling", async () => {
    const { client, calls } = clientOf(v1Config, {});
    expect(await client.refresh({ ...v1Session, refreshable: false })).toEqual({
      ok: false,
      failure: { kind: "bad_response" },
    });
    expect(calls).toHaveLength(0);
  });

  it("refresh v3: RefreshLogin, then the member by the new session token", async () => {
    const { client, calls } = clientOf(v3Config, {
      "/Member/v3/RefreshLogin": { json: { peachCode: 0, sessionManagementTokens: tokens } },
      "/Member/v3/GetMember/": { json: { peachCode: 0, memberDetails: rawDetails({ firstName: "Ada B." }) } },
    });
    const result = await client.refresh(v3Session);
    expect(calls.map((c) => c.body.reqMetadata)).toEqual([
      {
        method: "GET",
        route: "/Member/v3/RefreshLogin?CypherCircuitId=C1&CypherCinemaId=LUM01",
        responseFormat: "json",
      },
      { method: "GET", route: "/Member/v3/GetMember/?CypherCircuitId=C1", responseFormat: "json" },
    ]);
    expect(calls[0]?.headers["Cypher-Refresh-Session-Token"]).toBeUndefined();
    expect(calls[1]?.headers["Cypher-Session-Token"]).toBe("new-tok");
    expect(result).toEqual({
      ok: true,
      value: { ...refreshed, cypherVersion: 3, member: { ...member, firstName: "Ada B." } },
    });
  });

  it("refresh v3 needs both new tokens", async () => {
    const { client, calls } = clientOf(v3Config, {
      "/Member/v3/RefreshLogin": { json: { peachCode: 0, sessionManagementTokens: { token: "only" } } },
    });
    expect(await client.refresh(v3Session)).toEqual({ ok: false, failure: { kind: "bad_response" } });
    expect(calls).toHaveLength(1);
  });

  it("logout v1 sends the session token; v3 sends cancelAssociatedOrder (the server adds userSessionId from its cookie)", async () => {
    const one = clientOf(v1Config, { "/Member/Logout": { json: { peachCode: 0 } } });
    expect(await one.client.logout(v1Session)).toEqual({ ok: true, value: undefined });
    expect(one.calls[0]?.body).toEqual({
      reqMetadata: { method: "POST", route: "/Member/Logout?circuitId=C1", responseFormat: "json" },
    });
    expect(one.calls[0]?.headers["Cypher-Session-Token"]).toBe("tok-1");

    const three = clientOf(v3Config, { "/Member/v3/Logout": { json: { peachCode: 0 } } });
    await three.client.logout(v3Session);
    expect(three.calls[0]?.body).toEqual({
      cancelAssociatedOrder: true,
      reqMetadata: {
        method: "POST",
        route: "/Member/v3/Logout?CypherCircuitId=C1&CypherCinemaId=LUM01",
        responseFormat: "json",
      },
    });
    expect(three.calls[0]?.headers["Cypher-Session-Token"]).toBe("tok-3");
  });

  it("validateToken v1 uses ValidateToken; v3 uses GetMember by token", async () => {
    const one = clientOf(v1Config, {
      "/Member/ValidateToken": [
        { json: { peachCode: 0 } },
        { json: { peachCode: 7, clientErrorMessage: "Invalid token" } },
      ],
    });
    expect(await one.client.validateToken("tok")).toEqual({ ok: true, value: undefined });
    expect(await one.client.validateToken("tok")).toEqual({
      ok: false,
      failure: { kind: "provider", code: 7, clientErrorMessage: "Invalid token" },
    });
    expect(one.calls[0]?.body.reqMetadata.route).toBe("/Member/ValidateToken?circuitId=C1");
    expect(one.calls[0]?.headers["Cypher-Session-Token"]).toBe("tok");

    const three = clientOf(v3Config, {
      "/Member/v3/GetMember/": { json: { peachCode: 0, memberDetails: rawDetails() } },
    });
    expect((await three.client.validateToken("tok")).ok).toBe(true);
    expect(three.calls[0]?.body.reqMetadata.route).toBe("/Member/v3/GetMember/?CypherCircuitId=C1");
  });

  it("loginByToken v1: statusCode 200 with details and tokens; missing tokens fall back to the given ones", async () => {
    const { client, calls } = clientOf(v1Config, {
      "/Member/LoginByToken": [
        { json: { statusCode: 200, memberDetails: rawDetails({ userSessionId: "u2" }), sessionManagementTokens: {} } },
        { json: { statusCode: 0, memberDetails: rawDetails() } },
        { json: { statusCode: 401, clientErrorMessage: "Invalid token" } },
      ],
    });
    expect(await client.loginByToken("handed", undefined, { refreshable: true })).toEqual({
      ok: true,
      value: {
        token: "handed",
        refreshable: true,
        cypherVersion: 1,
        memberId: "100001",
        userSessionId: "u2",
        member,
      },
    });
    expect(calls[0]?.body).toEqual({
      token: "handed",
      reqMetadata: { method: "POST", route: "/Member/LoginByToken?circuitId=C1", responseFormat: "json" },
    });
    expect(calls[0]?.headers["Cypher-Session-Token"]).toBeUndefined();
    expect(await client.loginByToken("handed")).toEqual({ ok: false, failure: { kind: "bad_response" } });
    expect(await client.loginByToken("handed")).toEqual({
      ok: false,
      failure: { kind: "provider", code: 401, clientErrorMessage: "Invalid token" },
    });
  });

  it("loginByToken v3: GetMember by token with includeCards when flagged", async () => {
    const { client, calls } = clientOf(v3Config, {
      "/Member/v3/GetMember/": { json: { peachCode: 0, memberDetails: rawDetails() } },
    });
    expect(await client.loginByToken("handed", true)).toEqual({
      ok: true,
      value: { token: "handed", refreshable: false, cypherVersion: 3, member },
    });
    expect(calls[0]?.body.reqMetadata.route).toBe("/Member/v3/GetMember/?CypherCircuitId=C1&includeCards=true");
  });

  it("fetchMember: v1 GetMember with the box-office session id, v3 GetMember by token", async () => {
    const one = clientOf(v1Config, { "/Member/GetMember/": { json: { peachCode: 0, memberDetails: rawDetails() } } });
    expect(await one.client.fetchMember(v1Session)).toEqual({ ok: true, value: member });
    expect(one.calls[0]?.body.reqMetadata.route).toBe("/Member/GetMember/?circuitId=C1&userSessionId=usid-1");
    expect(one.calls[0]?.headers["Cypher-Session-Token"]).toBe("tok-1");

    const three = clientOf(v3Config, {
      "/Member/v3/GetMember/": [
        { json: { peachCode: 0, memberDetails: rawDetails() } },
        { json: { peachCode: 7, clientErrorMessage: "Invalid token" } },
      ],
    });
    expect(await three.client.fetchMember(v3Session)).toEqual({ ok: true, value: member });
    expect(three.calls[0]?.headers["Cypher-Session-Token"]).toBe("tok-3");
    expect(await three.client.fetchMember(v3Session)).toEqual({
      ok: false,
      failure: { kind: "provider", code: 7, clientErrorMessage: "Invalid token" },
    });
  });

  it("call(): any table route, context keys the route takes, params defaulted from the context", async () => {
    const { client, calls } = clientOf(v1Config, {
      "/Member/v2/OrderHistory": { json: { peachCode: 0, orders: [] } },
      "/Member/GetItemsAvailableToValidatedLoyaltyMember/C1": { json: { peachCode: 0, items: [] } },
    });
    const orders = await client.call("orderHistory", { session: "tok", query: { maxResults: 5 } });
    expect(orders).toEqual({ ok: true, value: { peachCode: 0, orders: [] } });
    expect(calls[0]?.body.reqMetadata).toEqual({
      method: "GET",
      route: "/Member/v2/OrderHistory?circuitId=C1&maxResults=5",
      responseFormat: "json",
    });
    await client.call("itemsAvailable", { session: "tok" });
    expect(calls[1]?.body.reqMetadata.route).toBe("/Member/GetItemsAvailableToValidatedLoyaltyMember/C1?circuitId=C1");
  });

  it("call() with a raw route answers bytes", async () => {
    const { client, calls } = clientOf(v3Config, {
      "/AppleWallet/CreateLoyaltyCard/C1": { text: "PK..", contentType: "application/vnd.apple.pkpass" },
    });
    const result = await client.call("loyaltyCardWalletPass", {
      responseFormat: "raw",
      session: "tok",
      params: { walletProvider: "AppleWallet" },
      query: { cardNumber: "CYP1" },
    });
    expect(calls[0]?.body.reqMetadata).toEqual({
      method: "GET",
      route: "/AppleWallet/CreateLoyaltyCard/C1?cardNumber=CYP1&fullJwt=true",
      responseFormat: "raw",
    });
    expect(result.ok && result.value.contentType).toBe("application/vnd.apple.pkpass");
  });
});

describe("failures", () => {
  it("non-zero peachCode → provider failure with the server text", async () => {
    const { client } = clientOf(v3Config, {
      "/Member/v3/Login": { json: { peachCode: 31, clientErrorMessage: "Wrong password" } },
    });
    expect(await client.login({ username: "a", password: "b" })).toEqual({
      ok: false,
      failure: { kind: "provider", code: 31, clientErrorMessage: "Wrong password" },
    });
  });

  it("the proxy's JSON errors → proxy failure by code; unreadable error pages by status", async () => {
    const { client } = clientOf(v3Config, {
      "/Member/v3/Login": [
        { status: 403, json: { error: { code: "captcha_failed", message: "the captcha check failed" } } },
        { status: 504, json: { error: { code: "upstream_timeout", message: "…" } } },
        { status: 413, json: { error: { code: "payload_too_large", message: "…" } } },
        { status: 502, text: "<html>Bad gateway</html>", contentType: "text/html" },
        { status: 418, text: "teapot", contentType: "text/plain" },
      ],
    });
    const login = () => client.login({ username: "a", password: "b" });
    expect(await login()).toEqual({ ok: false, failure: { kind: "proxy", code: "captcha_failed" } });
    expect(await login()).toEqual({ ok: false, failure: { kind: "proxy", code: "upstream_timeout" } });
    expect(await login()).toEqual({ ok: false, failure: { kind: "proxy", code: "payload_too_large" } });
    expect(await login()).toEqual({ ok: false, failure: { kind: "proxy", code: "upstream_error" } });
    expect(await login()).toEqual({ ok: false, failure: { kind: "bad_response" } });
  });

  it("a 429 carries its Retry-After, and the member reads when to try again (en-US, fr-FR)", async () => {
    const { client } = clientOf(v3Config, {
      "/Member/v3/Login": [
        { status: 429, json: { error: { code: "rate_limited", message: "…" } }, retryAfter: "37" },
        { status: 429, text: "<html>Too many</html>", contentType: "text/html", retryAfter: "5" },
        { status: 429, json: { error: { code: "upstream_rate_limited", message: "…" } } },
      ],
    });
    const login = () => client.login({ username: "a", password: "b" });
    const first = await login();
    expect(first).toEqual({ ok: false, failure: { kind: "proxy", code: "rate_limited", retryAfter: 37 } });
    expect(await login()).toEqual({
      ok: false,
      failure: { kind: "proxy", code: "upstream_rate_limited", retryAfter: 5 },
    });
    const third = await login();
    expect(third).toEqual({ ok: false, failure: { kind: "proxy", code: "upstream_rate_limited" } });
    const boost = { provider: "BOOST_POS", displayOriginalCypherMessages: false } as const;
    if (first.ok || third.ok) throw new Error("expected failures");
    expect(messageForFailure(first.failure, boost, catalogueFormatter(enMessages), "x")).toBe(
      "Too many attempts. Please try again in 37 s.",
    );
    expect(messageForFailure(first.failure, boost, catalogueFormatter(frMessages), "x")).toBe(
      "Trop de tentatives. Réessayez dans 37 s.",
    );
    expect(messageForFailure(third.failure, boost, catalogueFormatter(enMessages), "x")).toBe(
      enMessages["loyalty.error.rateLimited"],
    );
  });

  it("fetch throwing → network; non-JSON or incomplete success → bad_response", async () => {
    const { client } = clientOf(v3Config, {
      "/Member/v3/Login": [
        "throw",
        { text: "not json", contentType: "text/plain" },
        { json: { peachCode: 0, memberDetails: rawDetails() } },
        { json: { hello: "world" } },
      ],
    });
    const login = () => client.login({ username: "a", password: "b" });
    expect(await login()).toEqual({ ok: false, failure: { kind: "network" } });
    expect(await login()).toEqual({ ok: false, failure: { kind: "bad_response" } });
    expect(await login()).toEqual({ ok: false, failure: { kind: "bad_response" } }); // no tokens
    expect(await login()).toEqual({ ok: false, failure: { kind: "bad_response" } }); // no verdict
  });

  it("messageForFailure follows the spec §8 lookup order and the proxy's message ids", () => {
    const format = catalogueFormatter(enMessages);
    const boost = { provider: "BOOST_POS", displayOriginalCypherMessages: false } as const;
    expect(messageForFailure({ kind: "provider", code: 31 }, boost, format, "Login failed")).toBe(
      "Incorrect password (Code: 31)",
    );
    expect(messageForFailure({ kind: "provider", code: 84 }, boost, format, "x")).toMatch(/^.+ \(Code: 84\)$/);
    expect(messageForFailure({ kind: "provider", code: 84 }, boost, format, "x")).toBe(
      `${enMessages["loyalty.error.84_BOOST_POS"]} (Code: 84)`,
    );
    expect(
      messageForFailure(
        { kind: "provider", code: 999, clientErrorMessage: "Server says" },
        boost,
        format,
        "Login failed",
      ),
    ).toBe("Login failed (Code: 999)");
    expect(
      messageForFailure(
        { kind: "provider", code: 999, clientErrorMessage: "Server says" },
        { ...boost, displayOriginalCypherMessages: true },
        format,
        "x",
      ),
    ).toBe("Server says (Code: 999)");
    expect(messageForFailure({ kind: "proxy", code: "captcha_failed" }, boost, format, "x")).toBe(
      enMessages["loyalty.error.captcha"],
    );
    expect(messageForFailure({ kind: "network" }, boost, format, "x")).toBe(enMessages["loyalty.error.network"]);
    expect(messageForFailure({ kind: "bad_response" }, boost, format, "x")).toBe(enMessages["loyalty.error.generic"]);
    expect(messageForFailure({ kind: "network" }, boost, () => undefined, "fallback")).toBe("fallback");
  });
});

describe("time limit (the connection between the browser and the site stalls)", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  /** A fetch that never answers, as over a stalled connection; it records the signal it was given. */
  function stalledFetch({ honoursSignal }: { honoursSignal: boolean }) {
    const signals: AbortSignal[] = [];
    const fetchImpl = ((_url: string | URL | Request, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        if (init?.signal) signals.push(init.signal);
        if (honoursSignal)
          init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
      })) as typeof fetch;
    return { fetchImpl, signals };
  }

  /** Settles as soon as `promise` does, or says it is still pending. */
  const pending = Symbol("pending");
  async function stateOf<T>(promise: Promise<T>): Promise<T | typeof pending> {
    return Promise.race([promise, Promise.resolve().then((): typeof pending => pending)]);
  }

  it("lies above the server's own upstream timeout", async () => {
    const { DEFAULT_UPSTREAM_TIMEOUT_MS } = await import("../../server/cypher-proxy");
    expect(MEMBER_CALL_TIMEOUT_MS).toBeGreaterThan(DEFAULT_UPSTREAM_TIMEOUT_MS + 5_000);
  });

  it.each([true, false])(
    "a fetch that never answers settles as the network failure after the limit, its request aborted (fetch honours the signal: %s)",
    async (honoursSignal) => {
      const stalled = stalledFetch({ honoursSignal });
      const client = createLoyaltyClient({ config: v3Config, brand: "Cypher", fetchImpl: stalled.fetchImpl });
      const result = client.fetchMember(v3Session);
      await jest.advanceTimersByTimeAsync(MEMBER_CALL_TIMEOUT_MS - 1);
      expect(await stateOf(result)).toBe(pending);
      expect(stalled.signals[0]?.aborted).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      expect(await result).toEqual({ ok: false, failure: { kind: "network" } });
      expect(stalled.signals[0]?.aborted).toBe(true);
      expect(jest.getTimerCount()).toBe(0);
    },
  );

  it("the member reads that the member service cannot be reached (en-US, fr-FR)", async () => {
    const client = createLoyaltyClient({
      config: v3Config,
      brand: "Cypher",
      fetchImpl: stalledFetch({ honoursSignal: false }).fetchImpl,
    });
    const result = client.login({ username: "a", password: "b" });
    await jest.advanceTimersByTimeAsync(MEMBER_CALL_TIMEOUT_MS);
    const settled = await result;
    if (settled.ok) throw new Error("expected a failure");
    const boost = { provider: "BOOST_POS", displayOriginalCypherMessages: false } as const;
    expect(messageForFailure(settled.failure, boost, catalogueFormatter(enMessages), "x")).toBe(
      enMessages["loyalty.error.network"],
    );
    expect(messageForFailure(settled.failure, boost, catalogueFormatter(frMessages), "x")).toBe(
      frMessages["loyalty.error.network"],
    );
  });

  it("a JSON answer whose body stalls after its headers is the network failure too, at the same limit", async () => {
    const fetchImpl = (async () =>
      ({
        ok: true,
        status: 200,
        headers: { get: () => "application/json" },
        json: () => new Promise<never>(() => undefined),
      }) as unknown as Response) as typeof fetch;
    const client = createLoyaltyClient({ config: v3Config, brand: "Cypher", fetchImpl });
    const result = client.call("rewards", { session: "tok" });
    await jest.advanceTimersByTimeAsync(MEMBER_CALL_TIMEOUT_MS);
    expect(await result).toEqual({ ok: false, failure: { kind: "network" } });
    expect(jest.getTimerCount()).toBe(0);
  });

  it("a call answered in time is unaffected and leaves no timer running", async () => {
    const { client } = clientOf(v3Config, {
      "/Member/v3/GetMember/": { json: { peachCode: 0, memberDetails: rawDetails() } },
      "/Member/v3/Login": { json: { peachCode: 31, clientErrorMessage: "Wrong password" } },
      "/Member/v3/RewardsListing": { status: 504, json: { error: { code: "upstream_timeout", message: "…" } } },
    });
    expect(await client.fetchMember(v3Session)).toEqual({ ok: true, value: member });
    expect(jest.getTimerCount()).toBe(0);
    expect(await client.login({ username: "a", password: "b" })).toEqual({
      ok: false,
      failure: { kind: "provider", code: 31, clientErrorMessage: "Wrong password" },
    });
    expect(jest.getTimerCount()).toBe(0);
    expect(await client.call("rewards", { session: "tok" })).toEqual({
      ok: false,
      failure: { kind: "proxy", code: "upstream_timeout" },
    });
    expect(jest.getTimerCount()).toBe(0);
    // Long after, nothing fires on the settled calls.
    await jest.advanceTimersByTimeAsync(MEMBER_DOWNLOAD_TIMEOUT_MS * 2);
  });

  it("a fetch that fails at once is the network failure at once, with no timer left", async () => {
    const { client } = clientOf(v3Config, { "/Member/v3/Login": "throw" });
    expect(await client.login({ username: "a", password: "b" })).toEqual({ ok: false, failure: { kind: "network" } });
    expect(jest.getTimerCount()).toBe(0);
  });

  describe("a wallet pass (raw answer)", () => {
    const passCall = {
      responseFormat: "raw",
      session: "tok",
      params: { walletProvider: "AppleWallet" },
      query: { cardNumber: "CYP1" },
    } as const;

    /** Headers at once; the bytes when the test releases them (or never). */
    function slowPass() {
      let release: (bytes: string) => void = () => undefined;
      const bytes = new Promise<string>((resolve) => {
        release = resolve;
      });
      const fetchImpl = (async () =>
        ({
          ok: true,
          status: 200,
          headers: { get: () => "application/vnd.apple.pkpass" },
          blob: async () => {
            const text = await bytes;
            return { size: text.length, text: async () => text, type: "application/vnd.apple.pkpass" };
          },
        }) as unknown as Response) as typeof fetch;
      return {
        client: createLoyaltyClient({ config: v3Config, brand: "Cypher", fetchImpl }),
        release: (b: string) => release(b),
      };
    }

    it("must start within the call's limit", async () => {
      const client = createLoyaltyClient({
        config: v3Config,
        brand: "Cypher",
        fetchImpl: stalledFetch({ honoursSignal: true }).fetchImpl,
      });
      const result = client.call("loyaltyCardWalletPass", passCall);
      await jest.advanceTimersByTimeAsync(MEMBER_CALL_TIMEOUT_MS);
      expect(await result).toEqual({ ok: false, failure: { kind: "network" } });
    });

    it("whose bytes take longer than the call's limit still arrives, and no timer is left", async () => {
      const { client, release } = slowPass();
      const result = client.call("loyaltyCardWalletPass", passCall);
      await jest.advanceTimersByTimeAsync(MEMBER_CALL_TIMEOUT_MS * 2);
      expect(await stateOf(result)).toBe(pending);
      release("PK..");
      const settled = await result;
      expect(settled.ok && settled.value.contentType).toBe("application/vnd.apple.pkpass");
      expect(settled.ok && settled.value.blob.size).toBe(4);
      expect(jest.getTimerCount()).toBe(0);
    });

    it("whose bytes stall is the network failure once the download's limit passes", async () => {
      const { client } = slowPass();
      const result = client.call("loyaltyCardWalletPass", passCall);
      await jest.advanceTimersByTimeAsync(MEMBER_DOWNLOAD_TIMEOUT_MS - 1);
      expect(await stateOf(result)).toBe(pending);
      await jest.advanceTimersByTimeAsync(1);
      expect(await result).toEqual({ ok: false, failure: { kind: "network" } });
      expect(jest.getTimerCount()).toBe(0);
    });
  });
});

describe("reshaping", () => {
  it("maps the no-expiry sentinel to null and keeps a real expiry", () => {
    expect(memberFromProvider({ memberId: "1", memberExpiry: "0001-01-01T00:00:00Z" }).expiresAt).toBeNull();
    expect(memberFromProvider({ memberId: "1", memberExpiry: "2027-01-01T00:00:00Z" }).expiresAt).toBe(
      "2027-01-01T00:00:00Z",
    );
    expect(memberFromProvider({ memberId: "1" })).toEqual({
      memberId: "1",
      firstName: "",
      lastName: "",
      email: "",
      username: "",
      mobilePhone: "",
      birthDate: "",
      expiresAt: null,
      cardNumber: "",
      clubId: "",
      levelName: "",
      pointsBalance: 0,
      hasUserName: true,
      details: {},
    });
  });

  it("keeps every other memberDetails field as the provider sent it (spec §3: all fields of memberDetails)", () => {
    const extra = {
      memberLevelId: 3,
      preferredCinemaId: "SL002",
      pickupCinemaId: null,
      marketingOptIn: false,
      cards: [{ cardNumber: "C1", isPrimary: true }],
      address: { city: "Austin", zip: "78701" },
    };
    const member = memberFromProvider({
      ...rawDetails(),
      ...extra,
      memberId: "100001",
      userSessionId: "usid",
      encryptedSessionId: "enc",
    });
    expect(member.details).toEqual({ ...extra });
    // The named fields keep their place (and their domain form); session ids stay with the session.
    expect(member).toMatchObject({ firstName: "Ada", levelName: "Gold", expiresAt: null });
    expect(member.details).not.toHaveProperty("firstName");
    expect(member.details).not.toHaveProperty("userSessionId");
  });

  it.each(LOGINS)("%s: a login's session keeps the provider's other fields", async (_version, config, path) => {
    const result = await loginAnswered(config, path, {
      peachCode: 0,
      memberDetails: rawDetails({ preferredCinemaId: "SL002", tier: { rank: 2 } }),
      sessionManagementTokens: tokens,
    });
    expect(result.ok && result.value.member.details).toEqual({
      memberLevelId: 1,
      preferredCinemaId: "SL002",
      tier: { rank: 2 },
    });
  });
});

describe("cinemaId on a circuit (spec §4 provider overrides, §4 Selected theater)", () => {
  // The US circuit's shape: no current theater known at build, a configured fallback cinema.
  const circuit = { circuitId: "STARLIGHT", currentCinemaId: "" };

  it.each(["BOOST_POS", "BOOST_POS_WITHOUT_LOYALTY", "TAPOS", "CGR"] as const)(
    "%s: each call carries the theater current when it is made",
    async (provider) => {
      const config = normaliseLoyaltyConfig({ provider, cinemaId: "SL001" }, circuit);
      const fake = fakeFetch({
        "/Member/v3/RewardsListing": { json: { peachCode: 0 } },
        "/Member/v3/Logout": { json: { peachCode: 0 } },
      });
      let current: string | null = "SL002";
      const client = createLoyaltyClient({
        config,
        brand: "Cypher",
        fetchImpl: fake.fetchImpl,
        currentCinemaId: () => current,
      });
      await client.call("rewards", { session: "tok" });
      current = "SL003";
      await client.logout({ token: "tok" });
      current = null;
      await client.call("rewards", { session: "tok" });
      const routes = fake.calls.map((call) => call.body.reqMetadata.route);
      expect(routes[0]).toBe("/Member/v3/RewardsListing?CypherCircuitId=STARLIGHT&CypherCinemaId=SL002");
      expect(routes[1]).toContain("CypherCinemaId=SL003");
      // No current theater: the configured cinema stands in.
      expect(routes[2]).toBe("/Member/v3/RewardsListing?CypherCircuitId=STARLIGHT&CypherCinemaId=SL001");
    },
  );

  it("a provider without the override keeps its configured cinema", async () => {
    const config = normaliseLoyaltyConfig({ provider: "NONE", version: 3, cinemaId: "SL001" }, circuit);
    const fake = fakeFetch({ "/Member/v3/RewardsListing": { json: { peachCode: 0 } } });
    const client = createLoyaltyClient({
      config,
      brand: "Cypher",
      fetchImpl: fake.fetchImpl,
      currentCinemaId: () => "SL002",
    });
    await client.call("rewards", { session: "tok" });
    expect(fake.calls[0]?.body.reqMetadata.route).toBe("/Member/v3/RewardsListing?CypherCinemaId=SL001");
  });
});
