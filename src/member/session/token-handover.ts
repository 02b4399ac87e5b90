// A refresh replaces the session token, and the provider stops accepting the old one at once
// (docs/loyalty-upstream.md). Screens hold the token they were rendered with, and a page's first
// refresh runs half a second after load, just when screens make their first calls. This wraps
// the client the screens use so that a member call never goes out, or comes back refused, only
// because a refresh overtook it. And a page can start with a token that is already dead: a
// refresh that answered just as the previous page was left rotated the pair at the provider (the
// server's cookie holds the new refresh token) but never stored the new session token. Such a
// refusal renews the session once (one refresh, however many calls were refused) and the call is
// sent again with the new token; it is never retried twice.
import { isRefusedToken } from "../errors";
import type { LoyaltyClient } from "../provider/client";
import type { LoyaltyResult, Member, MemberSession } from "../types";

export interface TokenHandover {
  /** Resolves when no refresh is running. */
  settled(): Promise<void>;
  /** The newest token that replaced `token` (itself when none did). */
  latest(token: string): string;
}

export interface TokenHandoverLedger extends TokenHandover {
  track<T>(refresh: Promise<T>): Promise<T>;
  /**
   * Single flight: the refresh running now if there is one (the provider rotates the pair on each
   * refresh, so two at once would leave one of them holding a dead pair), else `start()`, tracked.
   * A success is recorded (replaced) before anyone waiting on settled() resumes.
   */
  refresh(fromToken: string, start: () => Promise<LoyaltyResult<MemberSession>>): Promise<LoyaltyResult<MemberSession>>;
  /** A refresh from `token` was tried and failed: a call refused with it is not worth another. */
  refreshFailedFrom(token: string): boolean;
  /** `session` replaced the session whose token was `oldToken`. */
  replaced(oldToken: string, session: MemberSession): void;
  /** The newest session that replaced the one holding `token`, if any. */
  sessionAfter(token: string): MemberSession | null;
  /**
   * The member last read for the session holding `token`: nothing personal is stored, so a page
   * reached by a client-side navigation takes it from here rather than fetching it again.
   */
  memberOf(token: string): Member | null;
  rememberMember(token: string, member: Member): void;
  /** Signed out: no member is remembered any more. */
  forgetMembers(): void;
}

/** Remembers which token replaced which, and the refresh in flight. */
export function createTokenHandover(): TokenHandoverLedger {
  let inFlight: Promise<unknown> | null = null;
  let refreshing: Promise<LoyaltyResult<MemberSession>> | null = null;
  const failedFrom = new Set<string>();
  const successor = new Map<string, string>();
  const sessions = new Map<string, MemberSession>();
  const members = new Map<string, Member>();
  const ledger: TokenHandoverLedger = {
    settled: () =>
      inFlight
        ? inFlight.then(
            () => undefined,
            () => undefined,
          )
        : Promise.resolve(),
    latest(token) {
      let current = token;
      // A chain of refreshes (a long visit) is followed to its end; the guard stops a cycle.
      for (let hops = 0; successor.has(current) && hops < 100; hops += 1) current = successor.get(current)!;
      return current;
    },
    track(refresh) {
      inFlight = refresh;
      void refresh.then(
        () => (inFlight === refresh ? (inFlight = null) : undefined),
        () => (inFlight === refresh ? (inFlight = null) : undefined),
      );
      return refresh;
    },
    refresh(fromToken, start) {
      if (refreshing) return refreshing;
      const running = start().then((result) => {
        if (result.ok) ledger.replaced(fromToken, result.value);
        else failedFrom.add(fromToken);
        return result;
      });
      refreshing = running;
      const done = () => {
        if (refreshing === running) refreshing = null;
      };
      running.then(done, done);
      return ledger.track(running);
    },
    refreshFailedFrom: (token) => failedFrom.has(token),
    replaced(oldToken, session) {
      sessions.set(session.token, session);
      if (oldToken !== session.token) successor.set(oldToken, session.token);
    },
    sessionAfter(token) {
      const latest = this.latest(token);
      return latest === token ? null : (sessions.get(latest) ?? null);
    },
    memberOf: (token) => members.get(token) ?? null,
    rememberMember(token, member) {
      members.set(token, member);
    },
    forgetMembers: () => members.clear(),
  };
  return ledger;
}

/**
 * One per page load, like the refresh memory: Gatsby mounts a LoyaltyProvider per page, and a
 * refresh started on one page may answer after a client-side navigation to the next.
 */
export const pageLoadTokenHandover: TokenHandoverLedger = createTokenHandover();

/**
 * Renews the session whose token `refused` was just refused (the session controller: its
 * single-flight refresh, when that token is still the session's newest and the session can be
 * refreshed). It resolves once that refresh has ended, whatever its outcome; the new token is read from the ledger.
 */
export type RenewRefusedToken = (refused: string) => Promise<void>;

/**
 * `client` whose member calls wait for a running refresh and carry the newest token. A call
 * refused as "invalid token" is sent once more with a newer token: the one a refresh running or
 * ended meanwhile issued, or else the one `renew` gets. The second answer is final.
 */
export function withTokenHandover(
  client: LoyaltyClient,
  handover: TokenHandover,
  renew?: RenewRefusedToken,
): LoyaltyClient {
  const call = (async (name: Parameters<LoyaltyClient["call"]>[0], options?: Parameters<LoyaltyClient["call"]>[1]) => {
    if (!options?.session) return client.call(name, options);
    await handover.settled();
    const sent = handover.latest(options.session);
    const result = await client.call(name, { ...options, session: sent });
    if (result.ok || !isRefusedToken(result.failure)) return result;
    // Sent just before a refresh replaced the token, or with a token already dead when the page started.
    await handover.settled();
    let newer = handover.latest(sent);
    if (newer === sent && renew) {
      await renew(sent);
      newer = handover.latest(sent);
    }
    return newer !== sent ? client.call(name, { ...options, session: newer }) : result;
  }) as LoyaltyClient["call"];
  return { ...client, call };
}
