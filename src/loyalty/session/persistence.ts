// Where a member session survives a page load (spec §3 "Stored values", §9 "Session cookie").
// The session token lives in the `clubToken` cookie because the server redirect endpoints read it
// too; on version 1 the `userSessionId` cookie sits beside it. Everything else the session needs
// (refresh token, version, ids, member details) is kept in localStorage under `memberSession`,
// checked with zod on the way back in. The cookie decides whether a session exists: when it has
// expired, the session has ended and the localStorage copy goes with it.
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
} from "../cookies";
import { memberDetailsSchema } from "./member-details";
import type { MemberSession } from "./types";

export { MEMBER_SESSION_STORAGE_KEY };

const memberSchema = z.object({
  memberId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  username: z.string(),
  mobilePhone: z.string(),
  birthDate: z.string(),
  expiresAt: z.string().nullable(),
  cardNumber: z.string(),
  clubId: z.string(),
  levelName: z.string(),
  pointsBalance: z.number(),
  hasUserName: z.boolean(),
  // Sessions stored before the other fields were kept restore with none.
  details: memberDetailsSchema.default({}),
});

/** What localStorage holds: the session minus the cookie-held values. */
const storedSessionSchema = z.object({
  refreshToken: z.string(),
  cypherVersion: z.union([z.literal(1), z.literal(3)]),
  memberId: z.string().optional(),
  encryptedSessionId: z.string().optional(),
  member: memberSchema,
  /** Epoch ms the provider issued this token pair (a sign-in or a refresh on some page). */
  tokensIssuedAt: z.number().optional(),
});
type StoredSession = z.infer<typeof storedSessionSchema>;

export interface StoreOptions {
  /** settings.loyalty.sessionTimeout, in hours (src/loyalty/config.ts). */
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
  return session.cypherVersion === 1 || session.refreshToken !== "";
}

/** Writes the session; answers false when it was not (or could not be) kept. */
export function storeSession(session: MemberSession, options: StoreOptions): boolean {
  if (!canPersist(session)) return false;
  try {
    const attributes = cookieAttributes(options);
    Cookies.set(CLUB_TOKEN_COOKIE, session.token, attributes);
    if (session.cypherVersion === 1 && session.userSessionId)
      Cookies.set(USER_SESSION_ID_COOKIE, session.userSessionId, attributes);
    else Cookies.remove(USER_SESSION_ID_COOKIE, { path: "/" });
  } catch {
    return false;
  }
  // The same pair stored again (new member details) keeps its age; a new pair starts from now.
  const previous = readStored();
  const tokensIssuedAt =
    previous && previous.refreshToken === session.refreshToken && previous.tokensIssuedAt !== undefined
      ? previous.tokensIssuedAt
      : (options.now ?? Date.now)();
  const stored: StoredSession = {
    tokensIssuedAt,
    refreshToken: session.refreshToken,
    cypherVersion: session.cypherVersion,
    ...(session.memberId ? { memberId: session.memberId } : {}),
    ...(session.encryptedSessionId ? { encryptedSessionId: session.encryptedSessionId } : {}),
    member: session.member,
  };
  try {
    localStore()?.setItem(MEMBER_SESSION_STORAGE_KEY, JSON.stringify(stored));
  } catch {
    // The cookie alone still identifies the member for ticketing links; the details come back on
    // the next sign-in.
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

/** The stored session, or null (and storage cleared) when there is none or it cannot be trusted. */
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
    refreshToken: stored.refreshToken,
    cypherVersion: stored.cypherVersion,
    ...(userSessionId ? { userSessionId } : {}),
    ...(stored.memberId ? { memberId: stored.memberId } : {}),
    ...(stored.encryptedSessionId ? { encryptedSessionId: stored.encryptedSessionId } : {}),
    member: stored.member,
  };
  if (!canPersist(session)) {
    clearSession();
    return null;
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
