// One list of rewards for the member (spec §1 "see rewards and items available to them"): the
// rewards listing names everything the club offers; the items available are what this member can
// order now. A reward the member cannot afford stays listed (it is something to aim for) but is
// not orderable.
import type { LoyaltyItem, Reward } from "../provider/api";

export interface RewardOffer {
  readonly rewardId: string;
  readonly name: string;
  readonly pointsCost: number;
  readonly orderable: boolean;
  /** Points still to earn before it can be ordered (0 when orderable). */
  readonly pointsMissing: number;
}

/**
 * `items` null: the site cannot ask for them (member-features.ts) or the call failed; the
 * listing's own canRedeem then decides. When both are known, the items available decide: they
 * are the provider's answer for this member, the listing's flag a general one. An item missing
 * from the listing is still offered, after it.
 */
export function rewardOffers(
  rewards: readonly Reward[] | null,
  items: readonly LoyaltyItem[] | null,
  pointsBalance: number,
): RewardOffer[] {
  const available = items ? new Set(items.map((item) => item.rewardId)) : null;
  const missing = (cost: number) => Math.max(0, cost - pointsBalance);
  const listed = (rewards ?? []).map((reward) => {
    const orderable = available ? available.has(reward.rewardId) : reward.canRedeem;
    return {
      rewardId: reward.rewardId,
      name: reward.name,
      pointsCost: reward.pointsCost,
      orderable,
      pointsMissing: orderable ? 0 : missing(reward.pointsCost),
    };
  });
  const listedIds = new Set(listed.map((offer) => offer.rewardId));
  const extra = (items ?? [])
    .filter((item) => !listedIds.has(item.rewardId))
    .map((item) => ({
      rewardId: item.rewardId,
      name: item.name,
      pointsCost: item.pointsCost,
      orderable: true,
      pointsMissing: 0,
    }));
  return [...listed, ...extra];
}
