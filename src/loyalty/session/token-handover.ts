// A refresh replaces the session token, and the provider stops accepting the old one at once
// (docs/loyalty-upstream.md). Screens hold the token they were rendered with, and a page's first
// refresh runs half a second after load, just when screens make their first calls. This wraps
// the client the screens use so that a member call never goes out, or comes back refused, only
// because a refresh overtook it.
import { PEACH_CODE } from "../errors";
import type { LoyaltyClient } from "../client";
import type { Member, MemberSession } from "./types";

export interface TokenHandover {
  /** Resolves when no refresh is running. */
  settled(): Promise<void>;
  /** The newest token that replaced `token` (itself when none did). */
  latest(token: string): string;
}

export interface TokenHandoverLedger extends TokenHandover {
  track<T>(refresh: Promise<T>): Promise<T>;
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
  const successor = new Map<string, string>();
  const sessions = new Map<string, MemberSession>();
  const members = new Map<string, Member>();
  return {
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
}

/**
 * One per page load, like the refresh memory: Gatsby mounts a LoyaltyProvider per page, and a
 * refresh started on one page may answer after a client-side navigation to the next.
 */
export const pageLoadTokenHandover: TokenHandoverLedger = createTokenHandover();

/** `client` whose member calls wait for a running refresh and carry the newest token. */
export function withTokenHandover(client: LoyaltyClient, handover: TokenHandover): LoyaltyClient {
  const call = (async (name: Parameters<LoyaltyClient["call"]>[0], options?: Parameters<LoyaltyClient["call"]>[1]) => {
    if (!options?.session) return client.call(name, options);
    await handover.settled();
    const sent = handover.latest(options.session);
    const result = await client.call(name, { ...options, session: sent });
    // Sent just before a refresh replaced the token: refused as "invalid token", worth one retry.
    if (!result.ok && result.failure.kind === "provider" && result.failure.code === PEACH_CODE.invalidToken) {
      await handover.settled();
      const newer = handover.latest(sent);
      if (newer !== sent) return client.call(name, { ...options, session: newer });
    }
    return result;
  }) as LoyaltyClient["call"];
  return { ...client, call };
}
