// Spec §2 "Password reset link and reset page". The site hands the provider a link template; the
// provider e-mails it with the code filled in (docs/loyalty-upstream.md: "code in place of
// {resetCode} or appended as resetCode="); the reset page reads the values back.
import type { ResetParams } from "../provider/api/account-types";
import type { LoyaltyProvider } from "../token-param";

export const EMAIL_PARAM = "email";
export const RESET_CODE_PARAM = "resetCode";
/** Left literally in the link for the provider to replace. */
export const RESET_CODE_PLACEHOLDER = "{resetCode}";
/** TAPOS sends its own link, with the member id and the reset token under these names. */
export const TAPOS_UID_PARAM = "uid";
export const TAPOS_TOKEN_PARAM = "token";

/** Spec §2: these providers' links carry no e-mail (their reset needs none). */
const PROVIDERS_WITHOUT_EMAIL: ReadonlySet<LoyaltyProvider> = new Set([
  "BOOST_POS",
  "BOOST_POS_WITHOUT_LOYALTY",
  "TAPOS",
]);

export function resetLinkCarriesEmail(provider: LoyaltyProvider): boolean {
  return !PROVIDERS_WITHOUT_EMAIL.has(provider);
}

export interface ResetLinkInput {
  /** The page the member asked for the reset from (window.location.href). */
  readonly currentUrl: string;
  /** When given, the link is {origin}/{path} instead of the current page. */
  readonly path?: string;
  readonly provider: LoyaltyProvider;
  readonly email: string;
}

// Values a stale link on the current page may carry; they must not leak into the new one.
const RESET_PARAMS = [EMAIL_PARAM, RESET_CODE_PARAM, TAPOS_UID_PARAM, TAPOS_TOKEN_PARAM];

/**
 * The link template sent as `resetPasswordLink`. Other query parameters of the current page are
 * kept (a return path, campaign tags); the fragment is dropped, since anything after "#" would
 * swallow the code. The placeholder is appended as text, after all URL encoding: through
 * URLSearchParams it would become %7BresetCode%7D and a provider that substitutes the literal
 * `{resetCode}` would not find it.
 */
export function buildResetLink(input: ResetLinkInput): string {
  const current = new URL(input.currentUrl);
  // Leading slashes are dropped so a path can never read as "//other-host".
  const link = input.path ? new URL(`${current.origin}/${input.path.replace(/^[/\\]+/, "")}`) : new URL(current.href);
  link.hash = "";
  for (const key of RESET_PARAMS) link.searchParams.delete(key);
  if (resetLinkCarriesEmail(input.provider)) link.searchParams.set(EMAIL_PARAM, input.email.trim());
  const base = link.href.replace(/\?$/, "");
  return `${base}${link.search ? "&" : "?"}${RESET_CODE_PARAM}=${RESET_CODE_PLACEHOLDER}`;
}

// Defined below the account screens, beside the reset calls that take it.
export type { ResetParams };

export type ResetParamName =
  typeof EMAIL_PARAM | typeof RESET_CODE_PARAM | typeof TAPOS_UID_PARAM | typeof TAPOS_TOKEN_PARAM;

export type ResetParamsReading =
  | { readonly ok: true; readonly params: ResetParams }
  | { readonly ok: false; readonly reason: "missing"; readonly missing: readonly ResetParamName[] };

/**
 * The reset page's values. Empty values count as missing, and so does a code still reading
 * `{resetCode}` (a provider that did not fill the template in). For providers whose links carry
 * the e-mail it is required: the link was built with it, and the version 1 code check needs it.
 */
export function readResetParams(search: string | URLSearchParams, provider: LoyaltyProvider): ResetParamsReading {
  const query = typeof search === "string" ? new URLSearchParams(search) : search;
  const value = (name: ResetParamName): string | undefined => {
    const text = query.get(name)?.trim();
    return text && text !== RESET_CODE_PLACEHOLDER ? text : undefined;
  };
  if (provider === "TAPOS") {
    const uid = value(TAPOS_UID_PARAM);
    const token = value(TAPOS_TOKEN_PARAM);
    if (uid && token) return { ok: true, params: { kind: "tapos", uid, token } };
    const missing: ResetParamName[] = [];
    if (!uid) missing.push(TAPOS_UID_PARAM);
    if (!token) missing.push(TAPOS_TOKEN_PARAM);
    return { ok: false, reason: "missing", missing };
  }
  const resetCode = value(RESET_CODE_PARAM);
  const email = value(EMAIL_PARAM);
  const missing: ResetParamName[] = [];
  if (resetLinkCarriesEmail(provider) && !email) missing.push(EMAIL_PARAM);
  if (!resetCode) missing.push(RESET_CODE_PARAM);
  if (!resetCode || missing.length > 0) return { ok: false, reason: "missing", missing };
  return { ok: true, params: { kind: "code", resetCode, ...(email ? { email } : {}) } };
}
