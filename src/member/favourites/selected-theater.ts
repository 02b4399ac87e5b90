// Spec §3 "Stored values", §4 "Selected theater" and §9: the visitor's chosen theater, kept in the
// selectedTheaterId cookie for 30 days on path "/". Written with document.cookie rather than
// js-cookie: nothing a page loads up front imports js-cookie (only the lazily loaded session
// engine does), and this module is part of every page's first load.
import { SELECTED_THEATER_COOKIE } from "../session/cookies";
import { cookieValue } from "../../lib/cookie-header";

export const SELECTED_THEATER_LIFETIME_DAYS = 30;
const DAY_MS = 86_400_000;

/** The Set-Cookie text of a choice: path "/", 30 days, SameSite=Lax, Secure on https pages. */
export function selectedTheaterCookie(
  theaterId: string,
  options: { readonly now: Date; readonly secure: boolean },
): string {
  const expires = new Date(options.now.getTime() + SELECTED_THEATER_LIFETIME_DAYS * DAY_MS).toUTCString();
  return `${SELECTED_THEATER_COOKIE}=${encodeURIComponent(theaterId)}; expires=${expires}; path=/; SameSite=Lax${options.secure ? "; Secure" : ""}`;
}

/** The stored id in a `document.cookie` string, or null (also when it is not our encoding). */
export function selectedTheaterIdIn(cookieHeader: string): string | null {
  return cookieValue(cookieHeader, SELECTED_THEATER_COOKIE);
}

/** The stored theater id; null on the server, when nothing is stored, or when cookies are blocked. */
export function readSelectedTheaterId(): string | null {
  if (typeof document === "undefined") return null;
  try {
    return selectedTheaterIdIn(document.cookie);
  } catch {
    return null;
  }
}

/** Remembers the choice; a browser that refuses cookies keeps it for this page only (the caller's state). */
export function storeSelectedTheaterId(theaterId: string, now: Date = new Date()): void {
  if (typeof document === "undefined") return;
  try {
    document.cookie = selectedTheaterCookie(theaterId, { now, secure: location.protocol === "https:" });
  } catch {
    // cookies blocked (sandboxed iframe): the choice lives in the page's state only
  }
}

export interface TheaterResolution<T extends { readonly id: string }> {
  readonly theaters: readonly T[];
  readonly isSingleLocation: boolean;
  /** The page context's theaterId (null on pages that belong to no theater). */
  readonly pageTheaterId: string | null;
  /** The stored selectedTheaterId. */
  readonly selectedTheaterId: string | null;
}

/**
 * Spec §4: on a single-location site, the first theater; otherwise the theater the page belongs
 * to, or else the stored choice; null when neither names a theater of the site.
 */
export function resolveCurrentTheater<T extends { readonly id: string }>({
  theaters,
  isSingleLocation,
  pageTheaterId,
  selectedTheaterId,
}: TheaterResolution<T>): T | null {
  if (isSingleLocation) return theaters[0] ?? null;
  const byId = (id: string | null) => (id === null ? undefined : theaters.find((theater) => theater.id === id));
  return byId(pageTheaterId) ?? byId(selectedTheaterId) ?? null;
}

/** Spec issue 6: the current theater's showtimes come first; the rest keep the site's order. */
export function theaterOrderWithCurrentFirst(order: readonly string[], currentId: string | null | undefined): string[] {
  if (!currentId || !order.includes(currentId)) return [...order];
  return [currentId, ...order.filter((id) => id !== currentId)];
}
