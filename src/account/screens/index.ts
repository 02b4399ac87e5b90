// Each account screen is its own chunk, fetched when a member opens it: the section's template
// stays small, and forms with heavy helpers (phone numbers, zod) load only where used.
import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import type { AccountScreen } from "../routes";

export const ACCOUNT_SCREEN_COMPONENTS: Readonly<Record<AccountScreen, LazyExoticComponent<ComponentType>>> = {
  overview: lazy(() => import("./Overview")),
  profile: lazy(() => import("./Profile")),
  history: lazy(() => import("./History")),
  rewards: lazy(() => import("./Rewards")),
  cards: lazy(() => import("./Cards")),
  watchlist: lazy(() => import("./Watchlist")),
  cinemas: lazy(() => import("./FavouriteCinemas")),
  giftCard: lazy(() => import("./GiftCard")),
  deleteAccount: lazy(() => import("./DeleteAccount")),
  forgotPassword: lazy(() => import("./ForgotPassword")),
  resetPassword: lazy(() => import("./ResetPassword")),
};
