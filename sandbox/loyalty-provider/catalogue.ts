/** Fixed offers of the sandbox circuit; any circuit or cinema id gets the same ones. */

export interface Reward {
  rewardId: string;
  name: string;
  pointsCost: number;
}

export const REWARDS: readonly Reward[] = [
  { rewardId: "RW-POPCORN", name: "Medium popcorn", pointsCost: 150 },
  { rewardId: "RW-COMBO", name: "Popcorn and drink combo", pointsCost: 300 },
  { rewardId: "RW-TICKET", name: "Free 2D ticket", pointsCost: 500 },
  { rewardId: "RW-VIP", name: "VIP seat upgrade", pointsCost: 5000 },
];

export interface MembershipItem {
  code: string;
  description: string;
  memberLevelId: number;
  price: number;
}

/** The site takes the first item (spec §3 "Membership item"). */
export const MEMBERSHIP_ITEMS: readonly MembershipItem[] = [
  { code: "MEMBER-ANNUAL", description: "Annual membership", memberLevelId: 1, price: 0 },
  { code: "PREMIUM-ANNUAL", description: "Premium annual membership", memberLevelId: 2, price: 49.99 },
];

export interface EVoucherConcession {
  id: string;
  code: string;
  description: string;
  price: number;
}

export const E_VOUCHER_CONCESSIONS: readonly EVoucherConcession[] = [
  { id: "EV-1", code: "EVPOP", description: "E-voucher: small popcorn", price: 4.5 },
  { id: "EV-2", code: "EVDRINK", description: "E-voucher: soft drink", price: 3.5 },
];

/** Paid memberships run a year from activation. */
export const MEMBERSHIP_TERM_MS = 365 * 24 * 60 * 60 * 1000;
