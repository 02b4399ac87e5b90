import { RawAnswer, failure, type Answer } from "../answers";
import { cardsOf } from "../cards";
import type { MemberContext, Route } from "../router";
import { WALLET_TEXTS, readStoredText, type StoredText } from "../texts";
import { PKPASS_CONTENT_TYPE, applePass, googleSaveUrl } from "../wallet-pass";

type WalletProvider = "AppleWallet" | "GoogleWallet";

// Other providers leave the path unmatched (404) before the session is even looked at.
const WALLET_PROVIDERS = { walletProvider: /^(AppleWallet|GoogleWallet)$/ };

function walletProvider(params: Readonly<Record<string, string>>): WalletProvider {
  return params.walletProvider === "GoogleWallet" ? "GoogleWallet" : "AppleWallet";
}

interface PassContent {
  serialNumber: string;
  description: string;
  barcode: string;
  fields: ReadonlyArray<{ key: string; label: string; value: string | number }>;
  style: "storeCard" | "eventTicket";
}

/** AppleWallet answers the .pkpass bytes; GoogleWallet answers JSON `{ peachCode: 0, url }`. */
function answerPass(provider: WalletProvider, brand: string, content: PassContent): Answer {
  if (provider === "GoogleWallet") {
    const url = googleSaveUrl({
      iss: `sandbox@${brand.toLowerCase()}.example`,
      aud: "google",
      typ: "savetowallet",
      payload: {
        [content.style === "storeCard" ? "loyaltyObjects" : "eventTicketObjects"]: [
          { id: content.serialNumber, barcode: { type: "QR_CODE", value: content.barcode } },
        ],
      },
    });
    return { peachCode: 0, url };
  }
  const bytes = applePass({
    formatVersion: 1,
    passTypeIdentifier: `pass.example.sandbox.${brand.toLowerCase()}`,
    teamIdentifier: "SANDBOX",
    organizationName: brand,
    serialNumber: content.serialNumber,
    description: content.description,
    barcodes: [{ format: "PKBarcodeFormatQR", message: content.barcode, messageEncoding: "iso-8859-1" }],
    [content.style]: { primaryFields: content.fields },
  });
  return new RawAnswer(PKPASS_CONTENT_TYPE, bytes, `${content.serialNumber}.pkpass`);
}

export const walletRoutes: Route[] = [
  {
    method: "GET",
    path: "/{walletProvider}/CreateLoyaltyCard/{circuitId}",
    paramPatterns: WALLET_PROVIDERS,
    query: ["cardNumber", "fullJwt"],
    session: true,
    handle({ params, query, db, member, state, language }: MemberContext) {
      const provider = walletProvider(params);
      const cardNumber = query.get("cardNumber") ?? "";
      const card = cardsOf(db, member.member_id).find((candidate) => candidate.cardCode === cardNumber);
      if (!card || card.status !== "ACTIVE") return failure(1, "No active card with that cardNumber on this account");
      return answerPass(provider, state.brand, {
        serialNumber: card.cardCode,
        description: WALLET_TEXTS.loyaltyCard(state.brand)[language],
        barcode: card.cardCode,
        style: "storeCard",
        fields: [
          {
            key: "member",
            label: WALLET_TEXTS.member[language],
            value: `${member.first_name} ${member.last_name}`.trim() || member.email,
          },
          { key: "points", label: WALLET_TEXTS.points[language], value: member.points_balance },
        ],
      });
    },
  },
  {
    // ticketId is the orderId of one of the member's bookings (see OrderHistory).
    method: "GET",
    path: "/{walletProvider}/GetETicket/{circuitId}/{ticketId}",
    paramPatterns: WALLET_PROVIDERS,
    query: ["fullJwt"],
    session: true,
    handle({ params, db, member, state, language }: MemberContext) {
      const provider = walletProvider(params);
      const order = db.get<StoredText & { order_id: string; cinema_id: string }>(
        `SELECT order_id, description, translations_json, cinema_id FROM orders
         WHERE order_id = ? AND member_id = ? AND kind = 'booking'`,
        [params.ticketId ?? "", member.member_id],
      );
      if (!order) return failure(1, "No booking with that ticketId on this account");
      const description = readStoredText(order)[language];
      return answerPass(provider, state.brand, {
        serialNumber: order.order_id,
        description,
        barcode: order.order_id,
        style: "eventTicket",
        fields: [
          { key: "event", label: WALLET_TEXTS.booking[language], value: description },
          { key: "cinema", label: WALLET_TEXTS.cinema[language], value: order.cinema_id },
        ],
      });
    },
  },
];
