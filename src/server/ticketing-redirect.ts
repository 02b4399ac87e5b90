// Server redirect endpoints of spec §2 (api/startticketing/redirect, …): a 302 to the matching
// journey on the site's ticketing service. The Location is always built from the configured
// ticketing URL plus validated path segments, so no input can turn it into an open redirect.
import { CLUB_TOKEN_COOKIE, SESSION_TOKEN_PATTERN } from "../member/session/cookies";
import { isUtmParam, withQueryParameter } from "../links/ticketing";
import { cookieValue } from "../lib/cookie-header";
import type { ServerSiteSettings } from "./site-settings";

export const REDIRECT_JOURNEYS = ["startticketing", "launch/ticketing", "startconcessions", "refund"] as const;
export type RedirectJourney = (typeof REDIRECT_JOURNEYS)[number];

export type RedirectRequest = {
  method: string;
  /** Parsed query: a key may repeat. */
  query: Record<string, string | string[] | undefined>;
  cookieHeader: string | undefined;
};

export type RedirectResponse =
  | { status: 302; headers: Record<string, string> }
  | { status: 400 | 405; headers: Record<string, string>; body: { error: { code: string; message: string } } };

const SEGMENT = /^[A-Za-z0-9_~-][A-Za-z0-9._~-]*$/;
const MAX_PATH = 512;
const MAX_UTM_VALUE = 200;

function failure(
  status: 400 | 405,
  code: string,
  message: string,
  extra: Readonly<Record<string, string>> = {},
): RedirectResponse {
  return {
    status,
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store", ...extra },
    body: { error: { code, message } },
  };
}

/** The sub-path after the journey: "LUM01/42" or "/LUM01/42/" → ["LUM01", "42"]; null when malformed. */
function pathSegments(path: string): string[] | null {
  const trimmed = path.replace(/^\//, "").replace(/\/$/, "");
  if (trimmed === "") return [];
  const segments = trimmed.split("/");
  return segments.every((segment) => SEGMENT.test(segment) && segment !== "." && segment !== "..") ? segments : null;
}

export function ticketingRedirect(
  journey: string,
  request: RedirectRequest,
  site: ServerSiteSettings,
): RedirectResponse {
  // RFC 9110 §15.5.6: a 405 says which methods the endpoint takes.
  if (request.method !== "GET" && request.method !== "HEAD")
    return failure(405, "method_not_allowed", "Use GET.", { Allow: "GET, HEAD" });
  if (!(REDIRECT_JOURNEYS as readonly string[]).includes(journey))
    return failure(400, "unknown_journey", `Unknown ticketing journey "${journey}".`);

  const target = new URL(`${site.ticketingUrl.replace(/\/+$/, "")}/${journey}`);
  for (const [key, raw] of Object.entries(request.query)) {
    if (raw === undefined) continue;
    if (Array.isArray(raw))
      return failure(400, "repeated_parameter", `The parameter "${key}" is given more than once.`);
    if (key === "path") {
      if (raw.length > MAX_PATH)
        return failure(400, "bad_path", `The "path" parameter is longer than ${MAX_PATH} characters.`);
      const segments = pathSegments(raw);
      if (!segments)
        return failure(
          400,
          "bad_path",
          'The "path" parameter must be path segments of letters, digits, ".", "_", "~" or "-".',
        );
      if (segments.length) target.pathname = `${target.pathname}/${segments.join("/")}`;
    } else if (isUtmParam(key)) {
      if (raw.length > MAX_UTM_VALUE) return failure(400, "bad_parameter", `The parameter "${key}" is too long.`);
      target.searchParams.set(key, raw);
    }
    // Any other parameter is dropped, as links drop every non-utm parameter (spec §7).
  }
  // The Location must stay on the ticketing service whatever the segments were.
  if (target.origin !== new URL(site.ticketingUrl).origin)
    return failure(400, "bad_path", "The redirect would leave the ticketing service.");

  const token = cookieValue(request.cookieHeader, CLUB_TOKEN_COOKIE);
  const location =
    token && SESSION_TOKEN_PATTERN.test(token)
      ? withQueryParameter(target.href, site.loyalty.tokenParam, token, "replace")
      : target.href;

  // A member's token is in the Location: never cache it, never pass it on as a referrer.
  return {
    status: 302,
    headers: { Location: location, "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" },
  };
}
