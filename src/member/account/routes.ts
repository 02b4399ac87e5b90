// The member account section (brief §2: a client-only section under /account/). One table says
// which screen a path shows, who may see it and when it is offered; the template, the section's
// navigation and the guest redirect all read it. Pure: no React, no Gatsby.
import type { CypherVersion } from "../types";

import { ACCOUNT_PATH, safeNextPath } from "../../lib/paths";

export { ACCOUNT_PATH, safeNextPath };

export type AccountScreen =
  | "overview"
  | "profile"
  | "history"
  | "rewards"
  | "cards"
  | "watchlist"
  | "cinemas"
  | "giftCard"
  | "deleteAccount"
  | "forgotPassword"
  | "resetPassword";

/** member: signed-in members only (a guest is sent to the login page); anyone: also guests. */
export type AccountAccess = "member" | "anyone";

export interface AccountScreenEntry {
  readonly screen: AccountScreen;
  /** Path segment under /account/ ("" for the overview). */
  readonly segment: string;
  readonly access: AccountAccess;
  /** Listed in the section's navigation. */
  readonly inNavigation: boolean;
}

export const ACCOUNT_SCREENS: readonly AccountScreenEntry[] = [
  { screen: "overview", segment: "", access: "member", inNavigation: true },
  { screen: "profile", segment: "profile", access: "member", inNavigation: true },
  { screen: "history", segment: "history", access: "member", inNavigation: true },
  { screen: "rewards", segment: "rewards", access: "member", inNavigation: true },
  { screen: "cards", segment: "cards", access: "member", inNavigation: true },
  { screen: "watchlist", segment: "watchlist", access: "member", inNavigation: true },
  { screen: "cinemas", segment: "cinemas", access: "member", inNavigation: true },
  { screen: "giftCard", segment: "gift-card", access: "member", inNavigation: true },
  { screen: "deleteAccount", segment: "delete", access: "member", inNavigation: true },
  // Reached from the login page and from the e-mailed reset link: a guest's screens.
  { screen: "forgotPassword", segment: "forgot-password", access: "anyone", inNavigation: false },
  { screen: "resetPassword", segment: "reset-password", access: "anyone", inNavigation: false },
];

export function accountPath(screen: AccountScreen): string {
  const entry = ACCOUNT_SCREENS.find((e) => e.screen === screen);
  return entry && entry.segment ? `${ACCOUNT_PATH}${entry.segment}/` : ACCOUNT_PATH;
}

/** The entry a pathname shows, or null for an unknown path under /account/ (a not-found screen). */
export function accountEntryOf(pathname: string): AccountScreenEntry | null {
  if (pathname !== ACCOUNT_PATH.slice(0, -1) && !pathname.startsWith(ACCOUNT_PATH)) return null;
  const rest = pathname.slice(ACCOUNT_PATH.length).replace(/\/+$/, "");
  if (rest.includes("/")) return null;
  return ACCOUNT_SCREENS.find((e) => e.segment === rest) ?? null;
}

export interface AccountOffer {
  readonly includeWatchlist: boolean;
  /** The signed-in member's session version; favourite cinemas need 3 (spec §9). */
  readonly cypherVersion: CypherVersion | null;
}

/** Whether the site and the member's session offer a screen at all (else it reads as not found). */
export function isOffered(screen: AccountScreen, offer: AccountOffer): boolean {
  if (screen === "watchlist") return offer.includeWatchlist && offer.cypherVersion === 3;
  if (screen === "cinemas") return offer.cypherVersion === 3;
  return true;
}

/**
 * The login page with `?next=` pointing back at the screen a guest tried to open. A site without a
 * login page (spec §2: the slug is empty when not set) sends the guest to its home page with the
 * same `?next=`: there the header's sign-in dialog opens, and a member is taken on to `next`
 * (src/member/sign-in/MemberAccess.tsx).
 */
export function loginPathFor(loginSlug: string, next: string): string {
  const login = loginSlug ? `/${loginSlug.replace(/^\/+|\/+$/g, "")}/` : "/";
  return `${login}?next=${encodeURIComponent(next)}`;
}
