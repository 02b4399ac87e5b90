import type { LoyaltyItem, Reward } from "../provider/api";
import { rewardOffers } from "./reward-offers";

const rewards: Reward[] = [
  { rewardId: "RW-POPCORN", name: "Popcorn", pointsCost: 150, canRedeem: true },
  { rewardId: "RW-TICKET", name: "Ticket", pointsCost: 500, canRedeem: true },
  { rewardId: "RW-VIP", name: "VIP", pointsCost: 5000, canRedeem: false },
];
const item = (reward: Reward): LoyaltyItem => ({
  rewardId: reward.rewardId,
  name: reward.name,
  pointsCost: reward.pointsCost,
});

describe("rewardOffers", () => {
  it("without the items available, the listing's canRedeem decides; what is missing is counted", () => {
    expect(rewardOffers(rewards, null, 1250)).toEqual([
      { rewardId: "RW-POPCORN", name: "Popcorn", pointsCost: 150, orderable: true, pointsMissing: 0 },
      { rewardId: "RW-TICKET", name: "Ticket", pointsCost: 500, orderable: true, pointsMissing: 0 },
      { rewardId: "RW-VIP", name: "VIP", pointsCost: 5000, orderable: false, pointsMissing: 3750 },
    ]);
  });

  it("with them, the items available decide (the member's own answer)", () => {
    const offers = rewardOffers(rewards, [item(rewards[0]!)], 300);
    expect(offers.map((offer) => [offer.rewardId, offer.orderable, offer.pointsMissing])).toEqual([
      ["RW-POPCORN", true, 0],
      ["RW-TICKET", false, 200],
      ["RW-VIP", false, 4700],
    ]);
  });

  it("an item the listing does not name is offered after the listing", () => {
    const extra: LoyaltyItem = { rewardId: "RW-EXTRA", name: "Extra", pointsCost: 10 };
    expect(rewardOffers(rewards, [extra], 0).at(-1)).toEqual({ ...extra, orderable: true, pointsMissing: 0 });
    expect(rewardOffers(null, [extra], 0)).toEqual([{ ...extra, orderable: true, pointsMissing: 0 }]);
  });

  it("nothing known, nothing offered", () => {
    expect(rewardOffers(null, null, 100)).toEqual([]);
  });
});
