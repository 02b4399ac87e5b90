// The member session as a pure reducer over past-tense actions (spec §4 "Member session
// lifecycle": logged out → loading → logged in; a logged-in member may also be expired).
// Side effects (calls, storage, timers) live in the session controller (controller.ts); this only
// says what state follows.
import {
  isExpired,
  isShutOutAsExpired,
  type ExpiryRules,
  type LoyaltyFailure,
  type Member,
  type MemberSession,
} from "../types";

export type SessionStatus = "loggedOut" | "loading" | "loggedIn";

export interface SessionState {
  readonly status: SessionStatus;
  readonly session: MemberSession | null;
  readonly loginError: LoyaltyFailure | null;
}

export type SessionAction =
  | { readonly type: "loginStarted" }
  | { readonly type: "loginSucceeded"; readonly session: MemberSession }
  | { readonly type: "loginFailed"; readonly failure: LoyaltyFailure }
  | { readonly type: "loginErrorDismissed" }
  | { readonly type: "restored"; readonly session: MemberSession }
  | { readonly type: "refreshSucceeded"; readonly session: MemberSession }
  | { readonly type: "refreshFailed" }
  | { readonly type: "memberUpdated"; readonly member: Member }
  | { readonly type: "loggedOut" }
  | { readonly type: "tokenRejected" };

export const initialSessionState: SessionState = { status: "loggedOut", session: null, loginError: null };

export function sessionReducer(state: SessionState, action: SessionAction): SessionState {
  switch (action.type) {
    case "loginStarted":
      // A member already signed in stays so while a new attempt runs (the dialog shows the spinner).
      return { ...state, status: state.session ? state.status : "loading", loginError: null };
    case "loginSucceeded":
    case "restored":
      return { status: "loggedIn", session: action.session, loginError: null };
    case "loginFailed":
      // A member already signed in stays so (a refused "Continue as …?" switch, issue 43): the
      // stored session is still theirs, and a reload would bring them back anyway.
      return { ...state, status: state.session ? state.status : "loggedOut", loginError: action.failure };
    case "loginErrorDismissed":
      return state.loginError ? { ...state, loginError: null } : state;
    case "refreshSucceeded":
      // A refresh that lands after a logout must not bring the session back.
      return state.session ? { ...state, status: "loggedIn", session: action.session } : state;
    case "memberUpdated":
      return state.session ? { ...state, session: { ...state.session, member: action.member } } : state;
    case "refreshFailed":
    case "loggedOut":
    case "tokenRejected":
      return initialSessionState;
  }
}

export type VisibilityRules = ExpiryRules;

/** Is the signed-in member's account past its expiry (whatever the site allows)? */
export function selectIsExpired(state: SessionState, now: Date): boolean {
  return state.session !== null && isExpired(state.session.member, now);
}

/** Spec §4 "Expired": an expired member is absent to screens unless the site allows expired logins. */
export function selectVisibleSession(state: SessionState, rules: VisibilityRules): MemberSession | null {
  if (state.status !== "loggedIn" || !state.session) return null;
  if (isShutOutAsExpired(state.session.member, rules)) return null;
  return state.session;
}
