// Password-reset requests (spec §2, §7 GetResetPasswordCode): the provider e-mails the member a
// link built from `rootUrl` and `resetPasswordLink`. Both come from the browser, so a caller could
// have the provider mail a link to any host with a live reset code in it. The proxy therefore
// rebuilds them from the site's own origin and the reset page's path; of the caller's link only
// the choice to carry the e-mail is kept (some providers' links do not, src/member/account/reset-link.ts),
// and the address is the one the code is sent to.
import { accountPath } from "../member/account/routes";
import { EMAIL_PARAM, RESET_CODE_PARAM, RESET_CODE_PLACEHOLDER } from "../member/account/reset-link";
import { buildRoute, type RouteMatch } from "../member/provider/routes";

type Match = Extract<RouteMatch, { ok: true }>;

/** The reset page of every site (the account section's reset screen). */
export const RESET_PAGE_PATH = accountPath("resetPassword");

/** Whether the caller's link asked for the e-mail in the link (unparsable links: no). */
function carriesEmail(link: string | undefined, origin: string): boolean {
  if (!link) return false;
  try {
    return new URL(link, origin).searchParams.has(EMAIL_PARAM);
  } catch {
    return false;
  }
}

/** The reset link the provider will mail: the site's origin, the reset page, the placeholder for the code. */
export function siteResetLink(siteOrigin: string, email: string | undefined): string {
  const link = new URL(RESET_PAGE_PATH, siteOrigin);
  if (email !== undefined) link.searchParams.set(EMAIL_PARAM, email);
  // Appended as text: URLSearchParams would encode the braces the provider looks for.
  return `${link.href}${link.search ? "&" : "?"}${RESET_CODE_PARAM}=${RESET_CODE_PLACEHOLDER}`;
}

/** The route to forward for a reset-code request, with rootUrl and resetPasswordLink set by the server. */
export function resetLinkRoute(match: Match, siteOrigin: string, brand: string): string {
  const version = match.route.version === 1 ? 1 : 3;
  const email = match.query.emailAddress ?? "";
  const link = siteResetLink(siteOrigin, carriesEmail(match.query.resetPasswordLink, siteOrigin) ? email : undefined);
  return buildRoute(
    "resetPasswordCode",
    version,
    { query: { ...match.query, rootUrl: siteOrigin, resetPasswordLink: link } },
    brand,
  );
}

/** Loopback hosts a developer reaches the site on (`npm start`): their reset links stay local. */
const LOOPBACK = /^(?:localhost|[a-z0-9-]+\.localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\])(?::\d{1,5})?$/i;

/**
 * Whether a host name or address is this machine's own (localhost, 127.x, ::1): a server listening
 * there (HOST) is reached from this machine only; a URL there goes nowhere else.
 */
export function isLoopbackHost(host: string): boolean {
  return /^(?:localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|\[::1\])$/i.test(host.trim());
}

/**
 * The origin reset links are built on: https://{settings.domain}. A Host header is the caller's to
 * choose, so it is believed only by a server reachable from its own machine alone (`npm start`,
 * `followLoopbackHost`), and then only when it is a loopback name: a developer's links stay local.
 * A server open to the network never follows it (issue 43: "Host: evil.localhost:9650" made a reset
 * link on that host).
 */
export function siteOriginFor(
  domain: string | undefined,
  host: string | undefined,
  https: boolean,
  { followLoopbackHost }: { followLoopbackHost: boolean },
): string | undefined {
  if (followLoopbackHost && host && LOOPBACK.test(host)) return `${https ? "https" : "http"}://${host.toLowerCase()}`;
  return domain ? `https://${domain.toLowerCase()}` : undefined;
}
