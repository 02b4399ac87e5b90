// A new member's first look at their account (issue 46): after sign-up (a plain Create or the paid
// activation) the login page sends them to the overview with this in the navigation's location
// state, and the overview opens with a welcome panel: their card, as a number and as a code for
// the till, and what to do next. State rather than the URL: nothing to bookmark or share, and a
// later visit to the overview (a link, the menu) does not welcome them again.
import { hasStateFlag } from "./location-state";
import { isOffered, type AccountOffer } from "./routes";

export const WELCOME_STATE = { memberWelcome: true } as const;

/** Whether a page's `location.state` (or `history.state`) says the member has just signed up. */
export function isWelcomeState(state: unknown): boolean {
  return hasStateFlag(state, "memberWelcome");
}

/**
 * The two next steps the welcome suggests: choosing a favourite cinema and keeping films on the
 * watchlist, where the site's provider offers them (spec §9: favourites need a v3 session, the
 * watchlist includeWatchlist too); otherwise what every member has, the programme and the rewards.
 */
export type WelcomeStep = "cinemas" | "watchlist" | "programme" | "rewards";

export function welcomeSteps(offer: AccountOffer): readonly WelcomeStep[] {
  const favourites = (["cinemas", "watchlist"] as const).filter((screen) => isOffered(screen, offer));
  return [...favourites, ...(["programme", "rewards"] as const)].slice(0, 2);
}
