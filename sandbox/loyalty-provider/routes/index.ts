import type { Route } from "../router";
import { cardRoutes } from "./card-routes";
import { favouriteRoutes } from "./favourite-routes";
import { giftCardRoutes } from "./gift-card-routes";
import { loyaltyRoutes } from "./loyalty-routes";
import { memberRoutes } from "./member-routes";
import { membershipRoutes } from "./membership-routes";
import { passwordRoutes } from "./password-routes";
import { sessionRoutes } from "./session-routes";
import { walletRoutes } from "./wallet-routes";

/**
 * Every route of spec §7 and docs/loyalty-upstream.md. Order matters only for the wallet
 * routes, whose first segment is a parameter: they come last so no fixed path is shadowed.
 */
export const ROUTES: readonly Route[] = [
  ...sessionRoutes,
  ...memberRoutes,
  ...passwordRoutes,
  ...loyaltyRoutes,
  ...cardRoutes,
  ...favouriteRoutes,
  ...membershipRoutes,
  ...giftCardRoutes,
  ...walletRoutes,
];
