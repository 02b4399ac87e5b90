/**
 * Fixed offers of the sandbox circuit; any circuit or cinema id gets the same ones, named in its
 * language (circuits.ts).
 */
import type { Language, Localised } from "./texts";

export interface Reward {
  rewardId: string;
  name: Localised;
  pointsCost: number;
}

export const REWARDS: readonly Reward[] = [
  { rewardId: "RW-POPCORN", name: { en: "Medium popcorn", fr: "Popcorn moyen" }, pointsCost: 150 },
  { rewardId: "RW-COMBO", name: { en: "Popcorn and drink combo", fr: "Menu popcorn + boisson" }, pointsCost: 300 },
  { rewardId: "RW-TICKET", name: { en: "Free 2D ticket", fr: "Place 2D offerte" }, pointsCost: 500 },
  { rewardId: "RW-VIP", name: { en: "VIP seat upgrade", fr: "Surclassement siège VIP" }, pointsCost: 5000 },
];

export interface MembershipItem {
  code: string;
  description: Localised;
  memberLevelId: number;
  price: number;
}

export const MEMBERSHIP_GROUPING: Localised = { en: "Memberships", fr: "Adhésions" };

/** The site takes the first item (spec §3 "Membership item"). */
export const MEMBERSHIP_ITEMS: readonly MembershipItem[] = [
  {
    code: "MEMBER-ANNUAL",
    description: { en: "Annual membership", fr: "Adhésion annuelle" },
    memberLevelId: 1,
    price: 0,
  },
  {
    code: "PREMIUM-ANNUAL",
    description: { en: "Premium annual membership", fr: "Adhésion annuelle Premium" },
    memberLevelId: 2,
    price: 49.99,
  },
];

/** A membership order of a level no item grants. */
export const MEMBERSHIP_FALLBACK: Localised = { en: "Membership", fr: "Adhésion" };

export interface EVoucherConcession {
  id: string;
  code: string;
  description: Localised;
  price: number;
}

export const E_VOUCHER_CONCESSIONS: readonly EVoucherConcession[] = [
  {
    id: "EV-1",
    code: "EVPOP",
    description: { en: "E-voucher: small popcorn", fr: "Bon électronique : petit popcorn" },
    price: 4.5,
  },
  {
    id: "EV-2",
    code: "EVDRINK",
    description: { en: "E-voucher: soft drink", fr: "Bon électronique : boisson fraîche" },
    price: 3.5,
  },
];

/** The offers as a circuit of that language answers them. */
export function rewardsIn(language: Language) {
  return REWARDS.map((reward) => ({ ...reward, name: reward.name[language] }));
}

export function membershipItemsIn(language: Language) {
  return MEMBERSHIP_ITEMS.map((item) => ({ ...item, description: item.description[language] }));
}

export function eVoucherConcessionsIn(language: Language) {
  return E_VOUCHER_CONCESSIONS.map((concession) => ({ ...concession, description: concession.description[language] }));
}

/** Paid memberships run a year from activation. */
export const MEMBERSHIP_TERM_MS = 365 * 24 * 60 * 60 * 1000;
