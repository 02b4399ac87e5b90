// Each account screen is its own chunk, fetched when a member opens it: the section's template
// stays small, and forms with heavy helpers (phone numbers, zod) load only where used. A screen
// whose chunk did not load (offline) is imported again when it is asked for again.
import type { ComponentType } from "react";
import { lazyFeature } from "../../../lib/lazy-feature";
import type { AccountScreen } from "../routes";

export const ACCOUNT_SCREEN_COMPONENTS: Readonly<Record<AccountScreen, ComponentType>> = {
  overview: lazyFeature(() => import("./Overview")),
  profile: lazyFeature(() => import("./Profile")),
  history: lazyFeature(() => import("./History")),
  rewards: lazyFeature(() => import("./Rewards")),
  cards: lazyFeature(() => import("./Cards")),
  watchlist: lazyFeature(() => import("./Watchlist")),
  cinemas: lazyFeature(() => import("./FavouriteTheaters")),
  giftCard: lazyFeature(() => import("./GiftCard")),
  deleteAccount: lazyFeature(() => import("./DeleteAccount")),
  forgotPassword: lazyFeature(() => import("./ForgotPassword")),
  resetPassword: lazyFeature(() => import("./ResetPassword")),
};
