// The member session as the rest of the site sees it (spec §3 "Member session"). Raw provider
// shapes (memberDetails, sessionManagementTokens, peachCode) are reshaped into these at the
// client (src/member/provider/client.ts) and never leave src/member/ (brief: "Provider boundary").
import type { ProxyErrorCode } from "./errors";

export type CypherVersion = 1 | 3;

export interface Member {
  readonly memberId: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly username: string;
  readonly mobilePhone: string;
  /** YYYY-MM-DD, or "" when the provider has none. */
  readonly birthDate: string;
  /** ISO date-time the membership ends; null when it never does (the provider's "0001-01-01T00:00:00Z"). */
  readonly expiresAt: string | null;
  readonly cardNumber: string;
  readonly clubId: string;
  readonly levelName: string;
  readonly pointsBalance: number;
  readonly hasUserName: boolean;
  /**
   * Every other memberDetails field the provider sent (spec §3: the session keeps all of them),
   * as JSON values: what a provider adds (memberLevelId, card lists, …) reaches screens and the
   * ticketing hand-off without a change here (session/member-details.ts).
   */
  readonly details: MemberDetails;
}

/** A JSON value of memberDetails, as the provider sent it. */
export type MemberDetailValue =
  string | number | boolean | null | readonly MemberDetailValue[] | { readonly [key: string]: MemberDetailValue };
export type MemberDetails = { readonly [key: string]: MemberDetailValue };

export interface MemberSession {
  /** Session token: `{brand}-Session-Token` on member calls, and the token of ticketing links. */
  readonly token: string;
  /**
   * The server holds a refresh token for this session, in an HttpOnly cookie the page never reads
   * (src/server/refresh-cookie.ts). False when the provider sent none (refresh is then skipped).
   */
  readonly refreshable: boolean;
  readonly cypherVersion: CypherVersion;
  /** Version 1 only. */
  readonly userSessionId?: string;
  readonly memberId?: string;
  readonly encryptedSessionId?: string;
  readonly member: Member;
}

/**
 * Why a member call failed, typed so that screens can branch without reading provider answers.
 * - provider: the provider answered with a non-zero peachCode (or a failing v1 statusCode);
 * - proxy: /api/cypher refused or could not complete the call (its own error codes);
 * - network: the request never got an answer (spec §4: "a network failure rejects with null");
 * - bad_response: an answer we cannot read (not JSON, or missing what the call needs).
 */
export type LoyaltyFailure =
  | { readonly kind: "provider"; readonly code: number; readonly clientErrorMessage?: string }
  /** retryAfter: seconds, from a 429's Retry-After. */
  | { readonly kind: "proxy"; readonly code: ProxyErrorCode; readonly retryAfter?: number }
  | { readonly kind: "network" }
  | { readonly kind: "bad_response" };

export type LoyaltyResult<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly failure: LoyaltyFailure };

/**
 * A member known only by id and expiry: a restored session before its member is fetched again
 * (nothing personal is kept in the browser), or while that fetch cannot reach the provider.
 */
export function bareMember(memberId: string, expiresAt: string | null): Member {
  return {
    memberId,
    firstName: "",
    lastName: "",
    email: "",
    username: "",
    mobilePhone: "",
    birthDate: "",
    expiresAt,
    cardNumber: "",
    clubId: "",
    levelName: "",
    pointsBalance: 0,
    hasUserName: true,
    details: {},
  };
}

/** Spec §3: the provider's "no expiry" sentinel. */
export const NO_EXPIRY_SENTINEL = "0001-01-01T00:00:00Z";

/** Reads memberExpiry: the sentinel, "" and unparsable values all mean "never expires". */
export function expiryFromProvider(memberExpiry: string | undefined | null): string | null {
  if (!memberExpiry || memberExpiry === NO_EXPIRY_SENTINEL) return null;
  return Number.isNaN(Date.parse(memberExpiry)) ? null : memberExpiry;
}

/** Spec §4 "Expired": memberExpiry in the past and not the sentinel. */
export function isExpired(member: Pick<Member, "expiresAt">, now: Date): boolean {
  if (member.expiresAt === null) return false;
  const end = Date.parse(member.expiresAt);
  return !Number.isNaN(end) && end < now.getTime();
}

/** What decides whether an expired member counts: the clock and the site's loyalty setting. */
export interface ExpiryRules {
  readonly now: Date;
  readonly allowExpiredAccountsLogin: boolean;
}

/**
 * Spec §4 "Expired": the member is expired and the site does not allow expired logins, so
 * screens, the hand-off and storage treat them as absent. The one definition of that rule
 * (session reducer, LoyaltyProvider, handoff.ts).
 */
export function isShutOutAsExpired(member: Pick<Member, "expiresAt">, rules: ExpiryRules): boolean {
  return !rules.allowExpiredAccountsLogin && isExpired(member, rules.now);
}
