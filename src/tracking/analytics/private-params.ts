// What a URL may carry that no third party may receive: the member's session token (spec §2
// `token`; on ticketing links the provider's token parameter, or the site's own, spec §7), the
// password-reset values (spec §2 `email`, `resetCode`, and TAPOS's `uid` and `token`), the
// hand-off's opaque `requestData` (spec §2). One list for every vendor (issue 44): they leave the
// address bar as the page starts, before any third party's script runs (address-bar-script.ts,
// the head's first script), and every payload built for a vendor is scrubbed with it again
// (vendor-payload.ts). The screens that need them (the reset screen, the token hand-over, the
// ticketing hand-off) read them from the page's history entry (openedQuery). First-load code: what
// only vendor code uses goes in vendor-payload.ts, which loads with it.
import { EMAIL_PARAM, RESET_CODE_PARAM, TAPOS_TOKEN_PARAM, TAPOS_UID_PARAM } from "../../member/account/reset-link";
import { TOKEN_PARAM_BY_PROVIDER } from "../../member/token-param";

/** The member token a page is opened with (another service's hand-over, spec §2). */
export const MEMBER_TOKEN_PARAM = "token";

/**
 * Spec §2 `requestData`: an opaque value the service sending a member here gives beside `return`,
 * which the ticketing hand-off passes on unchanged (src/member/handoff/handoff.ts). It may carry a
 * booking or session context, so no vendor receives it (docs/decisions.md, issue 44): private.
 */
export const REQUEST_DATA_PARAM = "requestData";

/**
 * Removed from every URL sent to analytics: the reset values, the page's member token, the
 * hand-off's `requestData`, and every provider's ticketing token parameter (a page may be opened
 * from a ticketing link).
 */
export const PRIVATE_PARAMS: readonly string[] = [
  ...new Set([
    MEMBER_TOKEN_PARAM,
    REQUEST_DATA_PARAM,
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

/** The history entry's state field that keeps the query a page was opened with, private parameters included. */
export const OPENED_QUERY_STATE = "openedQuery";

/**
 * The query the page was opened with, private parameters included: what its history entry kept
 * of an address that had some (address-bar-script.ts), else the address bar's own.
 */
export function openedQuery(): string {
  const state = history.state as Record<string, string> | null;
  return (state && state[OPENED_QUERY_STATE]) || location.search;
}
