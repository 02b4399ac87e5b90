// The member session for the whole page (spec §4 "Member session lifecycle"), without React: it
// owns the reducer, storage, the refresh schedule and the calls, and answers an immutable snapshot
// that changes identity only when something changed (what useSyncExternalStore reads).
// LoyaltyProvider is its React face. Nothing is read from storage until start(), which the
// provider calls after hydration: until then (and in the server render) the visitor is logged out.
import type { LinkAction } from "../../links/rules";
import { changeListeners } from "../../lib/change-listeners";
import { cookieValue } from "../../lib/cookie-header";
import { openedQuery } from "../../tracking/analytics/private-params";
import type { LoyaltyClient } from "../provider/client";
import type { LoyaltyConfig } from "../config";
import { CLUB_TOKEN_COOKIE, MEMBER_SESSION_STORAGE_KEY } from "./cookies";
import { isRefusedToken, PEACH_CODE } from "../errors";
import { lazyLoyaltyClient, loadLoyaltyEngine } from "./lazy-client";
import type { StoreOptions } from "./persistence";
import {
  initialSessionState,
  selectIsExpired,
  selectVisibleSession,
  sessionReducer,
  type SessionAction,
  type SessionState,
  type SessionStatus,
} from "./reducer";
import { pageLoadRefreshMemory, startRefreshSchedule, type RefreshMemory } from "./refresh-schedule";
import { pageLoadTokenHandover, withTokenHandover, type TokenHandoverLedger } from "./token-handover";
import { isShutOutAsExpired, type LoyaltyFailure, type Member, type MemberSession } from "../types";

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
  /**
   * Issue 43: a token the page was opened with (?token=) while another member was signed in. It is
   * held, unused, until that member has answered "Continue as …?" (sign-in/ContinueAsDialog.tsx);
   * null otherwise.
   */
  readonly arrival: string | null;
  /**
   * Settles the held arrival. `inUse`: the page went on with it (loginWithToken was called). Else
   * it is forgotten: the session kept is this site's own, refreshed as usual (refresh-schedule.ts
   * skips only a handed-over session's refresh).
   */
  answerArrival(inUse: boolean): void;
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

/** What changes as the session goes: a new object after each change, the same one otherwise. */
export interface MemberSessionSnapshot {
  readonly state: SessionState;
  /** False until the stored session has been read. */
  readonly ready: boolean;
  readonly loginDialog: LoginDialogControl;
  readonly arrival: string | null;
}

/** The session's heavy half (engine.ts): loaded on first use, never for a guest with nothing stored. */
export interface MemberSessionEngine {
  restoreSession(): MemberSession | null;
  storedTokensIssuedAt(): number | null;
  storeSession(session: MemberSession, options: StoreOptions): boolean;
  clearSession(): void;
  clearLoginLeftovers(): void;
}

export interface MemberSessionStorage {
  /** Cheap, without the engine: is there a stored session to restore at all? */
  hasStoredSession(): boolean;
  load(): Promise<MemberSessionEngine>;
}

export interface MemberSessionOptions {
  /** The site's loyalty configuration (the runtime's); the current theater is given apart. */
  readonly config: LoyaltyConfig;
  /** `{brand}` of the calls (runtime.loyaltyBrand), for the default client. */
  readonly brand: string;
  /**
   * The current theater's code (spec §4 "Selected theater", from SelectedTheaterProvider); the
   * override providers' member calls carry it as cinemaId. Null when there is no current theater.
   */
  readonly currentCinemaId?: string | null;
  /** Tests: a client over a fake fetch. Default: a client of /api/cypher built from the site runtime. */
  readonly client?: LoyaltyClient;
  /** The page's `token` query parameter; default read from the page's address at start(). */
  readonly externalToken?: string | null;
  /** Tests: the clock used for expiry. */
  readonly now?: () => Date;
  /** Tests: refresh-schedule memory (default: one per page load). */
  readonly refreshMemory?: RefreshMemory;
  /** Tests: the token hand-over ledger (default: one per page load). */
  readonly tokenHandover?: TokenHandoverLedger;
  /** Tests: where sessions are kept. Default: the browser's cookies and localStorage (persistence.ts). */
  readonly storage?: MemberSessionStorage;
  /**
   * The page's query string, read at start() for `token`. Default: the query the page was opened
   * with, which its history entry keeps once the token has left the address bar (issue 44).
   */
  readonly pageSearch?: () => string;
}

/** What screens may ask of the session: stable for the controller's life. */
export type MemberSessionActions = Pick<
  MemberSessionValue,
  | "client"
  | "login"
  | "loginWithToken"
  | "answerArrival"
  | "logout"
  | "refreshMember"
  | "validateToken"
  | "dismissLoginError"
>;

export interface MemberSessionController {
  subscribe(listener: () => void): () => void;
  getSnapshot(): MemberSessionSnapshot;
  /** The snapshot before start(): a logged-out visitor, not ready (the server render's). */
  getServerSnapshot(): MemberSessionSnapshot;
  /**
   * Reads the stored session (once the page is hydrated) and runs the refresh schedule while a
   * member is signed in. Answers "guest" when nothing is stored: the snapshot is final at once.
   */
  start(): "guest" | "restoring";
  /** Stops what start() began (a restore under way, the schedule); start() may be called again. */
  dispose(): void;
  /** Read by every call when it is made, so the client outlives theater changes. */
  setCurrentCinemaId(currentCinemaId: string | null): void;
  /** Its client is the one screens call through (token-handover.ts). */
  readonly actions: MemberSessionActions;
  /** What a member link asks for (SessionLinkBridge). */
  runLinkAction(action: LinkAction): void;
}

function browserHasStoredSession(): boolean {
  try {
    return (
      cookieValue(document.cookie, CLUB_TOKEN_COOKIE) !== null ||
      window.localStorage.getItem(MEMBER_SESSION_STORAGE_KEY) !== null
    );
  } catch {
    return false;
  }
}

const browserStorage: MemberSessionStorage = { hasStoredSession: browserHasStoredSession, load: loadLoyaltyEngine };

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

/**
 * What screens are shown of `state` at `now`. Spec §4 "Expired": an expired member the site does
 * not allow is shown as logged out. Asked at each render, so a member who expires while the page
 * is open is hidden at the next one.
 */
export function shownSession(
  state: SessionState,
  config: LoyaltyConfig,
  now: Date,
): Pick<MemberSessionValue, "status" | "member" | "session" | "expired"> {
  const session = selectVisibleSession(state, { now, allowExpiredAccountsLogin: config.allowExpiredAccountsLogin });
  const status = state.status === "loggedIn" && !session ? "loggedOut" : state.status;
  return { status, member: session?.member ?? null, session, expired: selectIsExpired(state, now) };
}

function sameState(a: SessionState, b: SessionState): boolean {
  return a.status === b.status && a.session === b.session && a.loginError === b.loginError;
}

export function createMemberSessionController(options: MemberSessionOptions): MemberSessionController {
  const { config } = options;
  const now = options.now ?? (() => new Date());
  const refreshMemory = options.refreshMemory ?? pageLoadRefreshMemory;
  const handover = options.tokenHandover ?? pageLoadTokenHandover;
  const storage = options.storage ?? browserStorage;
  let currentCinemaId = options.currentCinemaId ?? null;
  const client =
    options.client ?? lazyLoyaltyClient({ config, brand: options.brand, currentCinemaId: () => currentCinemaId });

  let state = initialSessionState;
  let ready = false;
  const showDialog = () => setDialog({ open: true, asked: snapshot.loginDialog.asked + 1 });
  const hideDialog = () => {
    if (snapshot.loginDialog.open) setDialog({ open: false, asked: snapshot.loginDialog.asked });
  };
  const initialSnapshot: MemberSessionSnapshot = {
    state,
    ready,
    loginDialog: { open: false, asked: 0, show: showDialog, hide: hideDialog },
    arrival: null,
  };
  let snapshot = initialSnapshot;
  const listeners = changeListeners();

  // Calls resolve after changes; a generation number tells a late answer (a refresh that returns
  // after a logout) that it no longer applies.
  let generation = 0;
  let restored = false;
  let tokensIssuedAt: number | null = null;
  let externalToken: string | null = options.externalToken ?? null;
  let arrivalHandled = false;
  let arrival: string | null = null;
  /** The restore of the running start(), cancelled by dispose(); null when not started. */
  let running: { cancelled: boolean } | null = null;
  let schedule: { readonly key: string; readonly stop: () => void } | null = null;

  function publish(next: Partial<Omit<MemberSessionSnapshot, "state">> = {}): void {
    const loginDialog = next.loginDialog ?? snapshot.loginDialog;
    if (
      snapshot.state !== state ||
      snapshot.ready !== ready ||
      snapshot.loginDialog !== loginDialog ||
      snapshot.arrival !== arrival
    ) {
      snapshot = { state, ready, loginDialog, arrival };
      listeners.notify();
    }
    syncRefreshSchedule();
  }

  function dispatch(action: SessionAction): void {
    const next = sessionReducer(state, action);
    if (!sameState(next, state)) state = next;
    publish();
  }

  function setDialog(dialog: { readonly open: boolean; readonly asked: number }): void {
    publish({ loginDialog: { ...dialog, show: showDialog, hide: hideDialog } });
  }

  /** Runs while a member is signed in on a started page, restarted when what it depends on changes. */
  function syncRefreshSchedule(): void {
    const loggedIn = running !== null && state.status === "loggedIn";
    const version = state.session?.cypherVersion ?? config.version;
    const key = loggedIn ? JSON.stringify([version, restored, externalToken, tokensIssuedAt]) : null;
    if (key === (schedule?.key ?? null)) return;
    schedule?.stop();
    schedule =
      key === null
        ? null
        : {
            key,
            stop: startRefreshSchedule({
              version,
              restored,
              externalToken,
              refresh: runRefresh,
              memory: refreshMemory,
              tokensIssuedAt,
            }),
          };
  }

  // What screens call through: their calls wait for a running refresh and carry the newest token;
  // a call refused as "invalid token" while its token is still the session's newest renews the
  // session (the refresh below, single flight) and is sent once more (token-handover.ts).
  const memberClient = withTokenHandover(client, handover, async (refused) => {
    const session = state.session;
    if (!session || handover.latest(session.token) !== refused || handover.refreshFailedFrom(refused)) return;
    await runRefresh();
  });

  const hiddenWhenExpired = (session: MemberSession) =>
    isShutOutAsExpired(session.member, { now: now(), allowExpiredAccountsLogin: config.allowExpiredAccountsLogin });

  function persist(session: MemberSession): void {
    handover.rememberMember(session.token, session.member);
    const browserSessionOnly = hiddenWhenExpired(session);
    void storage.load().then((engine) => {
      // A session that may not be kept (spec §4: v3 without both tokens) must not leave an older
      // stored one behind for the next page to restore.
      if (!engine.storeSession(session, { sessionTimeoutHours: config.sessionTimeout, browserSessionOnly }))
        engine.clearSession();
    });
  }

  function endSession(action: "loggedOut" | "tokenRejected" | "refreshFailed"): void {
    generation += 1;
    handover.forgetMembers();
    void storage.load().then((engine) => engine.clearSession());
    dispatch({ type: action });
  }

  function start(): "guest" | "restoring" {
    if (running) running.cancelled = true;
    const run = { cancelled: false };
    running = run;
    externalToken =
      options.externalToken !== undefined
        ? options.externalToken
        : externalTokenOf((options.pageSearch ?? openedQuery)());
    // A guest with nothing stored loads none of the session code; otherwise restore (which also
    // clears member details left behind by a session whose cookie has ended).
    if (!storage.hasStoredSession()) {
      ready = true;
      publish();
      handleArrival();
      return "guest";
    }
    publish();
    void storage.load().then(async (engine) => {
      if (run.cancelled) return;
      const stored = engine.restoreSession();
      if (!stored) {
        ready = true;
        publish();
        handleArrival();
        return;
      }
      // Gatsby mounts a provider per page: a refresh of this page load, on the page before a
      // client-side navigation, may be running or may have replaced the stored pair already.
      await handover.settled();
      if (run.cancelled) return;
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
        if (run.cancelled) return;
        if (fetched.ok) {
          session = { ...current, member: fetched.value };
          handover.rememberMember(session.token, session.member);
        } else if (isRefusedToken(fetched.failure) && current.refreshable) {
          // The stored token may be dead because its pair was rotated: a refresh that answered as
          // the previous page was left (the server's cookie holds the new refresh token, the page
          // never stored the new session token). Refreshed now, before any screen calls with it;
          // this is the start-up refresh, so the schedule does not run another one.
          const renewed = await handover.refresh(current.token, () => client.refresh(current));
          if (run.cancelled) return;
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
      // One change, as one render: the schedule starts once, knowing the session was restored.
      tokensIssuedAt = issuedAt;
      restored = true;
      ready = true;
      dispatch({ type: "restored", session });
      handleArrival();
    });
    return "restoring";
  }

  function dispose(): void {
    if (running) running.cancelled = true;
    running = null;
    syncRefreshSchedule();
  }

  // Spec §4 "Login by token": a member handed over with ?token= is signed in with it once the
  // stored session is known, unless that is already the session in use. With another session in
  // use, the token is only held: a link must not swap members silently (issue 43). The screens ask
  // first (sign-in/ContinueAsDialog.tsx); they sign in with it at once when it is the same member's,
  // or when the member in use is shut out as expired (screens see nobody).
  function handleArrival(): void {
    if (!ready || !externalToken || arrivalHandled) return;
    arrivalHandled = true;
    // The token left the address bar as the page started (issue 44) but stays with its history
    // entry: a v3 answer carries no refresh token, so such a session is not stored (spec §4), and a
    // reload signs the member in again from what the entry kept.
    if (!state.session) void loginWithToken(externalToken);
    else if (state.session.token !== externalToken) {
      arrival = externalToken;
      publish();
    }
  }

  function answerArrival(inUse: boolean): void {
    if (!inUse) externalToken = null;
    arrival = null;
    publish();
  }

  async function runRefresh(): Promise<Outcome> {
    const session = state.session;
    if (!session) return { ok: true };
    // Spec §4: v1 refresh "requires memberId, token and refreshToken" (the last one held by the
    // server, refresh-cookie.ts); without them there is nothing to refresh with, and the session
    // simply lives until its cookie ends. A v3 session signed in without a refresh token (never
    // stored) lives for this page alone the same way.
    if (!session.refreshable || (session.cypherVersion === 1 && !session.memberId)) return { ok: true };
    const started = generation;
    // A refresh this page load already made (on the page before a client-side navigation) wins
    // over the stale pair this provider restored. Single flight: a refresh already running (the
    // start-up one, or one a refused call asked for) is joined, never doubled.
    const from = handover.sessionAfter(session.token) ?? session;
    const result = await handover.refresh(from.token, () => client.refresh(from));
    if (started !== generation) return { ok: true };
    if (!result.ok) {
      // Spec §4/§8: "Any failure clears the session."
      endSession("refreshFailed");
      return { ok: false, failure: result.failure };
    }
    persist(result.value);
    dispatch({ type: "refreshSucceeded", session: result.value });
    return { ok: true };
  }

  function adopt(session: MemberSession, opener: SessionOpener): Outcome {
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
    generation += 1;
    persist(session); // v3 without both tokens is kept for this page only (spec §4)
    restored = false;
    dispatch({ type: "loginSucceeded", session });
    return { ok: true };
  }

  async function login(username: string, password: string, captchaToken?: string | null): Promise<Outcome> {
    dispatch({ type: "loginStarted" });
    (await storage.load()).clearLoginLeftovers();
    const result = await client.login({ username, password }, captchaToken);
    if (!result.ok) {
      dispatch({ type: "loginFailed", failure: result.failure });
      return { ok: false, failure: result.failure };
    }
    return adopt(result.value, "thisPage");
  }

  async function loginWithToken(token: string, flag?: boolean): Promise<Outcome> {
    dispatch({ type: "loginStarted" });
    const stored = state.session;
    const result = await client.loginByToken(token, flag, stored && stored.token === token ? stored : {});
    if (!result.ok) {
      dispatch({ type: "loginFailed", failure: result.failure });
      return { ok: false, failure: result.failure };
    }
    return adopt(result.value, "handedOver");
  }

  async function logout(): Promise<void> {
    const session = state.session;
    // Cleared first: the member is signed out here even if the call hangs or fails.
    endSession("loggedOut");
    if (session) await client.logout(session);
  }

  async function refreshMember(): Promise<Outcome> {
    const session = state.session;
    if (!session) return { ok: true };
    if (session.cypherVersion === 1) return runRefresh();
    const started = generation;
    // Never with a token a running refresh is replacing (the provider drops the old one at once).
    await handover.settled();
    const token = handover.latest(session.token);
    const result = await client.getMemberByToken(token);
    if (started !== generation) return { ok: true };
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
  }

  async function validateToken(): Promise<boolean> {
    const session = state.session;
    if (!session) return false;
    const started = generation;
    await handover.settled();
    const token = handover.latest(session.token);
    const result = await client.validateToken(token);
    if (started !== generation) return false;
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
  }

  return {
    subscribe: listeners.subscribe,
    getSnapshot: () => snapshot,
    getServerSnapshot: () => initialSnapshot,
    start,
    dispose,
    setCurrentCinemaId(id) {
      currentCinemaId = id;
    },
    actions: {
      client: memberClient,
      login,
      loginWithToken,
      answerArrival,
      logout,
      refreshMember,
      validateToken,
      dismissLoginError: () => dispatch({ type: "loginErrorDismissed" }),
    },
    runLinkAction(action) {
      if (action === "logout") void logout();
      else showDialog();
    },
  };
}
