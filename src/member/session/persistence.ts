// Where a member session survives a page load (spec §3 "Stored values", §9 "Session cookie").
// The session token lives in the `clubToken` cookie because the server redirect endpoints read it
// too; on version 1 the `userSessionId` cookie sits beside it. The refresh token never reaches the
// page (the server keeps it in an HttpOnly cookie, src/server/refresh-cookie.ts). localStorage
// `memberSession` keeps only what restoring needs: the version, ids, whether the session can be
// refreshed, when its tokens were issued and when the membership ends (the expired rule holds
// before the member is fetched again). Nothing personal the page can fetch again (name, e-mail,
// phone, birth date, card, points) is stored: the session controller re-reads the member on load.
// The cookie decides whether a session exists: when it has expired, the localStorage copy goes too.
//
// Every function here swallows storage errors (blocked cookies, private mode, quota): a member
// who cannot be remembered is still signed in for this page.
import Cookies from "js-cookie";
import { z } from "zod";
import {
  CLUB_TOKEN_COOKIE,
  MEMBER_SESSION_STORAGE_KEY,
  SESSION_TOKEN_PATTERN,
  USER_SESSION_ID_COOKIE,
} from "./cookies";
import { bareMember, type MemberSession } from "../types";

export { MEMBER_SESSION_STORAGE_KEY };

/** What localStorage holds. Older entries (with the member's details) restore through it, their details dropped. */
const storedSessionSchema = z.object({
  cypherVersion: z.union([z.literal(1), z.literal(3)]),
  /** The server holds a refresh token for this session (in its HttpOnly cookie). */
  refreshable: z.boolean().default(false),
  memberId: z.string().optional(),
  encryptedSessionId: z.string().optional(),
  /** member.expiresAt (null: never). */
  memberExpiresAt: z.string().nullable().default(null),
  /** Epoch ms the provider issued this token pair (a sign-in or a refresh on some page). */
  tokensIssuedAt: z.number().optional(),
});
type StoredSession = z.infer<typeof storedSessionSchema>;

export interface StoreOptions {
  /** settings.loyalty.sessionTimeout, in hours (src/member/config.ts). */
  readonly sessionTimeoutHours: number;
  /**
   * Spec §9: an expired member on a site that does not allow expired logins gets a browser-session
   * cookie (no expiry), so the stale session goes when the browser closes.
   */
  readonly browserSessionOnly: boolean;
  /** Tests: the clock stamping a new token pair. */
  readonly now?: () => number;
}

function localStore(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null; // access itself throws when storage is blocked
  }
}

function isSecurePage(): boolean {
  return typeof location !== "undefined" && location.protocol === "https:";
}

function cookieAttributes(options: StoreOptions): Cookies.CookieAttributes {
  return {
    path: "/",
    sameSite: "Lax",
    ...(isSecurePage() ? { secure: true } : {}),
    // js-cookie counts days.
    ...(options.browserSessionOnly ? {} : { expires: options.sessionTimeoutHours / 24 }),
  };
}

/** Spec §4/§5: "persisted only when the required tokens are present" (v3 needs both). */
export function canPersist(session: MemberSession): boolean {
  if (!SESSION_TOKEN_PATTERN.test(session.token)) return false;
  return session.cypherVersion === 1 || session.refreshable;
}

/** Writes the session; answers false when it was not (or could not be) kept. */
export function storeSession(session: MemberSession, options: StoreOptions): boolean {
  if (!canPersist(session)) return false;
  const previousToken = readCookie(CLUB_TOKEN_COOKIE);
  try {
    const attributes = cookieAttributes(options);
    Cookies.set(CLUB_TOKEN_COOKIE, session.token, attributes);
    if (session.cypherVersion === 1 && session.userSessionId)
      Cookies.set(USER_SESSION_ID_COOKIE, session.userSessionId, attributes);
    else Cookies.remove(USER_SESSION_ID_COOKIE, { path: "/" });
  } catch {
    return false;
  }
  // The same token stored again (new member details) keeps its age; a new pair starts from now.
  const previous = readStored();
  const tokensIssuedAt =
    previous && previousToken === session.token && previous.tokensIssuedAt !== undefined
      ? previous.tokensIssuedAt
      : (options.now ?? Date.now)();
  const stored: StoredSession = {
    tokensIssuedAt,
    cypherVersion: session.cypherVersion,
    refreshable: session.refreshable,
    ...(session.member.memberId ? { memberId: session.member.memberId } : {}),
    ...(session.encryptedSessionId ? { encryptedSessionId: session.encryptedSessionId } : {}),
    memberExpiresAt: session.member.expiresAt,
  };
  try {
    localStore()?.setItem(MEMBER_SESSION_STORAGE_KEY, JSON.stringify(stored));
  } catch {
    // The cookie alone still identifies the member for ticketing links; a page that cannot read
    // this entry ends the session at its next load.
  }
  return true;
}

function readCookie(name: string): string | undefined {
  try {
    return Cookies.get(name);
  } catch {
    return undefined;
  }
}

function readStored(): StoredSession | null {
  let text: string | null;
  try {
    text = localStore()?.getItem(MEMBER_SESSION_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
  if (text === null) return null;
  try {
    const parsed = storedSessionSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** When the stored token pair was issued (epoch ms), or null when unknown. */
export function storedTokensIssuedAt(): number | null {
  return readStored()?.tokensIssuedAt ?? null;
}

/**
 * The stored session, or null (and storage cleared) when there is none or it cannot be trusted.
 * Its member is bare (ids and expiry only): the caller fetches the member again.
 */
export function restoreSession(): MemberSession | null {
  const token = readCookie(CLUB_TOKEN_COOKIE);
  if (!token || !SESSION_TOKEN_PATTERN.test(token)) {
    clearSession();
    return null;
  }
  const stored = readStored();
  if (!stored) {
    clearSession();
    return null;
  }
  const userSessionId = stored.cypherVersion === 1 ? readCookie(USER_SESSION_ID_COOKIE) : undefined;
  const session: MemberSession = {
    token,
    refreshable: stored.refreshable,
    cypherVersion: stored.cypherVersion,
    ...(userSessionId ? { userSessionId } : {}),
    ...(stored.cypherVersion === 1 && stored.memberId ? { memberId: stored.memberId } : {}),
    ...(stored.encryptedSessionId ? { encryptedSessionId: stored.encryptedSessionId } : {}),
    member: bareMember(stored.memberId ?? "", stored.memberExpiresAt),
  };
  if (!canPersist(session)) {
    clearSession();
    return null;
  }
  // An entry written before nothing personal was kept (member details, the refresh token) is
  // rewritten with only what the schema keeps.
  try {
    const text = JSON.stringify(stored);
    const store = localStore();
    if (store && store.getItem(MEMBER_SESSION_STORAGE_KEY) !== text) store.setItem(MEMBER_SESSION_STORAGE_KEY, text);
  } catch {
    // storage unavailable: the old entry stays until the next sign-in or sign-out
  }
  return session;
}

/** Spec §4 login step 1: "Clear another stored cookie" (the v1 box-office session id). */
export function clearLoginLeftovers(): void {
  try {
    Cookies.remove(USER_SESSION_ID_COOKIE, { path: "/" });
  } catch {
    // nothing stored, nothing to clear
  }
}

export function clearSession(): void {
  try {
    Cookies.remove(CLUB_TOKEN_COOKIE, { path: "/" });
    Cookies.remove(USER_SESSION_ID_COOKIE, { path: "/" });
  } catch {
    // cookies unavailable
  }
  try {
    localStore()?.removeItem(MEMBER_SESSION_STORAGE_KEY);
  } catch {
    // storage unavailable
  }
}
