// Which account features a site's loyalty context can reach. Some routes of spec §7 carry the
// circuit or the cinema id in their path, and the route builder refuses an empty path segment
// (RouteBuildError, "a bug in the caller"). A single-location French site has no circuit id and
// a US circuit may have no cinema id, so the screens ask here first and leave out what cannot be
// called, rather than offer a button that can only fail.
import { loyaltyContextOf, type LoyaltyConfig } from "../loyalty/config";

export interface MemberFeatures {
  /** /{walletProvider}/CreateLoyaltyCard/{circuitId} and /{walletProvider}/GetETicket/{circuitId}/{ticketId}. */
  readonly walletPasses: boolean;
  /** /Member/GetItemsAvailableToValidatedLoyaltyMember/{circuitId}. */
  readonly itemsAvailable: boolean;
  /** /Member/MemberSearch/{circuitId}: the spec §4 member-search follow-up. */
  readonly memberSearch: boolean;
  /** /Concession/GetAllEVoucherConcessions/{cinemaId}. */
  readonly eVouchers: boolean;
}

export function memberFeatures(config: LoyaltyConfig): MemberFeatures {
  const { circuitId, cinemaId } = loyaltyContextOf(config);
  const hasCircuit = circuitId.trim() !== "";
  return { walletPasses: hasCircuit, itemsAvailable: hasCircuit, memberSearch: hasCircuit, eVouchers: cinemaId.trim() !== "" };
}
