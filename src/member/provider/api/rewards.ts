// Rewards and their redemption (spec §7): listing, what the member can afford, reserving an item,
// then confirming it, which is when the points move. E-voucher concessions sit here as the other
// thing a member spends on.
import type { LoyaltyClient } from "../client";
import type { LoyaltyResult, MemberSession } from "../../types";
import type { EVoucherConcession, LoyaltyItem, LoyaltyItemOrder, Redemption, Reward } from "./account-types";
import {
  eVouchersAnswerSchema,
  itemsAnswerSchema,
  orderIdAnswerSchema,
  redemptionAnswerSchema,
  rewardsAnswerSchema,
  type RawReward,
} from "./schemas";
import { mapResult, memberCall } from "./shared";

const rewardName = (reward: RawReward): string => reward.name ?? reward.rewardId;

export async function getRewards(
  client: LoyaltyClient,
  session: MemberSession,
): Promise<LoyaltyResult<readonly Reward[]>> {
  return memberCall(client, session, "rewards", { schema: rewardsAnswerSchema }, ({ rewards }) =>
    rewards.map((reward) => ({
      rewardId: reward.rewardId,
      name: rewardName(reward),
      pointsCost: reward.pointsCost,
      // A provider that does not say is asked again at redemption; the balance is the best guess.
      canRedeem: reward.canRedeem ?? reward.pointsCost <= session.member.pointsBalance,
    })),
  );
}

export async function getItemsAvailable(
  client: LoyaltyClient,
  session: MemberSession,
): Promise<LoyaltyResult<readonly LoyaltyItem[]>> {
  return memberCall(client, session, "itemsAvailable", { schema: itemsAnswerSchema }, ({ items }) =>
    items.map((item) => ({ rewardId: item.rewardId, name: rewardName(item), pointsCost: item.pointsCost })),
  );
}

/** Reserves a reward; the order stays pending until confirmItemRedemption. */
export async function orderLoyaltyItem(
  client: LoyaltyClient,
  session: MemberSession,
  rewardId: string,
): Promise<LoyaltyResult<LoyaltyItemOrder>> {
  return memberCall(
    client,
    session,
    "orderLoyaltyItem",
    { payload: { rewardId }, schema: orderIdAnswerSchema },
    ({ orderId }) => ({
      orderId,
    }),
  );
}

export async function confirmItemRedemption(
  client: LoyaltyClient,
  session: MemberSession,
  orderId: string,
): Promise<LoyaltyResult<Redemption>> {
  return memberCall(
    client,
    session,
    "confirmItemRedemption",
    { payload: { orderId }, schema: redemptionAnswerSchema },
    ({ orderId: confirmed, redemptionCode, pointsBalance }) => ({ orderId: confirmed, redemptionCode, pointsBalance }),
  );
}

/** No session needed (docs/loyalty-upstream.md); a member's token goes along when there is one. */
export async function getEVoucherConcessions(
  client: LoyaltyClient,
  session?: MemberSession | null,
): Promise<LoyaltyResult<readonly EVoucherConcession[]>> {
  const answer = await client.call("eVoucherConcessions", {
    ...(session ? { session: session.token } : {}),
    schema: eVouchersAnswerSchema,
  });
  return mapResult(answer, ({ concessions }) =>
    concessions.map((concession) => ({
      id: concession.id,
      code: concession.code,
      description: concession.description ?? concession.code,
      price: concession.price ?? 0,
    })),
  );
}
