// The client against the real proxy and the sandbox provider (a third party written from the
// spec alone): what the client sends must pass the proxy's allowlist and mean the same thing to
// the provider, and what comes back must read as the domain shapes.
import { createSandboxProvider, type SandboxProvider } from "../../../sandbox/loyalty-provider/server";
import { handleCypherRequest } from "../../server/cypher-proxy";
import { createRefreshReplay } from "../../server/refresh-replay";
import { createLoyaltyClient, type LoyaltyClient } from "./client";
import type { LoyaltyConfig } from "../config";
import type { MemberSession } from "../types";
import { v1Config, v3Config } from "../../test/loyalty-fakes";
import { fetchResponseOf, keepApiCookie, proxyRequestOf, type ApiCookieJar } from "../../test/proxy-fetch";

import { DEMO_PASSWORD as PASSWORD } from "../../../sandbox/loyalty-provider/demo-password";
let provider: SandboxProvider;
let upstreamUrl: string;
const warnings: string[] = [];

beforeAll(async () => {
  provider = await createSandboxProvider({ log: () => undefined });
  upstreamUrl = await provider.listen(0);
});
afterAll(async () => {
  await provider.close();
});

const jar: ApiCookieJar = { cookie: "" };

/** The proxy's window of repeated refreshes (refresh-replay.ts): a fresh one per test. */
const proxyReplay = { current: createRefreshReplay() };
beforeEach(() => {
  proxyReplay.current = createRefreshReplay();
});

/** The browser's fetch of /api/cypher, answered by the proxy in process, with the cookie jar of /api/. */
const proxyFetch = (async (_url: string | URL | Request, init?: RequestInit) => {
  const answer = await handleCypherRequest(
    { ...proxyRequestOf(init, jar), secure: false },
    {
      upstreamUrl,
      logger: { warn: (m) => warnings.push(m), error: (m) => warnings.push(m) },
      refreshReplay: proxyReplay.current,
    },
  );
  keepApiCookie(jar, answer);
  return fetchResponseOf(answer);
}) as typeof fetch;

function clientFor(config: LoyaltyConfig): LoyaltyClient {
  return createLoyaltyClient({ config, brand: "Cypher", fetchImpl: proxyFetch });
}

async function signIn(client: LoyaltyClient, email: string): Promise<MemberSession> {
  const result = await client.login({ username: email, password: PASSWORD });
  if (!result.ok) throw new Error(`login of ${email} failed: ${JSON.stringify(result.failure)}`);
  return result.value;
}

describe.each([
  ["v1", v1Config],
  ["v3", v3Config],
  ["v3 without a circuit id", { ...v3Config, circuitId: "" }],
] as const)("%s against the sandbox through the proxy", (_name, config) => {
  const client = clientFor(config);
  const version = config.version;

  it("login of the active member gives a domain session", async () => {
    const session = await signIn(client, "active.v3@example.com");
    expect(session.cypherVersion).toBe(version);
    expect(session.token).not.toBe("");
    expect(session.refreshable).toBe(true);
    // The refresh token went to the cookie, never into what the page reads.
    expect(jar.cookie).toMatch(/^memberRefresh=.+/);
    expect(JSON.stringify(session)).not.toContain(jar.cookie.slice("memberRefresh=".length));
    expect(session.member).toMatchObject({
      email: "active.v3@example.com",
      expiresAt: null,
      cardNumber: "CYP0000000001",
      pointsBalance: 1250,
    });
    if (version === 1) {
      expect(session.memberId).toBe(session.member.memberId);
      expect(session.userSessionId).toEqual(expect.any(String));
    } else {
      expect(session.userSessionId).toBeUndefined();
    }
  });

  it("refresh rotates the tokens; the provider drops the old pair, which the proxy answers with the new one for a while", async () => {
    const session = await signIn(client, "active.v1@example.com");
    const firstPair = jar.cookie;
    const refreshed = await client.refresh(session);
    if (!refreshed.ok) throw new Error(JSON.stringify(refreshed.failure));
    expect(refreshed.value.token).not.toBe(session.token);
    expect(refreshed.value.member).toMatchObject({
      email: "active.v1@example.com",
      hasUserName: false,
      pointsBalance: 300,
    });
    expect(refreshed.value.member.expiresAt).toEqual(expect.any(String));
    expect((await client.validateToken(session.token)).ok).toBe(false);
    expect((await client.validateToken(refreshed.value.token)).ok).toBe(true);
    expect(jar.cookie).not.toBe(firstPair);
    const secondPair = jar.cookie;
    // A page that never read that answer still holds the first pair: within the proxy's window
    // it gets the same new pair, not a third (src/server/refresh-replay.ts).
    jar.cookie = firstPair;
    const again = await client.refresh(session);
    if (!again.ok) throw new Error(JSON.stringify(again.failure));
    expect(again.value.token).toBe(refreshed.value.token);
    expect(jar.cookie).toBe(secondPair);
    // Past the window, the provider's verdict on the first pair is final.
    jar.cookie = firstPair;
    proxyReplay.current = createRefreshReplay();
    expect((await client.refresh(session)).ok).toBe(false);
  });

  it("validateToken and getMemberByToken", async () => {
    const session = await signIn(client, "active.v3@example.com");
    expect(await client.validateToken(session.token)).toEqual({ ok: true, value: undefined });
    const bad = await client.validateToken("not-a-live-token");
    expect(bad).toEqual({ ok: false, failure: expect.objectContaining({ kind: "provider", code: 7 }) });
    if (version === 3) {
      const member = await client.getMemberByToken(session.token, true);
      expect(member).toEqual({ ok: true, value: session.member });
    }
  });

  it("loginByToken signs in with a handed-over token", async () => {
    const session = await signIn(client, "active.v3@example.com");
    const byToken = await client.loginByToken(session.token, undefined, { refreshable: session.refreshable });
    if (!byToken.ok) throw new Error(JSON.stringify(byToken.failure));
    expect(byToken.value.member.email).toBe("active.v3@example.com");
    expect(byToken.value.cypherVersion).toBe(version);
    const bad = await client.loginByToken("not-a-live-token");
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.failure.kind).toBe("provider");
  });

  it("logout ends the session", async () => {
    const session = await signIn(client, "active.v3@example.com");
    expect(jar.cookie).not.toBe("");
    expect(await client.logout(session)).toEqual({ ok: true, value: undefined });
    expect((await client.validateToken(session.token)).ok).toBe(false);
    expect(jar.cookie).toBe("");
  });

  it("the expired member logs in, with an expiry in the past", async () => {
    const session = await signIn(client, "expired@example.com");
    expect(Date.parse(session.member.expiresAt ?? "")).toBeLessThan(Date.now());
  });

  it.each([
    ["active.v3@example.com", "wrong-password", 31],
    ["blocked@example.com", PASSWORD, 1019],
    ["inactive@example.com", PASSWORD, 26],
    ["nobody@example.com", PASSWORD, 30],
  ])("login of %s with %s → provider code %i", async (email, password, code) => {
    expect(await client.login({ username: email, password })).toEqual({
      ok: false,
      failure: expect.objectContaining({ kind: "provider", code }),
    });
  });

  it("generic call(): order history of the signed-in member", async () => {
    const session = await signIn(client, "active.v3@example.com");
    const history = await client.call("orderHistory", { session: session.token, query: { maxResults: 2 } });
    expect(history.ok).toBe(true);
    expect(history.ok && (history.value as { orders?: unknown[] }).orders).toHaveLength(2);
  });
});

it("a provider that cannot be reached is a proxy failure, not a crash", async () => {
  const down = createLoyaltyClient({
    config: v3Config,
    brand: "Cypher",
    fetchImpl: (async (_url: string | URL | Request, init?: RequestInit) => {
      const answer = await handleCypherRequest(
        {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.parse(String(init?.body)) as unknown,
        },
        { upstreamUrl: "http://127.0.0.1:9", logger: { warn: () => undefined, error: () => undefined } },
      );
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: answer.headers });
    }) as typeof fetch,
  });
  expect(await down.login({ username: "a@example.com", password: "x" })).toEqual({
    ok: false,
    failure: { kind: "proxy", code: "upstream_unreachable" },
  });
});
