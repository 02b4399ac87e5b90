// Loyalty cards on the account (v3 card routes; DeleteCard also has a v1 route) and the anonymous
// gift-card balance check. Card codes are normalised before sending (spec §3, §5).
import type { LoyaltyClient } from "../client";
import type { LoyaltyResult, MemberSession } from "../../types";
import type { GiftCardBalance, LoyaltyCard } from "./account-types";
import { cardsAnswerSchema, giftCardAnswerSchema, type RawCardsAnswer } from "./schemas";
import { normaliseCardCode } from "../../card-code";
import { mapResult, memberCall } from "./shared";

function cardsOf({ cards }: RawCardsAnswer): readonly LoyaltyCard[] {
  return cards.map((card) => ({
    code: card.cardCode,
    status: card.status === "LOST" ? "lost" : "active",
    primary: card.isPrimary ?? false,
  }));
}

/** Every card route answers the member's cards as they stand after it. */
function cardsCall(
  client: LoyaltyClient,
  session: MemberSession,
  route: "getCards" | "addCard" | "deleteCard" | "reportLostCard",
  cardCode?: string,
): Promise<LoyaltyResult<readonly LoyaltyCard[]>> {
  const sent = cardCode === undefined ? {} : { payload: { cardCode: normaliseCardCode(cardCode) } };
  return memberCall(client, session, route, { ...sent, schema: cardsAnswerSchema }, cardsOf);
}

export const getCards = (client: LoyaltyClient, session: MemberSession) => cardsCall(client, session, "getCards");

/** Answers the member's cards after the addition. A code active anywhere fails with 1020. */
export const addCard = (client: LoyaltyClient, session: MemberSession, cardCode: string) =>
  cardsCall(client, session, "addCard", cardCode);

export const deleteCard = (client: LoyaltyClient, session: MemberSession, cardCode: string) =>
  cardsCall(client, session, "deleteCard", cardCode);

/**
 * Reports the member's primary card lost. The upstream also takes a `cardCode` query key for any
 * other card, but the route table (the proxy's allowlist) has no such key, so only the primary
 * card can be reported from the site.
 */
export const reportLostCard = (client: LoyaltyClient, session: MemberSession) =>
  cardsCall(client, session, "reportLostCard");

/** Spec §5 Captcha: the balance check carries the captcha response token. Fails with 51 for an unknown card. */
export async function checkGiftCardBalance(
  client: LoyaltyClient,
  cardNumber: string,
  captchaToken: string | null,
): Promise<LoyaltyResult<GiftCardBalance>> {
  const sent = normaliseCardCode(cardNumber);
  const answer = await client.call("giftCardBalance", {
    payload: { cardNumber: sent },
    captchaToken,
    schema: giftCardAnswerSchema,
  });
  return mapResult(answer, ({ cardNumber: answered, balance }) => ({ cardNumber: answered ?? sent, balance }));
}
