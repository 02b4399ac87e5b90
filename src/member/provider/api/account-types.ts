// What the member-account screens work with. The provider's answers (docs/loyalty-upstream.md)
// are parsed and reshaped into these inside src/member/provider/api/, so no screen reads a peachCode,
// an upper-case "ACTIVE" or a `listConcessionGrouping`.
export type { Member, MemberSession, LoyaltyFailure, LoyaltyResult } from "../../types";

/**
 * What a password-reset link carries (spec §2), as the reset page reads it (src/member/account/reset-link.ts)
 * and the reset calls take it (password-reset.ts): a reset code (with the e-mail where the
 * provider's links carry it), or TAPOS's uid and token.
 */
export type ResetParams =
  | { readonly kind: "code"; readonly resetCode: string; readonly email?: string }
  | { readonly kind: "tapos"; readonly uid: string; readonly token: string };

export interface Order {
  readonly orderId: string;
  /** ISO date-time. */
  readonly orderDate: string;
  /** "booking", "reward", "membership"... as the provider names it. */
  readonly kind: string;
  readonly status: string;
  readonly cinemaId: string;
  readonly description: string;
  readonly totalValue: number;
}

export interface LoyaltyTransaction {
  readonly transactionId: string;
  /** ISO date-time. */
  readonly transactionDate: string;
  readonly cinemaId: string;
  readonly description: string;
  /** Points earned (positive) or spent (negative). */
  readonly points: number;
  readonly value: number;
}

export interface Reward {
  readonly rewardId: string;
  readonly name: string;
  readonly pointsCost: number;
  readonly canRedeem: boolean;
}

/** A reward the member can afford now (GetItemsAvailableToValidatedLoyaltyMember). */
export interface LoyaltyItem {
  readonly rewardId: string;
  readonly name: string;
  readonly pointsCost: number;
}

/** A reward reserved by OrderLoyaltyItem: no points move until the redemption is confirmed. */
export interface LoyaltyItemOrder {
  readonly orderId: string;
}

export interface Redemption {
  readonly orderId: string;
  /** What the member shows at the counter. */
  readonly redemptionCode: string;
  readonly pointsBalance: number;
}

export interface EVoucherConcession {
  readonly id: string;
  readonly code: string;
  readonly description: string;
  readonly price: number;
}

export type LoyaltyCardStatus = "active" | "lost";

export interface LoyaltyCard {
  readonly code: string;
  readonly status: LoyaltyCardStatus;
  readonly primary: boolean;
}

export interface GiftCardBalance {
  readonly cardNumber: string;
  /** In currency units. */
  readonly balance: number;
}

/**
 * One entry of the membership list. Fields are nullable because the activation flow must notice
 * an entry without a code and stop (spec §4), rather than have the whole list refused.
 */
export interface MembershipOffer {
  readonly code: string | null;
  readonly description: string;
  readonly memberLevelId: number | null;
  readonly price: number | null;
}

export interface MembershipGroup {
  readonly name: string;
  readonly offers: readonly MembershipOffer[];
}

/** The item a paid activation buys (spec §3 "Membership item"). */
export interface MembershipItem {
  readonly code: string;
  readonly memberLevelId: number;
  readonly description: string;
}

/** SetMemberToActivateOnComplete: accepted is "peachCode was 0", which the flow needs (spec §4). */
export interface ActivationHold {
  readonly userSessionId: string | null;
  readonly accepted: boolean;
}

export interface MembershipOrder {
  readonly orderId: string | null;
}

/** What a search tells (the proxy passes on no member id and no address: issue 43). */
export interface MemberSearchMatch {
  /** Only an explicit false from the provider means "no username yet". */
  readonly hasUserName: boolean;
  /** null when the provider returned none (or ""): the follow-up then stops. */
  readonly clubId: string | null;
}

export interface RegistrationStart {
  readonly userSessionId: string;
}

export interface PaymentPortalSession {
  readonly url: string;
}

export type WalletProvider = "AppleWallet" | "GoogleWallet";

/** Apple Wallet hands over a .pkpass to download; Google Wallet a save-to-wallet link to open. */
export type WalletPass =
  | { readonly kind: "download"; readonly blob: Blob; readonly fileName: string }
  | { readonly kind: "link"; readonly url: string };
