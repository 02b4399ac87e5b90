import type { RawLoyaltyConfig } from "../config/settings";

export type LoyaltyProvider = NonNullable<RawLoyaltyConfig["provider"]>;

/**
 * Name of the query parameter (or hidden field) that carries the member's session token into
 * the ticketing service (spec §7 "the names are not shown"; brief §2: ours, overridable per
 * site with settings.loyalty.tokenParam).
 */
export const TOKEN_PARAM_BY_PROVIDER: Readonly<Record<LoyaltyProvider, string>> = {
  BOOST_POS: "boostToken",
  BOOST_POS_WITHOUT_LOYALTY: "boostToken",
  TAPOS: "taposToken",
  CGR: "cgrToken",
  RTS: "rtsToken",
  NONE: "token",
};

export function tokenParamFor(loyalty: Pick<RawLoyaltyConfig, "provider" | "tokenParam">): string {
  return loyalty.tokenParam ?? TOKEN_PARAM_BY_PROVIDER[loyalty.provider ?? "NONE"];
}
