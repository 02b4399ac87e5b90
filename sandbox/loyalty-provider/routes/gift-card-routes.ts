import { failure } from "../answers";
import { firstText } from "../payload";
import type { Route } from "../router";

/** Sandbox rule: a gift card is "GC" followed by at least ten more characters. */
const GIFT_CARD_PATTERN = /^GC[A-Z0-9]{10,}$/;
const DEFAULT_BALANCE = 25;

/** Balance in currency units: the last four characters read as cents when they are digits, else 25.00. */
export function giftCardBalance(cardNumber: string): number {
  const cents = /(\d{4})$/.exec(cardNumber)?.[1];
  return cents === undefined ? DEFAULT_BALANCE : Number(cents) / 100;
}

export const giftCardRoutes: Route[] = [
  {
    method: "POST",
    path: "/GiftCard/CheckGiftCardBalance",
    query: ["cinemaId"],
    handle({ body }) {
      const cardNumber = firstText(body, "cardNumber", "giftCardNumber");
      if (!GIFT_CARD_PATTERN.test(cardNumber)) return failure(51);
      return { peachCode: 0, cardNumber, balance: giftCardBalance(cardNumber) };
    },
  },
];
