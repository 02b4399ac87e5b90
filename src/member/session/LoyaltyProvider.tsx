// The member session for the whole page (spec §4 "Member session lifecycle"): one provider that
// owns the reducer, storage, the refresh schedule and the calls, and exports only hooks. Server
// rendering always shows a logged-out visitor; the stored session is read after hydration.
import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type ReactNode,
} from "react";
import { SessionLinkProvider, type SessionLinkBridge } from "../../links/LinkEnvironment";
import type { LinkAction } from "../../links/rules";
import { useSiteRuntime } from "../../runtime/SiteRuntime";
import type { LoyaltyClient } from "../provider/client";
import { CLUB_TOKEN_COOKIE, MEMBER_SESSION_STORAGE_KEY } from "./cookies";
import { lazyLoyaltyClient, loadLoyaltyEngine } from "./lazy-client";
import { withCurrentCinema, type LoyaltyConfig } from "../config";
import { isRefusedToken, PEACH_CODE } from "../errors";
import {
  initialSessionState,
  selectIsExpired,
  selectVisibleSession,
  sessionReducer,
  type SessionStatus,
} from "./reducer";
import { pageLoadRefreshMemory, startRefreshSchedule, type RefreshMemory } from "./refresh-schedule";
import { pageLoadTokenHandover, withTokenHandover, type TokenHandoverLedger } from "./token-handover";
import { isShutOutAsExpired, type LoyaltyFailure, type Member, type MemberSession } from "../types";
import { cookieValue } from "../../lib/cookie-header";

/** Spec §8 "Your account has expired": what a login of an expired member answers where expired logins are not allowed. */
export const ACCOUNT_EXPIRED_CODE = 46;

/**
 * Who opened the provider session a sign-in adopts: this page (a credential login), or another
 * service that handed the member over with a token (spec §4 "Login by token").
 */
type SessionOpener = "thisPage" | "handedOver";

export type Outcome = { readonly ok: true } | { readonly ok: false; readonly failure: LoyaltyFailure };

export interface LoginDialogControl {
  readonly open: boolean;
  /** How many times the dialog was asked for: a new ask tries again to load a dialog that could not load. */
  readonly asked: number;
  show(): void;
  hide(): void;
}

export interface MemberSessionValue {
  readonly status: SessionStatus;
  /** The member screens show: null when logged out, or expired on a site that does not allow it. */
  readonly member: Member | null;
  /** The session behind `member` (same visibility rule). */
  readonly session: MemberSession | null;
  /** The signed-in member's account has expired (even when the site hides them for it). */
  readonly expired: boolean;
  /** False until the stored session has been read (always false in the server render). */
  readonly ready: boolean;
  readonly loginError: LoyaltyFailure | null;
  /** The site's loyalty configuration, its cinema id that of the current theater (withCurrentCinema). */
  readonly config: LoyaltyConfig;
  readonly client: LoyaltyClient;
  login(username: string, password: string, captchaToken?: string | null): Promise<Outcome>;
  /** Spec §4 "Login by token": signs in with a token handed over by another service. */
  loginWithToken(token: string, flag?: boolean): Promise<Outcome>;
  /** Always ends the session here, whatever the provider answers. */
  logout(): Promise<void>;
  /** Spec §4 "Manual refresh of member data". */
  refreshMember(): Promise<Outcome>;
  /**
   * Spec §5: true only on peachCode 0; otherwise the member is logged out (cleared here before it
   * resolves; the provider's logout is sent, not waited for).
   */
  validateToken(): Promise<boolean>;
  dismissLoginError(): void;
  readonly loginDialog: LoginDialogControl;
}

const MemberSessionContext = createContext<MemberSessionValue | null>(null);

export function useMemberSession(): MemberSessionValue {
  const value = useContext(MemberSessionContext);
  if (!value) throw new Error("useMemberSession must be used inside <LoyaltyProvider>");
  return value;
}

export interface LoyaltyProviderProps {
  readonly children: ReactNode;
  /**
   * The current theater's code (spec §4 "Selected theater", from SelectedTheaterProvider); the
   * override providers' member calls carry it as cinemaId. Null when there is no current theater.
   */
  readonly currentCinemaId?: string | null;
  /** Tests: a client over a fake fetch. Default: a client of /api/cypher built from the site runtime. */
  readonly client?: LoyaltyClient;
  /** The page's `token` query parameter; default read from window.location after mount. */
  readonly externalToken?: string | null;
  /** Tests: the clock used for expiry. */
  readonly now?: () => Date;
  /** Tests: refresh-schedule memory (default: one per page load). */
  readonly refreshMemory?: RefreshMemory;
  /** Tests: the token hand-over ledger (default: one per page load). */
  readonly tokenHandover?: TokenHandoverLedger;
}

function hasStoredSession(): boolean {
  try {
    return (
      cookieValue(document.cookie, CLUB_TOKEN_COOKIE) !== null ||
      window.localStorage.getItem(MEMBER_SESSION_STORAGE_KEY) !== null
    );
  } catch {
    return false;
  }
}

/**
 * The `token` query parameter another service (a point-of-sale host, an e-mail link) hands a
 * member over with. A TAPOS password-reset link also carries `token`, beside `uid` (spec §2): that
 * one is a reset token for the reset page, not a session.
 */
export function externalTokenOf(search: string): string | null {
  const query = new URLSearchParams(search);
  if (query.has("uid")) return null;
  return query.get("token") || null;
}

export function LoyaltyProvider({
  children,
  currentCinemaId = null,
  client: givenClient,
  externalToken: givenExternalToken,
  now = () => new Date(),
  refreshMemory = pageLoadRefreshMemory,
  tokenHandover: givenHandover,
}: LoyaltyProviderProps) {
  const runtime = useSiteRuntime();
  const siteConfig = runtime.loyalty;
  const brand = runtime.loyaltyBrand;
  // Read by every call when it is made, so a client outlives theater changes (a visitor who picks
  // another theater, a client-side navigation to another theater's page).
  const currentCinemaRef = useRef(currentCinemaId);
  currentCinemaRef.current = currentCinemaId;
  const config = useMemo(() => withCurrentCinema(siteConfig, currentCinemaId), [siteConfig, currentCinemaId]);
  const client = useMemo(
    () =>
      givenClient ?? lazyLoyaltyClient({ config: siteConfig, brand, currentCinemaId: () => currentCinemaRef.current }),
    [givenClient, siteConfig, brand],
  );
  const handover = useMemo(() => givenHandover ?? pageLoadTokenHandover, [givenHandover]);

  const [state, dispatch] = useReducer(sessionReducer, initialSessionState);
  const [ready, setReady] = useState(false);
  const [restored, setRestored] = useState(false);
  const [tokensIssuedAt, setTokensIssuedAt] = useState<number | null>(null);
  const [dialog, setDialog] = useState({ open: false, asked: 0 });
  const [externalToken, setExternalToken] = useState<string | null>(givenExternalToken ?? null);

  // Calls resolve after renders; they read the session through a ref, and a generation number
  // tells a late answer (a refresh that returns after a logout) that it no longer applies.
  const sessionRef = useRef<MemberSession | null>(null);
  sessionRef.current = state.session;
  const generation = useRef(0);
  const nowRef = useRef(now);
  nowRef.current = now;
  const runRefreshRef = useRef<() => Promise<Outcome>>(() => Promise.resolve({ ok: true }));

  // What screens call through: their calls wait for a running refresh and carry the newest token;
  // a call refused as "invalid token" while its token is still the session's newest renews the
  // session (the refresh below, single flight) and is sent once more (token-handover.ts).
  const renewRefused = useCallback(
    async (refused: string) => {
      const session = sessionRef.current;
      if (!session || handover.latest(session.token) !== refused || handover.refreshFailedFrom(refused)) return;
      await runRefreshRef.current();
    },
    [handover],
  );
  const memberClient = useMemo(
    () => withTokenHandover(client, handover, renewRefused),
    [client, handover, renewRefused],
  );

  const hiddenWhenExpired = useCallback(
    (session: MemberSession) =>
      isShutOutAsExpired(session.member, {
        now: nowRef.current(),
        allowExpiredAccountsLogin: config.allowExpiredAccountsLogin,
      }),
    [config.allowExpiredAccountsLogin],
  );

  const persist = useCallback(
    (session: MemberSession) => {
      handover.rememberMember(session.token, session.member);
      const browserSessionOnly = hiddenWhenExpired(session);
      void loadLoyaltyEngine().then((engine) => {
        // A session that may not be kept (spec §4: v3 without both tokens) must not leave an older
        // stored one behind for the next page to restore.
        if (!engine.storeSession(session, { sessionTimeoutHours: config.sessionTimeout, browserSessionOnly }))
          engine.clearSession();
      });
    },
    [config.sessionTimeout, hiddenWhenExpired, handover],
  );

  const endSession = useCallback(
    (action: "loggedOut" | "tokenRejected" | "refreshFailed") => {
      generation.current += 1;
      handover.forgetMembers();
      void loadLoyaltyEngine().then((engine) => engine.clearSession());
      dispatch({ type: action });
    },
    [handover],
  );

  useEffect(() => {
    const external = givenExternalToken !== undefined ? givenExternalToken : externalTokenOf(window.location.search);
    // A guest with nothing stored loads none of the session code; otherwise restore (which also
    // clears member details left behind by a session whose cookie has ended).
    if (!hasStoredSession()) {
      // Nothing urgent for a guest: a render React may interrupt (see useNow).
      startTransition(() => {
        setExternalToken(external);
        setReady(true);
      });
      return;
    }
    setExternalToken(external);
    let cancelled = false;
    void loadLoyaltyEngine().then(async (engine) => {
      if (cancelled) return;
      const stored = engine.restoreSession();
      if (!stored) {
        setReady(true);
        return;
      }
      // Gatsby mounts a provider per page: a refresh of this page load, on the page before a
      // client-side navigation, may be running or may have replaced the stored pair already.
      await handover.settled();
      if (cancelled) return;
      const current = handover.sessionAfter(stored.token) ?? stored;
      // The browser keeps nothing personal (persistence.ts): the member is read again, and screens
      // show their loading state meanwhile (ready stays false, status is "loading").
      let session = current;
      let issuedAt = engine.storedTokensIssuedAt();
      // After a client-side navigation the member is known.
      const known = handover.memberOf(current.token);
      if (known) session = { ...current, member: known };
      else {
        dispatch({ type: "loginStarted" });
        const fetched = await client.fetchMember(current);
        if (cancelled) return;
        if (fetched.ok) {
          session = { ...current, member: fetched.value };
          handover.rememberMember(session.token, session.member);
        } else if (isRefusedToken(fetched.failure) && current.refreshable) {
          // The stored token may be dead because its pair was rotated: a refresh that answered as
          // the previous page was left (the server's cookie holds the new refresh token, the page
          // never stored the new session token). Refreshed now, before any screen calls with it;
          // this is the start-up refresh, so the schedule does not run another one.
          const renewed = await handover.refresh(current.token, () => client.refresh(current));
          if (cancelled) return;
          if (renewed.ok) {
            session = renewed.value;
            issuedAt = Date.now();
          }
        }
        // Otherwise the session is restored with the bare member (ids and expiry, so the expired
        // rule holds), as it was before members were fetched on load: offline, its token still
        // opens ticketing; a session the provider has ended (its token refused, no refresh
        // possible) is ended where the spec says how (§8: the ticketing hand-off's token check
        // signs out and redirects to the login page; the screens' refused reads are logged).
      }
      if (session.token !== stored.token) {
        persist(session);
        issuedAt = Date.now();
      }
      setTokensIssuedAt(issuedAt);
      dispatch({ type: "restored", session });
      setRestored(true);
      setReady(true);
    });
    return () => {
      cancelled = true;
    };
    // Restore once per mount; a later prop change does not re-read storage.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const runRefresh = useCallback(async (): Promise<Outcome> => {
    const session = sessionRef.current;
    if (!session) return { ok: true };
    // Spec §4: v1 refresh "requires memberId, token and refreshToken" (the last one held by the
    // server, refresh-cookie.ts); without them there is nothing to refresh with, and the session
    // simply lives until its cookie ends. A v3 session signed in without a refresh token (never
    // stored) lives for this page alone the same way.
    if (!session.refreshable || (session.cypherVersion === 1 && !session.memberId)) return { ok: true };
    const started = generation.current;
    // A refresh this page load already made (on the page before a client-side navigation) wins
    // over the stale pair this provider restored. Single flight: a refresh already running (the
    // start-up one, or one a refused call asked for) is joined, never doubled.
    const from = handover.sessionAfter(session.token) ?? session;
    const result = await handover.refresh(from.token, () => client.refresh(from));
    if (started !== generation.current) return { ok: true };
    if (!result.ok) {
      // Spec §4/§8: "Any failure clears the session."
      endSession("refreshFailed");
      return { ok: false, failure: result.failure };
    }
    persist(result.value);
    dispatch({ type: "refreshSucceeded", session: result.value });
    return { ok: true };
  }, [client, endSession, handover, persist]);

  const loggedIn = state.status === "loggedIn";
  const version = state.session?.cypherVersion ?? config.version;
  runRefreshRef.current = runRefresh;
  useEffect(() => {
    if (!loggedIn) return;
    return startRefreshSchedule({
      version,
      restored,
      externalToken,
      refresh: () => runRefreshRef.current(),
      memory: refreshMemory,
      tokensIssuedAt,
    });
  }, [loggedIn, version, restored, externalToken, refreshMemory, tokensIssuedAt]);

  const adopt = useCallback(
    (session: MemberSession, opener: SessionOpener): Outcome => {
      // Choice: an expired member on a site that does not allow expired logins is not kept at
      // all (no cookie, no storage) and the login answers the catalogue's code 46 "Your account
      // has expired". Spec §9's browser-session cookie still applies to a member who expires
      // while signed in (persist() above), the only case where a stored session turns expired.
      if (hiddenWhenExpired(session)) {
        const failure: LoyaltyFailure = { kind: "provider", code: ACCOUNT_EXPIRED_CODE };
        // A credential login opened this provider session a moment ago and nobody else holds it,
        // so it is ended (the outcome does not matter). A handed-over token is another service's
        // session (the ticketing service, a till): spec §4 "Expired" only treats the member as
        // absent, and a v3 logout would also cancel that service's pending orders
        // (cancelAssociatedOrder), so it is left alone.
        if (opener === "thisPage") void client.logout(session);
        dispatch({ type: "loginFailed", failure });
        return { ok: false, failure };
      }
      generation.current += 1;
      persist(session); // v3 without both tokens is kept for this page only (spec §4)
      setRestored(false);
      dispatch({ type: "loginSucceeded", session });
      return { ok: true };
    },
    [client, hiddenWhenExpired, persist],
  );

  const login = useCallback(
    async (username: string, password: string, captchaToken?: string | null): Promise<Outcome> => {
      dispatch({ type: "loginStarted" });
      (await loadLoyaltyEngine()).clearLoginLeftovers();
      const result = await client.login({ username, password }, captchaToken);
      if (!result.ok) {
        dispatch({ type: "loginFailed", failure: result.failure });
        return { ok: false, failure: result.failure };
      }
      return adopt(result.value, "thisPage");
    },
    [client, adopt],
  );

  const loginWithToken = useCallback(
    async (token: string, flag?: boolean): Promise<Outcome> => {
      dispatch({ type: "loginStarted" });
      const stored = sessionRef.current;
      const result = await client.loginByToken(token, flag, stored && stored.token === token ? stored : {});
      if (!result.ok) {
        dispatch({ type: "loginFailed", failure: result.failure });
        return { ok: false, failure: result.failure };
      }
      return adopt(result.value, "handedOver");
    },
    [client, adopt],
  );

  // Spec §4 "Login by token": a member handed over with ?token= is signed in with it once the
  // stored session is known, unless that is already the session in use.
  const arrivalHandled = useRef(false);
  useEffect(() => {
    if (!ready || !externalToken || arrivalHandled.current) return;
    arrivalHandled.current = true;
    // The token stays in the address bar: a v3 answer carries no refresh token, so such a session
    // is not stored (spec §4) and a reload signs the member in again from the same link.
    if (sessionRef.current?.token !== externalToken) void loginWithToken(externalToken);
  }, [ready, externalToken, loginWithToken]);

  const logout = useCallback(async (): Promise<void> => {
    const session = sessionRef.current;
    // Cleared first: the member is signed out here even if the call hangs or fails.
    endSession("loggedOut");
    if (session) await client.logout(session);
  }, [client, endSession]);

  const refreshMember = useCallback(async (): Promise<Outcome> => {
    const session = sessionRef.current;
    if (!session) return { ok: true };
    if (session.cypherVersion === 1) return runRefresh();
    const started = generation.current;
    // Never with a token a running refresh is replacing (the provider drops the old one at once).
    await handover.settled();
    const token = handover.latest(session.token);
    const result = await client.getMemberByToken(token);
    if (started !== generation.current) return { ok: true };
    if (!result.ok) {
      // Only a rejected token ends the session; a network hiccup keeps the details we have.
      if (result.failure.kind === "provider" && result.failure.code === PEACH_CODE.invalidToken)
        endSession("tokenRejected");
      return { ok: false, failure: result.failure };
    }
    const next = { ...(handover.sessionAfter(session.token) ?? session), member: result.value };
    persist(next);
    dispatch({ type: "memberUpdated", member: result.value });
    return { ok: true };
  }, [client, endSession, handover, persist, runRefresh]);

  const validateToken = useCallback(async (): Promise<boolean> => {
    const session = sessionRef.current;
    if (!session) return false;
    const started = generation.current;
    await handover.settled();
    const token = handover.latest(session.token);
    const result = await client.validateToken(token);
    if (started !== generation.current) return false;
    // Spec §5: valid only on peachCode 0; anything else (network failures included) logs out.
    if (!result.ok) {
      endSession("tokenRejected");
      // Spec §4 "Validation failure: log out": a logout as logout() makes it, so the provider's
      // refresh session ends and the server's answer clears the HttpOnly memberRefresh cookie
      // (refresh-cookie.ts), which a local clear cannot reach. Not awaited: the caller redirects
      // at once (TicketingHandoff), whatever the provider answers or however long it takes.
      void client.logout({ token });
      return false;
    }
    return true;
  }, [client, endSession, handover]);

  const dismissLoginError = useCallback(() => dispatch({ type: "loginErrorDismissed" }), []);
  const showDialog = useCallback(() => setDialog(({ asked }) => ({ open: true, asked: asked + 1 })), []);
  const hideDialog = useCallback(
    () => setDialog((shown) => (shown.open ? { open: false, asked: shown.asked } : shown)),
    [],
  );
  const loginDialog = useMemo(
    () => ({ open: dialog.open, asked: dialog.asked, show: showDialog, hide: hideDialog }),
    [dialog, showDialog, hideDialog],
  );

  const currentNow = now();
  const rules = { now: currentNow, allowExpiredAccountsLogin: config.allowExpiredAccountsLogin };
  const visibleSession = selectVisibleSession(state, rules);
  const expired = selectIsExpired(state, currentNow);

  const value = useMemo<MemberSessionValue>(
    () => ({
      // Spec §4: an expired member the site does not allow is shown as logged out.
      status: state.status === "loggedIn" && !visibleSession ? "loggedOut" : state.status,
      member: visibleSession?.member ?? null,
      session: visibleSession,
      expired,
      ready,
      loginError: state.loginError,
      config,
      client: memberClient,
      login,
      loginWithToken,
      logout,
      refreshMember,
      validateToken,
      dismissLoginError,
      loginDialog,
    }),
    [
      state.status,
      state.loginError,
      visibleSession,
      expired,
      ready,
      config,
      memberClient,
      login,
      loginWithToken,
      logout,
      refreshMember,
      validateToken,
      dismissLoginError,
      loginDialog,
    ],
  );

  const runAction = useCallback(
    (action: LinkAction) => {
      if (action === "logout") void logout();
      else showDialog();
    },
    [logout, showDialog],
  );
  const token = visibleSession?.token ?? null;
  const bridge = useMemo<SessionLinkBridge>(() => ({ token, runAction }), [token, runAction]);

  return (
    <MemberSessionContext.Provider value={value}>
      <SessionLinkProvider value={bridge}>{children}</SessionLinkProvider>
    </MemberSessionContext.Provider>
  );
}
