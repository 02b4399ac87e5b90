// Spec §4/§6/§9: favourites exist only for a cypherVersion 3 session with a token. The one place
// that decides it, kept free of zod and the client so the page-level hooks can import it.
import type { FavouritesSession } from "../provider/api/favourites";
import type { MemberSession } from "../types";

/** The session the favourite routes take, or null for guests and version 1 sessions. */
export function favouritesSessionOf(session: MemberSession | null | undefined): FavouritesSession | null {
  if (!session || session.cypherVersion !== 3 || session.token === "") return null;
  return { token: session.token, cypherVersion: 3 };
}

/**
 * Who the favourites belong to: a token refresh (v3 rotates the token daily) keeps the key, so
 * the lists are not fetched again; another member signing in changes it.
 */
export function favouritesOwnerOf(session: MemberSession | null | undefined): string | null {
  const favourites = favouritesSessionOf(session);
  if (!favourites || !session) return null;
  return session.member.memberId || favourites.token;
}

/** How a favourites action ended. done: peachCode 0; failed: see the hook's error; ignored: unavailable, or already pending. */
export type FavouritesOutcome = "done" | "failed" | "ignored";
