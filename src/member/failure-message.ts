// Kept apart from client.ts so screens can word a failure without loading the client (and zod).
import type { LoyaltyConfig } from "./config";
import { messageForLoyaltyError, messageIdForProxyError, type LoyaltyMessageFormatter } from "./errors";
import type { LoyaltyFailure } from "./types";

/**
 * The text a member reads for a failure: provider codes through the spec §8 catalogue (lookup
 * order, " (Code: n)"), proxy codes through their message id, network and unreadable answers as
 * the generic network / error messages; `fallback` when the catalogue has nothing.
 */
export function messageForFailure(
  failure: LoyaltyFailure,
  config: Pick<LoyaltyConfig, "provider" | "displayOriginalCypherMessages">,
  format: LoyaltyMessageFormatter,
  fallback: string,
): string {
  switch (failure.kind) {
    case "provider":
      return messageForLoyaltyError(
        {
          code: failure.code,
          provider: config.provider,
          clientErrorMessage: failure.clientErrorMessage,
          displayOriginalCypherMessages: config.displayOriginalCypherMessages,
        },
        format,
        fallback,
      );
    case "proxy":
      if (failure.retryAfter !== undefined) {
        const text = format("loyalty.error.retryIn", { seconds: String(Math.max(1, failure.retryAfter)) });
        if (text) return text;
      }
      return format(messageIdForProxyError(failure.code)) ?? fallback;
    case "network":
      return format("loyalty.error.network") ?? fallback;
    case "bad_response":
      return format("loyalty.error.generic") ?? fallback;
  }
}
