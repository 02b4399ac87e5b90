// What a URL may carry that no third party may receive: the member's session token (spec §2
// `token`; on ticketing links the provider's token parameter, spec §7), the password-reset values
// (spec §2 `email`, `resetCode`, and TAPOS's `uid` and `token`). The page and the links keep them
// (the reset screen and the ticketing hand-off read them); only what analytics sends is cleaned.
import { EMAIL_PARAM, RESET_CODE_PARAM, TAPOS_TOKEN_PARAM, TAPOS_UID_PARAM } from "../../member/account/reset-link";
import { TOKEN_PARAM_BY_PROVIDER } from "../../member/token-param";

/** The member token a page is opened with (another service's hand-over, spec §2). */
export const MEMBER_TOKEN_PARAM = "token";

/**
 * Removed from every URL sent to analytics: the reset values, the page's member token, and every
 * provider's ticketing token parameter (a page may be opened from a ticketing link).
 */
export const PRIVATE_PARAMS: readonly string[] = [
  ...new Set([
    MEMBER_TOKEN_PARAM,
    EMAIL_PARAM,
    RESET_CODE_PARAM,
    TAPOS_UID_PARAM,
    TAPOS_TOKEN_PARAM,
    ...Object.values(TOKEN_PARAM_BY_PROVIDER),
  ]),
];

function decodedName(pair: string): string {
  const name = pair.split("=", 1)[0]!.replace(/\+/g, " ");
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/**
 * `url` (absolute, or a path with its query) without the private query parameters, and without
 * `extraParams` (a site's own ticketing token parameter, `settings.loyalty.tokenParam`). Names
 * are matched ignoring case, so `Email=` goes too. Everything else (utm_*, other parameters, the
 * fragment) is kept as written, so the rest of the address reads as before.
 */
export function withoutPrivateParams(url: string, extraParams: readonly string[] = []): string {
  const hashAt = url.indexOf("#");
  const beforeHash = hashAt === -1 ? url : url.slice(0, hashAt);
  const queryAt = beforeHash.indexOf("?");
  if (queryAt === -1) return url;
  const names = new Set([...PRIVATE_PARAMS, ...extraParams].map((name) => name.toLowerCase()));
  const pairs = beforeHash.slice(queryAt + 1).split("&");
  const kept = pairs.filter((pair) => !names.has(decodedName(pair).toLowerCase()));
  if (kept.length === pairs.length) return url;
  const query = kept.filter((pair) => pair !== "").join("&");
  return `${beforeHash.slice(0, queryAt)}${query ? `?${query}` : ""}${hashAt === -1 ? "" : url.slice(hashAt)}`;
}

/** Whether `url` carries a private query parameter (see withoutPrivateParams). */
export function hasPrivateParams(url: string, extraParams: readonly string[] = []): boolean {
  return withoutPrivateParams(url, extraParams) !== url;
}
