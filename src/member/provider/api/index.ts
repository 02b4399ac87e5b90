// The member-account API: typed functions over the loyalty client, answering domain types.
export type {
  ActivationHold,
  EVoucherConcession,
  GiftCardBalance,
  LoyaltyCard,
  LoyaltyCardStatus,
  LoyaltyItem,
  LoyaltyItemOrder,
  LoyaltyTransaction,
  MemberSearchMatch,
  MembershipGroup,
  MembershipItem,
  MembershipOffer,
  MembershipOrder,
  Order,
  PaymentPortalSession,
  Redemption,
  RegistrationStart,
  Reward,
  WalletPass,
  WalletProvider,
} from "./account-types";
export * from "./history";
export * from "./rewards";
export * from "./cards";
export * from "./members";
export * from "./membership";
export * from "./password";
export * from "./creation-payload";
export * from "./activation";
export * from "./password-reset";
export * from "./member-search";
export * from "./wallet";
