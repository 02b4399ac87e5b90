import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { loadSiteConfig } from "../../config/load";
import { useSessionLinkBridge } from "../../links/LinkEnvironment";
import { buildSiteModel, type SiteRuntime } from "../../site/model";
import { installSiteRuntime } from "../../test/gatsby-mock";
import { createLoyaltyClient } from "../provider/client";
import { loadLoyaltyEngine } from "./lazy-client";
import { externalTokenOf, LoyaltyProvider, useMemberSession, type MemberSessionValue } from "./LoyaltyProvider";
import { clearSession, MEMBER_SESSION_STORAGE_KEY, restoreSession, storeSession } from "./persistence";
import { createRefreshMemory } from "./refresh-schedule";
import { createTokenHandover } from "./token-handover";
import { fakeFetch, member, rawDetails, routesOf, settle, v1Session, v3Session } from "../../test/loyalty-fakes";
import { bareMember } from "../types";
import { openedQuery } from "../../tracking/analytics/private-params";
import { startPageAsTheHeadDoes } from "../../test/address-bar";

jest.mock("gatsby", () => jest.requireActual("../../test/gatsby-mock"));

let lumiere: SiteRuntime; // v3, BOOST_POS
let starlight: SiteRuntime; // v1
beforeAll(async () => {
  lumiere = buildSiteModel(
    await loadSiteConfig({ configRoot: "site-config", siteId: "lumiere" }),
    new Date("2026-11-20T10:00:00Z"),
  ).runtime;
  starlight = buildSiteModel(
    await loadSiteConfig({ configRoot: "site-config", siteId: "starlight" }),
    new Date("2026-11-20T10:00:00Z"),
  ).runtime;
});

beforeEach(() => {
  clearSession();
  localStorage.clear();
});
afterEach(() => jest.useRealTimers());

const tokens = { token: "new-tok", refreshTokenHeld: true };
const keep = { sessionTimeoutHours: 720, browserSessionOnly: false };
/** A pair issued an hour ago: old enough to be refreshed when a page starts (STARTUP_REFRESH_GRACE_MS). */
const keepIssuedAnHourAgo = { ...keep, now: () => Date.now() - 3_600_000 };

const memberAnswer = { json: { peachCode: 0, memberDetails: rawDetails() } };
const RESTORE = /^\/Member\/(?:v3\/)?GetMember\//;

/**
 * Renders the provider and lets its restore (which loads the session engine on demand, then reads
 * the member again) finish. The restore's GetMember is answered with the member unless the test
 * answers it, and is left out of the calls returned unless `keepRestoreCalls`.
 */
async function setup(
  runtime: SiteRuntime,
  answers: Parameters<typeof fakeFetch>[0],
  options: {
    externalToken?: string | null;
    /**
     * The page's address instead: it starts as every page does (gatsby-browser.tsx, issue 44), its
     * private parameters leaving the address bar, and the session reads ?token= as the site does.
     */
    address?: string;
    now?: () => Date;
    keepRestoreCalls?: boolean;
    /** Paths whose calls are recorded but never answered (a provider that hangs). */
    neverAnswered?: readonly string[];
  } = {},
) {
  installSiteRuntime(runtime);
  const fake = fakeFetch({ "/Member/GetMember/": memberAnswer, "/Member/v3/GetMember/": memberAnswer, ...answers });
  const hanging = new Set(options.neverAnswered ?? []);
  const fetchImpl = ((url: string | URL | Request, init?: RequestInit) => {
    const path = (JSON.parse(String(init?.body)) as { reqMetadata: { route: string } }).reqMetadata.route.split("?")[0];
    if (!hanging.has(path ?? "")) return fake.fetchImpl(url, init);
    void fake.fetchImpl(url, init).catch(() => undefined); // recorded only
    return new Promise<Response>(() => undefined);
  }) as typeof fetch;
  const client = createLoyaltyClient({
    config: runtime.loyalty,
    brand: runtime.loyaltyBrand,
    fetchImpl,
  });
  const memory = createRefreshMemory();
  if (options.address !== undefined) {
    window.history.replaceState(null, "", options.address);
    startPageAsTheHeadDoes();
  }
  const wrapper = ({ children }: { children: ReactNode }) => (
    <LoyaltyProvider
      client={client}
      {...(options.address === undefined ? { externalToken: options.externalToken ?? null } : {})}
      refreshMemory={memory}
      tokenHandover={createTokenHandover()}
      {...(options.now ? { now: options.now } : {})}
    >
      {children}
    </LoyaltyProvider>
  );
  const hook = renderHook(() => ({ session: useMemberSession(), bridge: useSessionLinkBridge() }), { wrapper });
  await act(async () => {
    await loadLoyaltyEngine();
    // Microtasks only: some tests run on fake timers. The restore's fetch answers in a few.
    for (let i = 0; i < 50; i += 1) await Promise.resolve();
  });
  if (!options.keepRestoreCalls && !options.externalToken && options.address === undefined) {
    const restoreCalls = fake.calls.filter((call) => RESTORE.test(call.body.reqMetadata.route));
    for (const call of restoreCalls) fake.calls.splice(fake.calls.indexOf(call), 1);
  }
  return { ...hook, calls: fake.calls };
}

/** The token check the hand-off makes (spec §8): its verdict, once the session has taken it in. */
async function checkToken(result: { current: { session: MemberSessionValue } }): Promise<boolean | undefined> {
  let valid: boolean | undefined;
  await act(async () => {
    valid = await result.current.session.validateToken();
  });
  return valid;
}

it("useMemberSession throws outside the provider", async () => {
  jest.spyOn(console, "error").mockImplementation(() => undefined);
  expect(() => renderHook(() => useMemberSession())).toThrow("useMemberSession must be used inside <LoyaltyProvider>");
});

describe("login (spec §4)", () => {
  it("v3: logged out → logged in; the session is stored and the link bridge carries the token", async () => {
    const { result, calls } = await setup(lumiere, {
      "/Member/v3/Login": { json: { peachCode: 0, memberDetails: rawDetails(), sessionManagementTokens: tokens } },
    });
    expect(result.current.session.status).toBe("loggedOut");
    expect(result.current.bridge.token).toBeNull();
    let outcome: unknown;
    await act(async () => {
      outcome = await result.current.session.login("ada@example.com", "pw", "captcha");
    });
    expect(outcome).toEqual({ ok: true });
    expect(result.current.session).toMatchObject({ status: "loggedIn", member, expired: false, loginError: null });
    expect(result.current.bridge.token).toBe("new-tok");
    expect(calls[0]?.body.reqMetadata["g-recaptcha-response"]).toBe("captcha");
    expect(restoreSession()).toEqual({
      token: "new-tok",
      refreshable: true,
      cypherVersion: 3,
      member: bareMember(member.memberId, null),
    });
    // Nothing personal, and no refresh token, where the page's scripts can read it.
    const stored = localStorage.getItem(MEMBER_SESSION_STORAGE_KEY) ?? "";
    for (const value of [member.firstName, member.email, member.mobilePhone, member.cardNumber, member.birthDate])
      expect(stored).not.toContain(value);
    expect(document.cookie).toBe("clubToken=new-tok");
  });

  it("v3 without a refresh token: signed in for this page, nothing stored, an older stored session gone (spec §4)", async () => {
    storeSession(v3Session, keep); // someone else's session, left from before
    const { result, calls } = await setup(lumiere, {
      "/Member/v3/GetMember/": { json: { peachCode: 0, memberDetails: rawDetails({ firstName: "Old" }) } },
      "/Member/v3/RefreshLogin": { json: { peachCode: 0, sessionManagementTokens: tokens } },
      "/Member/v3/Login": {
        json: { peachCode: 0, memberDetails: rawDetails(), sessionManagementTokens: { token: "only-tok" } },
      },
    });
    jest.useFakeTimers();
    let outcome: unknown;
    await act(async () => {
      outcome = await result.current.session.login("ada@example.com", "pw");
    });
    expect(outcome).toEqual({ ok: true });
    expect(result.current.session).toMatchObject({ status: "loggedIn", member, loginError: null });
    expect(result.current.bridge.token).toBe("only-tok");
    await act(async () => {
      await loadLoyaltyEngine();
    });
    expect(restoreSession()).toBeNull();
    expect(localStorage.getItem(MEMBER_SESSION_STORAGE_KEY)).toBeNull();
    // Nothing to refresh with: the refresh schedule makes no call and the member stays signed in.
    const before = calls.length;
    await act(async () => {
      jest.advanceTimersByTime(24 * 3_600_000);
    });
    expect(calls.slice(before).map((call) => call.body.reqMetadata.route)).toEqual([]);
    expect(result.current.session.status).toBe("loggedIn");
  });

  it("clears the userSessionId cookie before logging in", async () => {
    document.cookie = "userSessionId=stale; path=/";
    const { result } = await setup(lumiere, { "/Member/v3/Login": { json: { peachCode: 31 } } });
    await act(async () => {
      await result.current.session.login("a@example.com", "pw");
    });
    expect(document.cookie).not.toContain("userSessionId");
  });

  it("a provider refusal is exposed as the login error and answered to the caller", async () => {
    const { result } = await setup(lumiere, {
      "/Member/v3/Login": { json: { peachCode: 31, clientErrorMessage: "bad" } },
    });
    let outcome: unknown;
    await act(async () => {
      outcome = await result.current.session.login("a@example.com", "pw");
    });
    const failure = { kind: "provider", code: 31, clientErrorMessage: "bad" };
    expect(outcome).toEqual({ ok: false, failure });
    expect(result.current.session).toMatchObject({ status: "loggedOut", member: null, loginError: failure });
    act(() => result.current.session.dismissLoginError());
    expect(result.current.session.loginError).toBeNull();
  });

  it("a network failure is a typed failure", async () => {
    const { result } = await setup(lumiere, { "/Member/v3/Login": "throw" });
    let outcome: unknown;
    await act(async () => {
      outcome = await result.current.session.login("a@example.com", "pw");
    });
    expect(outcome).toEqual({ ok: false, failure: { kind: "network" } });
  });
});

describe("an expired member where expired logins are not allowed (spec §4 'Expired')", () => {
  const expiredDetails = rawDetails({ memberExpiry: "2020-01-01T00:00:00Z" });
  const loggedIn = { peachCode: 0, memberDetails: expiredDetails, sessionManagementTokens: tokens };
  const ok = { json: { peachCode: 0 } };
  type Session = ReturnType<typeof useMemberSession>;

  // Both ways in answer code 46 and keep nothing. Only the provider session this page opened
  // itself (a credential login) is ended there: a handed-over token is the ticketing service's or
  // a till's session, and a v3 logout would cancel that service's pending orders too.
  it.each<{
    way: string;
    site: () => SiteRuntime;
    answers: Parameters<typeof fakeFetch>[0];
    signIn: (session: Session) => Promise<unknown>;
    sent: string[];
  }>([
    {
      way: "v3 credential login",
      site: () => lumiere,
      answers: { "/Member/v3/Login": { json: loggedIn }, "/Member/v3/Logout": ok },
      signIn: (session: Session) => session.login("a@example.com", "pw"),
      sent: ["/Member/v3/Login", "/Member/v3/Logout"],
    },
    {
      way: "v1 credential login",
      site: () => starlight,
      answers: { "/Member/Login": { json: loggedIn }, "/Member/Logout": ok },
      signIn: (session: Session) => session.login("a@example.com", "pw"),
      sent: ["/Member/Login", "/Member/Logout"],
    },
    {
      way: "v3 token handed over by another service",
      site: () => lumiere,
      answers: {
        "/Member/v3/GetMember/": { json: { peachCode: 0, memberDetails: expiredDetails } },
        "/Member/v3/Logout": ok,
      },
      signIn: (session: Session) => session.loginWithToken("handed"),
      sent: ["/Member/v3/GetMember/"],
    },
    {
      way: "v1 token handed over by another service",
      site: () => starlight,
      answers: {
        "/Member/LoginByToken": { json: { ...loggedIn, statusCode: 200 } },
        "/Member/Logout": ok,
      },
      signIn: (session: Session) => session.loginWithToken("handed"),
      sent: ["/Member/LoginByToken"],
    },
  ])("$way: code 46, nothing stored; the provider is sent $sent", async ({ site, answers, signIn, sent }) => {
    const { result, calls } = await setup(site(), answers);
    let outcome: unknown;
    await act(async () => {
      outcome = await signIn(result.current.session);
      await settle(); // a logout would be on its way by now
    });
    const failure = { kind: "provider", code: 46 };
    expect(outcome).toEqual({ ok: false, failure });
    expect(result.current.session).toMatchObject({
      status: "loggedOut",
      member: null,
      session: null,
      loginError: failure,
    });
    expect(result.current.bridge.token).toBeNull();
    expect(document.cookie).toBe("");
    expect(restoreSession()).toBeNull();
    expect(calls.map((c) => c.body.reqMetadata.route.split("?")[0])).toEqual(sent);
  });

  it("a member arriving with ?token= whose account has expired is shown signed out, and their session is left to its owner", async () => {
    const { result, calls } = await setup(
      lumiere,
      {
        "/Member/v3/GetMember/": { json: { peachCode: 0, memberDetails: expiredDetails } },
        "/Member/v3/Logout": ok,
      },
      { externalToken: "handed" },
    );
    await waitFor(() => expect(result.current.session.loginError).toEqual({ kind: "provider", code: 46 }));
    await act(async () => {
      await settle();
    });
    expect(result.current.session).toMatchObject({ status: "loggedOut", member: null, session: null });
    expect(restoreSession()).toBeNull();
    expect(calls.map((c) => `${c.body.reqMetadata.route.split("?")[0]} ${c.headers["Cypher-Session-Token"]}`)).toEqual([
      "/Member/v3/GetMember/ handed",
    ]);
  });
});

describe("restore and refresh", () => {
  it("restores a stored session after mount and refreshes it once after 500 ms (v1)", async () => {
    jest.useFakeTimers();
    storeSession(v1Session, keepIssuedAnHourAgo);
    const { result, calls } = await setup(starlight, {
      "/Member/RefreshLogin": {
        json: { statusCode: 200, memberDetails: rawDetails({ pointsBalance: 9 }), sessionManagementTokens: tokens },
      },
    });
    expect(result.current.session).toMatchObject({ status: "loggedIn", member, ready: true });
    expect(result.current.bridge.token).toBe("tok-1");
    await act(async () => {
      await jest.advanceTimersByTimeAsync(500);
    });
    expect(calls).toHaveLength(1);
    // The refresh token travels in the server's HttpOnly cookie, never from the page.
    expect(calls[0]?.headers["Cypher-Refresh-Session-Token"]).toBeUndefined();
    expect(result.current.session.member?.pointsBalance).toBe(9);
    expect(result.current.bridge.token).toBe("new-tok");
    expect(restoreSession()?.token).toBe("new-tok");
    await act(async () => {
      await jest.advanceTimersByTimeAsync(600_000);
    });
    expect(calls).toHaveLength(2);
  });

  it("a failed refresh clears the session", async () => {
    jest.useFakeTimers();
    storeSession(v1Session, keepIssuedAnHourAgo);
    const { result } = await setup(starlight, {
      "/Member/RefreshLogin": { json: { statusCode: 401, clientErrorMessage: "Invalid token" } },
    });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(500);
    });
    expect(result.current.session.status).toBe("loggedOut");
    expect(document.cookie).toBe("");
    expect(localStorage.getItem(MEMBER_SESSION_STORAGE_KEY)).toBeNull();
  });

  it("no refresh while the page carries an external token", async () => {
    jest.useFakeTimers();
    storeSession(v3Session, keep);
    // The handed-over token is the stored session's own, so there is no login by token either.
    const { calls } = await setup(lumiere, {}, { externalToken: v3Session.token });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(86_000_000);
    });
    // Only the restore's read of the member: no refresh.
    expect(routesOf(calls)).toEqual(["/Member/v3/GetMember/"]);
  });

  it("refreshMember v3 re-fetches the member by token", async () => {
    storeSession(v3Session, keep);
    const { result, calls } = await setup(lumiere, {
      "/Member/v3/GetMember/": { json: { peachCode: 0, memberDetails: rawDetails({ pointsBalance: 42 }) } },
    });
    await act(async () => {
      await result.current.session.refreshMember();
    });
    expect(calls[0]?.body.reqMetadata.route).toMatch(/^\/Member\/v3\/GetMember\//);
    expect(result.current.session.member?.pointsBalance).toBe(42);
    expect(restoreSession()?.token).toBe("tok-3");
  });

  it("a stored member who has since expired is shown as logged out", async () => {
    storeSession({ ...v3Session, member: { ...member, expiresAt: "2020-01-01T00:00:00Z" } }, keep);
    const { result } = await setup(lumiere, {
      "/Member/v3/GetMember/": {
        json: { peachCode: 0, memberDetails: rawDetails({ memberExpiry: "2020-01-01T00:00:00Z" }) },
      },
    });
    expect(result.current.session).toMatchObject({ status: "loggedOut", member: null, session: null, expired: true });
    expect(result.current.bridge.token).toBeNull();
  });

  it("a restore shows the loading state until the member is read again, then the member (v3 and v1)", async () => {
    for (const [runtime, session, path] of [
      [lumiere, v3Session, "/Member/v3/GetMember/"],
      [starlight, v1Session, "/Member/GetMember/"],
    ] as const) {
      clearSession();
      storeSession(session, keep);
      installSiteRuntime(runtime);
      let answer: (() => void) | null = null;
      const fake = fakeFetch({ [path]: memberAnswer });
      const held = (async (url: string | URL | Request, init?: RequestInit) => {
        await new Promise<void>((resolve) => (answer = resolve));
        return fake.fetchImpl(url, init);
      }) as typeof fetch;
      const client = createLoyaltyClient({ config: runtime.loyalty, brand: runtime.loyaltyBrand, fetchImpl: held });
      const { result, unmount } = renderHook(() => useMemberSession(), {
        wrapper: ({ children }: { children: ReactNode }) => (
          <LoyaltyProvider
            client={client}
            externalToken={null}
            refreshMemory={{ startupDone: true, lastRunAt: Date.now() }}
            tokenHandover={createTokenHandover()}
          >
            {children}
          </LoyaltyProvider>
        ),
      });
      await waitFor(() => expect(answer).not.toBeNull());
      expect(result.current).toMatchObject({ ready: false, status: "loading", member: null });
      await act(async () => {
        answer?.();
        await settle();
      });
      expect(result.current).toMatchObject({ ready: true, status: "loggedIn", member });
      expect(fake.calls[0]?.headers["Cypher-Session-Token"]).toBe(session.token);
      unmount();
    }
  });

  it("a restore whose member the provider refuses keeps a session it cannot refresh for the token check to end (spec §8)", async () => {
    // Version 1 without a refresh token held by the server: nothing to renew the session with.
    storeSession({ ...v1Session, refreshable: false }, keep);
    const refused = { json: { statusCode: 401, clientErrorMessage: "Invalid token" } };
    const { result, calls } = await setup(starlight, {
      "/Member/GetMember/": refused,
      "/Member/ValidateToken": refused,
    });
    expect(result.current.session).toMatchObject({ ready: true, status: "loggedIn" });
    expect(result.current.session.member).toEqual(bareMember(member.memberId, null));
    expect(await checkToken(result)).toBe(false);
    expect(result.current.session.status).toBe("loggedOut");
    expect(restoreSession()).toBeNull();
    // The token check signs out at the provider too (spec §4 "Validation failure").
    await act(async () => {
      await settle();
    });
    expect(routesOf(calls)).toEqual(["/Member/ValidateToken", "/Member/Logout"]);
  });

  it("a restore whose token is refused and whose refresh fails too keeps the bare session for the token check (spec §8), and renews nothing more", async () => {
    storeSession(v3Session, keep);
    const refused = { json: { peachCode: 7, clientErrorMessage: "Invalid token" } };
    const { result, calls } = await setup(
      lumiere,
      { "/Member/v3/GetMember/": refused, "/Member/v3/RefreshLogin": refused, "/Member/v3/GetFavoriteFilms": refused },
      { keepRestoreCalls: true },
    );
    expect(result.current.session).toMatchObject({ ready: true, status: "loggedIn" });
    expect(result.current.session.member).toEqual(bareMember(member.memberId, null));
    // A screen's read is refused with that token: no second refresh, no second try.
    let films: unknown;
    await act(async () => {
      films = await result.current.session.client.call("getFavoriteFilms", { session: v3Session.token });
    });
    expect(films).toMatchObject({ ok: false, failure: { kind: "provider", code: 7 } });
    expect(routesOf(calls)).toEqual([
      "/Member/v3/GetMember/",
      "/Member/v3/RefreshLogin",
      "/Member/v3/GetFavoriteFilms",
    ]);
    // The hand-off's token check ends it (spec §8).
    expect(await checkToken(result)).toBe(false);
    expect(result.current.session.status).toBe("loggedOut");
    expect(restoreSession()).toBeNull();
  });

  it("offline, a restored session stays signed in with nothing personal, and the stored expiry still rules", async () => {
    storeSession(v3Session, keep);
    const { result } = await setup(lumiere, { "/Member/v3/GetMember/": "throw" });
    expect(result.current.session).toMatchObject({
      ready: true,
      status: "loggedIn",
      member: bareMember(member.memberId, null),
    });
    expect(result.current.bridge.token).toBe("tok-3");

    clearSession();
    storeSession({ ...v3Session, member: { ...member, expiresAt: "2020-01-01T00:00:00Z" } }, keep);
    const offline = await setup(lumiere, { "/Member/v3/GetMember/": "throw" });
    expect(offline.result.current.session).toMatchObject({ status: "loggedOut", member: null, expired: true });
  });
});

describe("logout and token validation", () => {
  it("logout v3 sends cancelAssociatedOrder and always clears, even when the call fails", async () => {
    storeSession(v3Session, keep);
    const { result, calls } = await setup(lumiere, { "/Member/v3/Logout": "throw" });
    await act(async () => {
      await result.current.session.logout();
    });
    // userSessionId (= the refresh token) is added by the server from its cookie.
    expect(calls[0]?.body).toMatchObject({ cancelAssociatedOrder: true });
    expect(calls[0]?.body.userSessionId).toBeUndefined();
    expect(result.current.session.status).toBe("loggedOut");
    expect(restoreSession()).toBeNull();
  });

  it("validateToken: true on peachCode 0, and nothing else is sent", async () => {
    storeSession(v1Session, keep);
    const { result, calls } = await setup(starlight, { "/Member/ValidateToken": { json: { peachCode: 0 } } });
    let valid: boolean | undefined;
    await act(async () => {
      valid = await result.current.session.validateToken();
      await settle();
    });
    expect(valid).toBe(true);
    expect(result.current.session.status).toBe("loggedIn");
    expect(routesOf(calls)).toEqual(["/Member/ValidateToken"]);
  });

  // Spec §4 "Validation failure: log out": cleared here, and logged out at the provider as logout()
  // does it (v3: cancelAssociatedOrder), so the server's answer also clears the HttpOnly refresh
  // cookie. The caller redirects as soon as validateToken answers: a provider that never answers the
  // logout must not hold it.
  it.each<{
    version: string;
    site: () => SiteRuntime;
    stored: typeof v1Session;
    answers: Parameters<typeof fakeFetch>[0];
    validate: string;
    logout: string;
    body: Record<string, unknown>;
  }>([
    {
      version: "v1",
      site: () => starlight,
      stored: v1Session,
      answers: { "/Member/ValidateToken": { json: { peachCode: 7 } } },
      validate: "/Member/ValidateToken",
      logout: "/Member/Logout",
      body: {},
    },
    // v3 validates with GetMember, which the restore has read the member with first.
    {
      version: "v3",
      site: () => lumiere,
      stored: v3Session,
      answers: {
        "/Member/v3/GetMember/": [memberAnswer, { json: { peachCode: 7, clientErrorMessage: "Invalid token" } }],
      },
      validate: "/Member/v3/GetMember/",
      logout: "/Member/v3/Logout",
      body: { cancelAssociatedOrder: true },
    },
    {
      version: "v3, validation unreachable",
      site: () => lumiere,
      stored: v3Session,
      answers: { "/Member/v3/GetMember/": [memberAnswer, "throw"] },
      validate: "/Member/v3/GetMember/",
      logout: "/Member/v3/Logout",
      body: { cancelAssociatedOrder: true },
    },
  ])(
    "validateToken $version: a rejected token signs out here and at the provider, without waiting for it",
    async ({ site, stored, answers, validate, logout, body }) => {
      storeSession(stored, keep);
      const { result, calls } = await setup(site(), answers, { neverAnswered: [logout] });
      expect(await checkToken(result)).toBe(false);
      expect(result.current.session).toMatchObject({ status: "loggedOut", member: null });
      expect(result.current.bridge.token).toBeNull();
      expect(restoreSession()).toBeNull();
      await act(async () => {
        await settle();
      });
      const paths = routesOf(calls);
      expect(paths).toEqual([validate, logout]);
      const sent = calls[1];
      expect(sent?.headers["Cypher-Session-Token"]).toBe(stored.token);
      expect(sent?.body).toMatchObject(body);
      // userSessionId (= the refresh token) is the server's to add, from its cookie.
      expect(sent?.body.userSessionId).toBeUndefined();
    },
  );
});

describe("link actions", () => {
  it("#loyalty-login opens the login dialog; #loyalty-logout logs out", async () => {
    storeSession(v3Session, keep);
    const { result } = await setup(lumiere, { "/Member/v3/Logout": { json: { peachCode: 0 } } });
    expect(result.current.session.loginDialog.open).toBe(false);
    act(() => result.current.bridge.runAction("login"));
    expect(result.current.session.loginDialog.open).toBe(true);
    act(() => result.current.session.loginDialog.hide());
    expect(result.current.session.loginDialog.open).toBe(false);
    await act(async () => {
      result.current.bridge.runAction("logout");
    });
    await waitFor(() => expect(result.current.session.status).toBe("loggedOut"));
  });
});

describe("arriving with ?token= (spec §4 login by token)", () => {
  it.each([
    ["/films/?token=abc", "abc"],
    ["?return=/x&token=abc&utm_source=mail", "abc"],
    ["?token=", null],
    ["?uid=12&token=reset-token", null], // a TAPOS password-reset link, read by the reset page
    ["", null],
  ])("%s hands over %p", (search, expected) => {
    expect(externalTokenOf(search.includes("?") ? search.slice(search.indexOf("?")) : search)).toBe(expected);
  });

  it("v3: a guest arriving with a token is signed in as that member", async () => {
    const { result, calls } = await setup(
      lumiere,
      { "/Member/v3/GetMember/": { json: { peachCode: 0, memberDetails: rawDetails() } } },
      { externalToken: "handed" },
    );
    await waitFor(() => expect(result.current.session.status).toBe("loggedIn"));
    expect(calls[0]?.headers["Cypher-Session-Token"]).toBe("handed");
    expect(result.current.session.session).toMatchObject({ token: "handed", cypherVersion: 3, member });
    // Spec §4: a v3 session is stored only with both tokens; a bare handed-over token lives for this page.
    expect(restoreSession()).toBeNull();
  });

  // Issue 44: the token left the address bar before the page rendered; the hand-over still has it.
  it("the token out of the address bar as the page starts is still handed over, and kept for a reload", async () => {
    const { result, calls } = await setup(
      lumiere,
      { "/Member/v3/GetMember/": { json: { peachCode: 0, memberDetails: rawDetails() } } },
      { address: "/films/?utm_source=pos&token=handed" },
    );
    expect(`${window.location.pathname}${window.location.search}`).toBe("/films/?utm_source=pos");
    await waitFor(() => expect(result.current.session.status).toBe("loggedIn"));
    expect(calls[0]?.headers["Cypher-Session-Token"]).toBe("handed");
    expect(result.current.session.session).toMatchObject({ token: "handed", cypherVersion: 3 });
    // The same history entry after a reload: the address still without it, the entry with it.
    expect(externalTokenOf(openedQuery())).toBe("handed");
    window.history.replaceState(null, "", "/");
  });

  it("v1: a token that LoginByToken refuses leaves the visitor signed out with the login error", async () => {
    const { result } = await setup(
      starlight,
      { "/Member/LoginByToken": { json: { statusCode: 401, clientErrorMessage: "Invalid token" } } },
      { externalToken: "stale" },
    );
    await waitFor(() =>
      expect(result.current.session.loginError).toEqual({
        kind: "provider",
        code: 401,
        clientErrorMessage: "Invalid token",
      }),
    );
    expect(result.current.session.status).toBe("loggedOut");
    expect(restoreSession()).toBeNull();
  });

  // Issue 43: the member is asked first (sign-in/ContinueAsDialog.tsx); until then the token is only held.
  it("a member signed in with another token stays signed in; the handed-over token is held, unused", async () => {
    storeSession(v3Session, keep);
    const { result, calls } = await setup(lumiere, {}, { externalToken: "handed" });
    await waitFor(() => expect(result.current.session.arrival).toBe("handed"));
    expect(result.current.session).toMatchObject({ status: "loggedIn", member, session: { token: v3Session.token } });
    expect(result.current.bridge.token).toBe(v3Session.token);
    expect(calls.map((call) => call.headers["Cypher-Session-Token"])).toEqual([v3Session.token]);
    act(() => result.current.session.answerArrival(false));
    expect(result.current.session.arrival).toBeNull();
    expect(result.current.session.session?.token).toBe(v3Session.token);
  });
});

it("a pair issued moments ago on the previous page is not refreshed again at start (no needless rotation)", async () => {
  jest.useFakeTimers();
  storeSession(v1Session, keep);
  const { calls } = await setup(starlight, {});
  await act(async () => {
    await jest.advanceTimersByTimeAsync(1_000);
  });
  expect(calls).toHaveLength(0);
});

describe("a refresh racing the page's reads (v3 rotates the pair; the provider drops the old one at once)", () => {
  const SESSION_HEADER = "Cypher-Session-Token";
  type Logged = { path: string; token: string | undefined };

  /**
   * A v3 provider as docs/loyalty-upstream.md describes it: one live session token; a refresh (with
   * the server's cookie, always there) kills it and issues `rotated-N`. A call is judged when it is
   * answered, so a held call sent with a token the refresh meanwhile replaced is refused (code 7).
   */
  function rotatingProvider(live: string, options: { refreshWorks?: boolean; refusesFilms?: boolean } = {}) {
    const log: Logged[] = [];
    const held = new Map<string, Promise<void>>();
    let issued = 0;
    const answer = (body: unknown) =>
      ({
        ok: true,
        status: 200,
        headers: { get: (name: string) => (name.toLowerCase() === "content-type" ? "application/json" : null) },
        json: async () => body,
      }) as unknown as Response;
    const fetchImpl = (async (_url: string | URL | Request, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as { reqMetadata: { route: string } };
      const path = body.reqMetadata.route.split("?")[0] ?? "";
      const token = (init?.headers as Record<string, string>)[SESSION_HEADER];
      log.push({ path, token });
      const gate = held.get(path);
      if (gate) {
        held.delete(path);
        await gate;
      }
      if (path === "/Member/v3/RefreshLogin") {
        if (options.refreshWorks === false) return answer({ peachCode: 7, clientErrorMessage: "Invalid token" });
        issued += 1;
        live = `rotated-${issued}`;
        return answer({ peachCode: 0, sessionManagementTokens: { token: live, refreshTokenHeld: true } });
      }
      if (token !== live || (options.refusesFilms && path === "/Member/v3/GetFavoriteFilms"))
        return answer({ peachCode: 7, clientErrorMessage: "Invalid token" });
      if (path === "/Member/v3/GetMember/") return answer({ peachCode: 0, memberDetails: rawDetails() });
      if (path === "/Member/v3/GetFavoriteFilms") return answer({ peachCode: 0, externalFilmIds: ["F1"] });
      throw new Error(`rotatingProvider: no answer for ${path}`);
    }) as typeof fetch;
    /** Holds the next call to `path` until the returned function is called. */
    const hold = (path: string): (() => void) => {
      let release!: () => void;
      held.set(path, new Promise<void>((resolve) => (release = resolve)));
      return () => release();
    };
    const sent = (path: string) => log.filter((call) => call.path === path).map((call) => call.token);
    /** The pair dies behind the page's back (another tab refreshed it, or it was revoked). */
    const revoke = () => {
      live = "unknown-to-the-page";
    };
    return { fetchImpl, hold, sent, log, revoke };
  }

  async function render(fetchImpl: typeof fetch) {
    installSiteRuntime(lumiere);
    const client = createLoyaltyClient({ config: lumiere.loyalty, brand: lumiere.loyaltyBrand, fetchImpl });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <LoyaltyProvider
        client={client}
        externalToken={null}
        refreshMemory={createRefreshMemory()}
        tokenHandover={createTokenHandover()}
      >
        {children}
      </LoyaltyProvider>
    );
    const hook = renderHook(() => useMemberSession(), { wrapper });
    await act(async () => {
      await loadLoyaltyEngine();
      for (let i = 0; i < 50; i += 1) await Promise.resolve();
    });
    return hook;
  }

  const readFilms = (value: ReturnType<typeof useMemberSession>) =>
    value.client.call("getFavoriteFilms", { session: value.session?.token ?? null });

  it("a read sent just before the start-up refresh rotated the pair is sent once more, with the new token", async () => {
    jest.useFakeTimers();
    storeSession(v3Session, keepIssuedAnHourAgo);
    const provider = rotatingProvider(v3Session.token);
    const { result } = await render(provider.fetchImpl);
    expect(result.current).toMatchObject({ status: "loggedIn", member });
    // The watchlist's first read goes out with the restored token; the provider answers it late.
    const release = provider.hold("/Member/v3/GetFavoriteFilms");
    let films: Promise<unknown> = Promise.resolve();
    await act(async () => {
      films = readFilms(result.current);
      await jest.advanceTimersByTimeAsync(500); // the start-up refresh runs and rotates the pair
      release();
    });
    await expect(films).resolves.toMatchObject({ ok: true, value: { externalFilmIds: ["F1"] } });
    expect(provider.sent("/Member/v3/GetFavoriteFilms")).toEqual(["tok-3", "rotated-1"]);
    expect(provider.sent("/Member/v3/RefreshLogin")).toHaveLength(1);
    expect(result.current.session?.token).toBe("rotated-1");
  });

  it("a read started while the refresh runs waits for it and goes out once, with the new token", async () => {
    jest.useFakeTimers();
    storeSession(v3Session, keepIssuedAnHourAgo);
    const provider = rotatingProvider(v3Session.token);
    const { result } = await render(provider.fetchImpl);
    const release = provider.hold("/Member/v3/RefreshLogin");
    let films: Promise<unknown> = Promise.resolve();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(500);
      films = readFilms(result.current);
      for (let i = 0; i < 20; i += 1) await Promise.resolve();
      expect(provider.sent("/Member/v3/GetFavoriteFilms")).toEqual([]);
      release();
    });
    await expect(films).resolves.toMatchObject({ ok: true });
    expect(provider.sent("/Member/v3/GetFavoriteFilms")).toEqual(["rotated-1"]);
    expect(provider.sent("/Member/v3/RefreshLogin")).toHaveLength(1);
  });

  it("a page that starts with a token already rotated out refreshes at once: the member is read, no read uses the dead token, no second start-up refresh", async () => {
    jest.useFakeTimers();
    // Stored moments ago (no start-up refresh due), but the pair was rotated by a refresh whose
    // answer the previous page never stored; the server's cookie holds the new refresh token.
    storeSession({ ...v3Session, token: "dead" }, keep);
    const provider = rotatingProvider("never-stored");
    const { result } = await render(provider.fetchImpl);
    expect(result.current).toMatchObject({ ready: true, status: "loggedIn", member });
    expect(result.current.session?.token).toBe("rotated-1");
    expect(restoreSession()?.token).toBe("rotated-1");
    expect(provider.log.map((call) => `${call.path} ${call.token ?? "-"}`)).toEqual([
      "/Member/v3/GetMember/ dead",
      "/Member/v3/RefreshLogin -",
      "/Member/v3/GetMember/ rotated-1",
    ]);
    let films: unknown;
    await act(async () => {
      films = await readFilms(result.current);
      await jest.advanceTimersByTimeAsync(1_000);
    });
    expect(films).toMatchObject({ ok: true });
    expect(provider.sent("/Member/v3/GetFavoriteFilms")).toEqual(["rotated-1"]);
    expect(provider.sent("/Member/v3/RefreshLogin")).toHaveLength(1);
  });

  it.each([
    {
      case: "the refresh works but the provider refuses the read again: that answer is final",
      options: { refusesFilms: true },
      status: "loggedIn",
      films: ["tok-3", "rotated-1"],
    },
    {
      case: "the refresh fails too: the session is cleared (spec §4) and the read is not sent again",
      options: { refreshWorks: false },
      status: "loggedOut",
      films: ["tok-3"],
    },
  ])("a read refused with no refresh known renews the session once; $case", async ({ options, status, films }) => {
    storeSession(v3Session, keep);
    const provider = rotatingProvider(v3Session.token, options);
    const { result } = await render(provider.fetchImpl);
    if (!options.refusesFilms) provider.revoke();
    provider.log.length = 0;
    let answer: unknown;
    await act(async () => {
      answer = await readFilms(result.current);
    });
    expect(answer).toEqual({ ok: false, failure: { kind: "provider", code: 7, clientErrorMessage: "Invalid token" } });
    expect(provider.sent("/Member/v3/GetFavoriteFilms")).toEqual(films);
    expect(provider.sent("/Member/v3/RefreshLogin")).toHaveLength(1);
    expect(result.current.status).toBe(status);
  });
});
