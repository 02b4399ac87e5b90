// Which account features a site's loyalty context can reach. Some routes of spec §7 carry the
// circuit or the cinema id in their path, and the route builder refuses an empty path segment
// (RouteBuildError, "a bug in the caller"). A single-location French site has no circuit id and
// a US circuit may have no cinema id, so the screens ask here first and leave out what cannot be
// called, rather than offer a button that can only fail.
import { loyaltyContextOf, type LoyaltyConfig } from "../config";

export interface MemberFeatures {
  /** /{walletProvider}/CreateLoyaltyCard/{circuitId} and /{walletProvider}/GetETicket/{circuitId}/{ticketId}. */
  readonly walletPasses: boolean;
  /** /Member/GetItemsAvailableToValidatedLoyaltyMember/{circuitId}. */
  readonly itemsAvailable: boolean;
  /** /Member/MemberSearch/{circuitId}: the spec §4 member-search follow-up. */
  readonly memberSearch: boolean;
  /** /Concession/GetAllEVoucherConcessions/{cinemaId}. */
  readonly eVouchers: boolean;
  /** /Member/GetMembershipList/{cinemaId}/ and /Member/AddMembership/{cinemaId}: the paid activation (spec §4), where the site sells memberships. */
  readonly paidActivation: boolean;
  /** /Member/UsernameReminder/{circuitId}/{email}. */
  readonly usernameReminder: boolean;
}

export function memberFeatures(config: LoyaltyConfig): MemberFeatures {
  const { circuitId, cinemaId } = loyaltyContextOf(config);
  const hasCircuit = circuitId.trim() !== "";
  const hasCinema = cinemaId.trim() !== "";
  return {
    walletPasses: hasCircuit,
    itemsAvailable: hasCircuit,
    memberSearch: hasCircuit,
    eVouchers: hasCinema,
    paidActivation: config.includeActivation && hasCinema,
    usernameReminder: hasCircuit,
  };
}
