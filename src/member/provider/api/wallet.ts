// Wallet passes (spec §7, raw responses): Apple Wallet answers .pkpass bytes to download, Google
// Wallet a JSON save link. The kind is read from the answer's content type, not assumed from the
// provider name, so an unexpected answer is refused instead of saved as a broken file.
import type { BinaryAnswer, LoyaltyClient } from "../client";
import type { LoyaltyResult, MemberSession } from "../../types";
import type { WalletPass, WalletProvider } from "./account-types";
import { urlAnswerSchema } from "./schemas";
import { normaliseCardCode } from "../../card-code";
import { failed } from "./shared";

const JSON_TYPE = /^application\/(?:[\w.+-]*\+)?json\b/i;

async function passFrom(answer: LoyaltyResult<BinaryAnswer>, fileStem: string): Promise<LoyaltyResult<WalletPass>> {
  if (!answer.ok) return answer;
  const { blob, contentType } = answer.value;
  if (!JSON_TYPE.test(contentType)) {
    return blob.size > 0
      ? { ok: true, value: { kind: "download", blob, fileName: `${fileStem}.pkpass` } }
      : failed({ kind: "bad_response" });
  }
  let body: unknown;
  try {
    body = JSON.parse(await blob.text());
  } catch {
    return failed({ kind: "bad_response" });
  }
  const parsed = urlAnswerSchema.safeParse(body);
  return parsed.success
    ? { ok: true, value: { kind: "link", url: parsed.data.url } }
    : failed({ kind: "bad_response" });
}

// File names from codes the provider issued: keep them to characters every OS accepts.
const safeStem = (text: string): string => text.replace(/[^A-Za-z0-9._-]/g, "_") || "pass";

export async function getLoyaltyCardWalletPass(
  client: LoyaltyClient,
  session: MemberSession,
  request: { readonly walletProvider: WalletProvider; readonly cardNumber: string },
): Promise<LoyaltyResult<WalletPass>> {
  const cardNumber = normaliseCardCode(request.cardNumber);
  const answer = await client.call("loyaltyCardWalletPass", {
    version: session.cypherVersion,
    session: session.token,
    params: { walletProvider: request.walletProvider },
    query: { cardNumber },
    responseFormat: "raw",
  });
  return passFrom(answer, safeStem(cardNumber));
}

/** ticketId is the booking's orderId (docs/loyalty-upstream.md). */
export async function getETicketWalletPass(
  client: LoyaltyClient,
  session: MemberSession,
  request: { readonly walletProvider: WalletProvider; readonly ticketId: string },
): Promise<LoyaltyResult<WalletPass>> {
  const answer = await client.call("eTicketWalletPass", {
    version: session.cypherVersion,
    session: session.token,
    params: { walletProvider: request.walletProvider, ticketId: request.ticketId },
    responseFormat: "raw",
  });
  return passFrom(answer, safeStem(request.ticketId));
}
