// Spec §8: how a failing member call becomes the sentence a member reads, and the error shape the
// /api/cypher proxy answers with when the call never reached (or never came back from) the
// provider. Both the client and src/server/cypher-proxy.ts import these, so the contract lives once.
import type { LoyaltyProvider } from "./token-param";
import type { LoyaltyMessageId } from "./i18n/en-US";
import type { LoyaltyFailure } from "./types";

/**
 * peachCode values the product gives a meaning to (spec §3, §8; 7 from docs/loyalty-upstream.md;
 * 423 and 429, which the spec lists without a meaning, read as HTTP's "Locked" and "Too Many Requests").
 */
export const PEACH_CODE = {
  success: 0,
  invalidToken: 7,
  invalidResetCode: 57,
  locked: 423,
  tooManyAttempts: 429,
} as const;

/**
 * The provider refused the call's session token: peachCode 7 "Invalid token", which member calls of
 * both versions answer (docs/loyalty-upstream.md; v1's statusCode 401 is the refresh's own failure).
 */
export function isRefusedToken(failure: LoyaltyFailure): boolean {
  return failure.kind === "provider" && failure.code === PEACH_CODE.invalidToken;
}

/**
 * Formats a message id with values, or answers undefined when the catalogue has no such id; with
 * react-intl: `(id, values) => (id in intl.messages ? intl.formatMessage({ id }, values) : undefined)`.
 */
export type LoyaltyMessageFormatter = (id: string, values?: Readonly<Record<string, string>>) => string | undefined;

export interface LoyaltyErrorInput {
  /** The provider's peachCode (or statusCode for the v1 calls that answer one). */
  readonly code: number | string;
  readonly provider: LoyaltyProvider;
  readonly clientErrorMessage?: string | null | undefined;
  readonly displayOriginalCypherMessages: boolean;
}

/** Catalogue ids tried for a code, most specific first (spec §8 "Lookup order"). */
export function loyaltyErrorMessageIds(code: number | string, provider: LoyaltyProvider): [string, string] {
  return [`loyalty.error.${code}_${provider}`, `loyalty.error.${code}`];
}

const CODE_SUFFIX_ID: LoyaltyMessageId = "loyalty.error.codeSuffix";

/**
 * The text shown for a failing provider answer: the provider's own clientErrorMessage when the
 * site opted into it and one came back; else "{code}_{provider}", then the code alone, then the
 * caller's fallback; always followed by the localised "(Code: {code})".
 */
export function messageForLoyaltyError(
  input: LoyaltyErrorInput,
  format: LoyaltyMessageFormatter,
  fallback: string,
): string {
  const code = String(input.code);
  const serverText = input.displayOriginalCypherMessages ? input.clientErrorMessage?.trim() : undefined;
  const [specific, general] = loyaltyErrorMessageIds(code, input.provider);
  const text = serverText || format(specific) || format(general) || fallback;
  // A string, not a number: ICU would print 1015 as "1,015" (en) or "1 015" (fr).
  const suffix = format(CODE_SUFFIX_ID, { code }) ?? `(Code: ${code})`;
  return `${text} ${suffix}`;
}

/**
 * A formatter over a plain catalogue, replacing `{name}` placeholders: for server code and tests,
 * where react-intl is not at hand. Loyalty messages use no plural or select syntax.
 */
export function catalogueFormatter(messages: Readonly<Record<string, string>>): LoyaltyMessageFormatter {
  return (id, values) => {
    if (!Object.prototype.hasOwnProperty.call(messages, id)) return undefined;
    const text = messages[id] ?? "";
    return values ? text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole) : text;
  };
}

// ---------------------------------------------------------------------------------------------
// The proxy's own error answers: `{ error: { code, message } }` with a non-200 status.

export const PROXY_ERROR_CODES = [
  "bad_request",
  "method_not_allowed",
  "route_not_allowed",
  "payload_too_large",
  "unsupported_media_type",
  "cross_site",
  "captcha_failed",
  "loyalty_not_configured",
  "upstream_timeout",
  "upstream_unreachable",
  "upstream_bad_response",
  "upstream_error",
  "upstream_rate_limited",
  "rate_limited",
  "internal_error",
] as const;
export type ProxyErrorCode = (typeof PROXY_ERROR_CODES)[number];

export interface ProxyErrorBody {
  readonly error: { readonly code: ProxyErrorCode; readonly message: string };
}

const PROXY_ERROR_MESSAGE: Readonly<Record<ProxyErrorCode, LoyaltyMessageId>> = {
  bad_request: "loyalty.error.generic",
  method_not_allowed: "loyalty.error.generic",
  route_not_allowed: "loyalty.error.generic",
  payload_too_large: "loyalty.error.generic",
  unsupported_media_type: "loyalty.error.generic",
  cross_site: "loyalty.error.generic",
  captcha_failed: "loyalty.error.captcha",
  loyalty_not_configured: "loyalty.error.notConfigured",
  upstream_timeout: "loyalty.error.timeout",
  upstream_unreachable: "loyalty.error.network",
  upstream_bad_response: "loyalty.error.network",
  upstream_error: "loyalty.error.network",
  upstream_rate_limited: "loyalty.error.rateLimited",
  rate_limited: "loyalty.error.rateLimited",
  internal_error: "loyalty.error.generic",
};

/** Catalogue id for a proxy error code; the member sees no proxy jargon. */
export function messageIdForProxyError(code: ProxyErrorCode): LoyaltyMessageId {
  return PROXY_ERROR_MESSAGE[code];
}

export function isProxyErrorCode(value: unknown): value is ProxyErrorCode {
  return typeof value === "string" && (PROXY_ERROR_CODES as readonly string[]).includes(value);
}
