import { member, v1Session, v3Session } from "../../test/loyalty-fakes";
import { initialSessionState, selectIsExpired, selectVisibleSession, sessionReducer } from "./reducer";
import type { SessionAction, SessionState } from "./reducer";

const run = (actions: SessionAction[], from: SessionState = initialSessionState): SessionState =>
  actions.reduce(sessionReducer, from);
const now = new Date("2026-06-01T00:00:00Z");
const expiredSession = { ...v3Session, member: { ...member, expiresAt: "2026-01-01T00:00:00Z" } };

describe("sessionReducer", () => {
  it("login: loading, then logged in with the session", () => {
    expect(run([{ type: "loginStarted" }])).toEqual({ status: "loading", session: null, loginError: null });
    expect(run([{ type: "loginStarted" }, { type: "loginSucceeded", session: v3Session }])).toEqual({
      status: "loggedIn",
      session: v3Session,
      loginError: null,
    });
  });

  it("a failed login is logged out with the error exposed, cleared by the next attempt or a dismissal", () => {
    const failed = run([{ type: "loginStarted" }, { type: "loginFailed", failure: { kind: "provider", code: 31 } }]);
    expect(failed).toEqual({ status: "loggedOut", session: null, loginError: { kind: "provider", code: 31 } });
    expect(run([{ type: "loginStarted" }], failed).loginError).toBeNull();
    expect(run([{ type: "loginErrorDismissed" }], failed).loginError).toBeNull();
  });

  it("a failed login keeps a member already signed in (a refused switch, issue 43), with the error exposed", () => {
    const failure = { kind: "provider", code: 7 } as const;
    expect(
      run([{ type: "restored", session: v3Session }, { type: "loginStarted" }, { type: "loginFailed", failure }]),
    ).toEqual({ status: "loggedIn", session: v3Session, loginError: failure });
  });

  it("restored sessions are logged in", () => {
    expect(run([{ type: "restored", session: v1Session }])).toEqual({
      status: "loggedIn",
      session: v1Session,
      loginError: null,
    });
  });

  it("refresh success replaces the session; failure logs out", () => {
    const next = { ...v1Session, token: "t2" };
    expect(
      run([
        { type: "restored", session: v1Session },
        { type: "refreshSucceeded", session: next },
      ]).session,
    ).toBe(next);
    expect(run([{ type: "restored", session: v1Session }, { type: "refreshFailed" }])).toEqual(initialSessionState);
  });

  it("a refresh that lands after logout does not bring the session back", () => {
    expect(
      run([
        { type: "restored", session: v1Session },
        { type: "loggedOut" },
        { type: "refreshSucceeded", session: v1Session },
      ]),
    ).toEqual(initialSessionState);
  });

  it("memberUpdated changes the member of a session, and nothing without one", () => {
    const updated = { ...member, pointsBalance: 5 };
    expect(
      run([
        { type: "restored", session: v3Session },
        { type: "memberUpdated", member: updated },
      ]).session,
    ).toEqual({ ...v3Session, member: updated });
    expect(run([{ type: "memberUpdated", member: updated }])).toEqual(initialSessionState);
  });

  it("logout and a rejected token both end the session", () => {
    expect(run([{ type: "loginSucceeded", session: v3Session }, { type: "loggedOut" }])).toEqual(initialSessionState);
    expect(run([{ type: "loginSucceeded", session: v3Session }, { type: "tokenRejected" }])).toEqual(
      initialSessionState,
    );
  });
});

describe("selectors (spec §4 Expired)", () => {
  it("a current member is visible", () => {
    const state = run([{ type: "restored", session: v3Session }]);
    expect(selectVisibleSession(state, { now, allowExpiredAccountsLogin: false })?.member).toBe(member);
    expect(selectIsExpired(state, now)).toBe(false);
  });

  it("an expired member is absent unless the site allows expired logins", () => {
    const state = run([{ type: "restored", session: expiredSession }]);
    expect(selectIsExpired(state, now)).toBe(true);
    expect(selectVisibleSession(state, { now, allowExpiredAccountsLogin: false })).toBeNull();
    expect(selectVisibleSession(state, { now, allowExpiredAccountsLogin: true })).toBe(expiredSession);
    // Before the expiry date, the same member is visible.
    expect(
      selectVisibleSession(state, { now: new Date("2025-12-31T00:00:00Z"), allowExpiredAccountsLogin: false })?.member,
    ).toBe(expiredSession.member);
  });

  it("nothing is visible while logged out or loading", () => {
    expect(selectVisibleSession(initialSessionState, { now, allowExpiredAccountsLogin: true })).toBeNull();
    expect(selectVisibleSession(run([{ type: "loginStarted" }]), { now, allowExpiredAccountsLogin: true })).toBeNull();
  });
});
