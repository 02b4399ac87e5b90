// Rewards (spec §1 "see rewards and items available to them, order loyalty items and confirm item
// redemptions"): one list, from the rewards listing and the items available
// (src/member/account/reward-offers.ts). Ordering reserves a reward; confirming spends the points and
// answers the code the member shows at the counter. E-voucher concessions follow.
import { useRef, useState } from "react";
import { useFocusWhen } from "../../../lib/use-focus-when";
import { useIntl } from "react-intl";
import { Button, FormStatus } from "../../../components/forms/fields";
import type { LoyaltyClient } from "../../provider/client";
import {
  confirmItemRedemption,
  getEVoucherConcessions,
  getItemsAvailable,
  getRewards,
  orderLoyaltyItem,
  type LoyaltyItem,
  type Reward,
} from "../../provider/api";
import { useFailureMessage } from "../../sign-in/useFailureMessage";
import type { LoyaltyResult, MemberSession } from "../../types";
import { memberFeatures, type MemberFeatures } from "../member-features";
import { rewardOffers, type RewardOffer } from "../reward-offers";
import {
  Actions,
  busyWhile,
  EntryList,
  LoadStatus,
  ScreenSection,
  useAccountFormat,
  useAlert,
  useMemberLoad,
  useSignedInMember,
} from "./member-kit";

interface RewardLists {
  readonly rewards: readonly Reward[] | null;
  readonly items: readonly LoyaltyItem[] | null;
}

/**
 * Both lists at once. Either may fail alone and the other still gives a usable list; only when
 * neither answers is the section failed (with the listing's failure, the one that says most).
 */
async function loadRewardLists(
  client: LoyaltyClient,
  session: MemberSession,
  features: MemberFeatures,
): Promise<LoyaltyResult<RewardLists>> {
  const [rewards, items] = await Promise.all([
    getRewards(client, session),
    features.itemsAvailable ? getItemsAvailable(client, session) : Promise.resolve(null),
  ]);
  if (!rewards.ok && !(items && items.ok)) return rewards;
  return {
    ok: true,
    value: { rewards: rewards.ok ? rewards.value : null, items: items && items.ok ? items.value : null },
  };
}

interface Pending {
  readonly offer: RewardOffer;
  readonly orderId: string;
}

function EVouchers() {
  const intl = useIntl();
  const format = useAccountFormat();
  const { state, reload } = useMemberLoad((client, session) => getEVoucherConcessions(client, session));
  return (
    <ScreenSection aria-labelledby="account-rewards-vouchers" aria-busy={busyWhile(state)}>
      <h2 id="account-rewards-vouchers">{intl.formatMessage({ id: "account.rewards.vouchers" })}</h2>
      <LoadStatus state={state} messages="account.rewards.vouchers" onRetry={reload}>
        {(vouchers) =>
          vouchers.length === 0 ? (
            <p>{intl.formatMessage({ id: "account.rewards.vouchers.empty" })}</p>
          ) : (
            <>
              <p>{intl.formatMessage({ id: "account.rewards.vouchers.intro" })}</p>
              <EntryList aria-labelledby="account-rewards-vouchers">
                {vouchers.map((voucher) => (
                  <li key={voucher.id}>
                    <h3>{voucher.description}</h3>
                    <p>{format.money(voucher.price)}</p>
                  </li>
                ))}
              </EntryList>
            </>
          )
        }
      </LoadStatus>
    </ScreenSection>
  );
}

export default function Rewards() {
  const intl = useIntl();
  const failureMessage = useFailureMessage();
  const { member, client, config, sessionRef, refreshMember } = useSignedInMember();
  const features = memberFeatures(config);
  const { state, reload, refresh } = useMemberLoad((c, session) => loadRewardLists(c, session, features));
  const [pending, setPending] = useState<Pending | null>(null);
  const [redeemed, setRedeemed] = useState<{ name: string; code: string } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const alert = useAlert();
  const confirmButton = useRef<HTMLButtonElement>(null);
  const redeemedNotice = useRef<HTMLDivElement>(null);

  // The button that was pressed is replaced: focus follows to the next step.
  useFocusWhen(pending, confirmButton);
  useFocusWhen(redeemed, redeemedNotice);

  if (!member) return null;

  const order = async (offer: RewardOffer) => {
    const session = sessionRef.current;
    if (!session || busy) return;
    setBusy(`order:${offer.rewardId}`);
    alert.show(null);
    setRedeemed(null);
    const result = await orderLoyaltyItem(client, session, offer.rewardId);
    setBusy(null);
    if (!result.ok) {
      alert.show(failureMessage(result.failure, intl.formatMessage({ id: "account.rewards.orderFailed" })));
      return;
    }
    setPending({ offer, orderId: result.value.orderId });
  };

  const confirm = async () => {
    const session = sessionRef.current;
    if (!session || !pending || busy) return;
    setBusy("confirm");
    alert.show(null);
    const result = await confirmItemRedemption(client, session, pending.orderId);
    if (!result.ok) {
      setBusy(null);
      alert.show(failureMessage(result.failure, intl.formatMessage({ id: "account.rewards.confirmFailed" })));
      return;
    }
    setPending(null);
    setRedeemed({ name: pending.offer.name, code: result.value.redemptionCode });
    // The balance and what it can buy have both changed.
    await refreshMember();
    setBusy(null);
    refresh();
  };

  return (
    <>
      <ScreenSection aria-labelledby="account-rewards-list" aria-busy={busyWhile(state)}>
        <h2 id="account-rewards-list">{intl.formatMessage({ id: "account.rewards.list" })}</h2>
        <p>{intl.formatMessage({ id: "account.rewards.balance" }, { points: member.pointsBalance })}</p>
        {redeemed && (
          <div ref={redeemedNotice} tabIndex={-1}>
            <FormStatus>
              {intl.formatMessage(
                { id: "account.rewards.redeemed" },
                { name: redeemed.name, code: <strong key="code">{redeemed.code}</strong> },
              )}
            </FormStatus>
          </div>
        )}
        {alert.element}
        <LoadStatus state={state} messages="account.rewards" onRetry={reload}>
          {(lists) => {
            const offers = rewardOffers(lists.rewards, lists.items, member.pointsBalance);
            if (offers.length === 0) return <p>{intl.formatMessage({ id: "account.rewards.empty" })}</p>;
            return (
              <EntryList aria-labelledby="account-rewards-list">
                {offers.map((offer) => {
                  const isPending = pending?.offer.rewardId === offer.rewardId;
                  return (
                    <li key={offer.rewardId}>
                      <h3>{offer.name}</h3>
                      <p>{intl.formatMessage({ id: "account.rewards.cost" }, { points: offer.pointsCost })}</p>
                      {!offer.orderable && (
                        <p>{intl.formatMessage({ id: "account.rewards.missing" }, { points: offer.pointsMissing })}</p>
                      )}
                      {offer.orderable && !isPending && (
                        <Actions>
                          <Button
                            type="button"
                            aria-busy={busy === `order:${offer.rewardId}`}
                            onClick={() => void order(offer)}
                          >
                            {busy === `order:${offer.rewardId}`
                              ? intl.formatMessage({ id: "account.rewards.ordering" })
                              : intl.formatMessage({ id: "account.rewards.order" }, { name: offer.name })}
                          </Button>
                        </Actions>
                      )}
                      {isPending && (
                        <>
                          <p>
                            {intl.formatMessage(
                              { id: "account.rewards.pending" },
                              { name: offer.name, points: offer.pointsCost },
                            )}
                          </p>
                          <Actions>
                            <Button
                              ref={confirmButton}
                              type="button"
                              $variant="primary"
                              aria-busy={busy === "confirm"}
                              onClick={() => void confirm()}
                            >
                              {busy === "confirm"
                                ? intl.formatMessage({ id: "account.rewards.confirming" })
                                : intl.formatMessage({ id: "account.rewards.confirm" }, { name: offer.name })}
                            </Button>
                          </Actions>
                        </>
                      )}
                    </li>
                  );
                })}
              </EntryList>
            );
          }}
        </LoadStatus>
      </ScreenSection>
      {features.eVouchers && <EVouchers />}
    </>
  );
}
