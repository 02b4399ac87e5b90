// The link rules of spec §2, §5 and §7 as one pure function: what a link target becomes on a
// given page, for a given member, on a given site. SiteLink renders its answer; nothing else on
// the site decides what an href is.
import type { LinkHostTable } from "./external";
import { boundedMemo } from "../lib/bounded-memo";
import { BOOKING_PATH, PREVIEW_PATH_PREFIX } from "../lib/paths";

export { BOOKING_PATH, PREVIEW_PATH_PREFIX };
import { looksLikeEmail } from "./email";
import { ticketingBase, utmParams, withQueryParameter } from "./ticketing";

/** Spec §2: the one action hash that logs out, plus ours for the login dialog (brief §2). */
export const LINK_ACTIONS = { "#loyalty-logout": "logout", "#loyalty-login": "login" } as const;
export type LinkAction = (typeof LINK_ACTIONS)[keyof typeof LINK_ACTIONS];

/**
 * Ticketing journeys that receive the member's token (spec §7 "about 16"; brief §2: the journey
 * segments of §2). The two loyalty journeys are added when the site turns the flag on ("about 18").
 */
export const TICKETING_JOURNEYS = [
  "startticketing",
  "launch/ticketing",
  "startconcessions",
  "concessions/landing",
  "giftcards",
  "physicalgiftcards",
  "giftmembership",
  "vouchers",
  "signup",
  "refund",
  "startseasonpass",
  "payreservation",
  "cms-preview",
  "ticketing",
  "permalink",
  "movies",
] as const;
export const EXTENDED_TICKETING_JOURNEYS = ["loyaltycredit", "loyalty/upgrade"] as const;

export type TicketingLinkSettings = {
  /** Base URL of the ticketing service, without a trailing slash. */
  url: string;
  tokenParam: string;
  extendedJourneys: boolean;
  postProtocol: boolean;
};

export type LinkEnvironment = {
  hosts: LinkHostTable;
  /** The current page's query string ("?utm_source=…"); empty while rendering on the server. */
  currentSearch: string;
  ticketing: TicketingLinkSettings;
  embeddingMode: "none" | "tapos_embedded";
  /** The signed-in member's session token, if any. */
  sessionToken: string | null;
};

export type ResolvedLink =
  /** Nothing to navigate to: rendered as a disabled, non-navigating element. */
  | { kind: "disabled" }
  /** A plain "#": a link that does nothing. */
  | { kind: "noop" }
  | { kind: "action"; action: LinkAction; href: string }
  | { kind: "fragment"; href: string; id: string }
  | { kind: "mailto"; href: string }
  /** A path on this site (Gatsby navigation). */
  | { kind: "internal"; href: string }
  /**
   * An absolute http(s) URL. `external` comes from the build's host table; `null` means the
   * build never saw the host and the browser decides (psl, loaded on demand).
   */
  | {
      kind: "outbound";
      href: string;
      hostname: string;
      external: boolean | null;
      /**
       * The address the link opens: `href`, with the member's token on a ticketing link (spec §7).
       * Only the navigation carries it, never the rendered href a visitor can copy (issue 43).
       */
      follow: string;
    }
  /** Spec §7 "post protocol": a ticketing link submitted as a POST form. */
  | { kind: "form"; action: string; fields: [string, string][]; hostname: string; external: boolean | null };

/** Spec §5: paths that keep no trailing slash. */
const FILE_ENDINGS = /\.(?:html|json|js|map|txt|xml|pdf)$/i;
// Browsers drop tabs and newlines inside URLs, so "java\tscript:" or "/\n/evil" would change
// meaning between our check and the click; anything with control characters is refused.
const CONTROL = /[\u0000-\u001f\u007f]/;
/** A base that cannot collide with a real site, for resolving site paths safely. */
const PATH_BASE = "https://site.invalid";

/** Site paths get a trailing slash except the root and file endings (spec §5). */
export function withTrailingSlash(path: string): string {
  const match = /^([^?#]*)(.*)$/.exec(path)!;
  const pathname = match[1] ?? "";
  const rest = match[2] ?? "";
  if (pathname === "" || pathname.endsWith("/") || FILE_ENDINGS.test(pathname)) return path;
  return `${pathname}/${rest}`;
}

function addMissing(url: URL, extra: [string, string][]): void {
  // Not even read when there is nothing to add: `url.searchParams` is built on first use.
  if (extra.length === 0) return;
  for (const [key, value] of extra) if (!url.searchParams.has(key)) url.searchParams.set(key, value);
}

function queryString(params: URLSearchParams): string {
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** Are clicks suppressed on this page (spec §2 preview prefix)? */
export function clicksSuppressed(pathname: string): boolean {
  return pathname === PREVIEW_PATH_PREFIX.slice(0, -1) || pathname.startsWith(PREVIEW_PATH_PREFIX);
}

/** Where the ticketing service lives: its origin and base path (no trailing slash). */
type TicketingRoot = { origin: string; basePath: string };

// Every link of a page (thousands on a schedule day) checks the same ticketing URL: it is parsed
// once per URL, not once per link (issue 19, the HTML step).
const ticketingRootOf = boundedMemo<TicketingRoot | null>(16);
function ticketingRoot(ticketingUrl: string): TicketingRoot | null {
  return ticketingRootOf(ticketingUrl, () => {
    const base = ticketingBase(ticketingUrl);
    return base && { origin: base.origin, basePath: base.pathname.replace(/\/+$/, "") };
  });
}

/** The part of `url`'s path after the ticketing base path, or null when it is not under it. */
function pathUnderTicketing(url: URL, settings: TicketingLinkSettings): string | null {
  const root = ticketingRoot(settings.url);
  if (!root || url.origin !== root.origin || !url.pathname.startsWith(`${root.basePath}/`)) return null;
  return url.pathname.slice(root.basePath.length + 1);
}

const JOURNEYS: readonly string[] = TICKETING_JOURNEYS;
const WITH_EXTENDED_JOURNEYS: readonly string[] = [...TICKETING_JOURNEYS, ...EXTENDED_TICKETING_JOURNEYS];

/** Spec §7: the target starts with {ticketingUrl}/ followed by one of the journey sub-paths (`rest`). */
function isJourneyPath(rest: string | null, settings: TicketingLinkSettings): boolean {
  if (rest === null) return false;
  const journeys = settings.extendedJourneys ? WITH_EXTENDED_JOURNEYS : JOURNEYS;
  return journeys.some((journey) => rest === journey || rest.startsWith(`${journey}/`));
}

const BOOKING_PAGE = /^websales\/sales\/([^/]+)\/book\/?$/;

/**
 * The ticketing service's booking page of one performance (spec §9 "External booking URL
 * pattern"), where every showtime link leads. It is not one of the journey segments, yet it is
 * the journey a member starts most often: without the token here a signed-in member would
 * book as a guest (issue 17), so it receives the token like the journeys do.
 */
function isBookingPath(rest: string | null, url: URL): boolean {
  return rest !== null && BOOKING_PAGE.test(rest) && url.searchParams.has("perfcode");
}

/**
 * Spec §2/§9: `{ticketingUrl}/websales/sales/{theaterCode}/book?perfcode={perfCode}` → the
 * internal booking route, in 'tapos_embedded' mode. Null when the URL is not such a link.
 */
export function embeddedBookingPath(url: URL, settings: TicketingLinkSettings): string | null {
  const rest = pathUnderTicketing(url, settings);
  const match = rest === null ? null : BOOKING_PAGE.exec(rest);
  const perfCode = url.searchParams.get("perfcode");
  if (!match?.[1] || !perfCode) return null;
  const params = new URLSearchParams({ theaterCode: decodeURIComponent(match[1]), perfCode });
  return `${BOOKING_PATH}?${params.toString()}`;
}

function resolveSitePath(value: string, env: LinkEnvironment): ResolvedLink {
  // "/\evil" and "//evil" are read by browsers as another host; never a site path.
  if (value.startsWith("//") || value.startsWith("/\\") || value.includes("\\")) return { kind: "disabled" };
  let url: URL;
  try {
    url = new URL(value, PATH_BASE);
  } catch {
    return { kind: "disabled" };
  }
  if (url.origin !== PATH_BASE) return { kind: "disabled" };
  addMissing(url, utmParams(env.currentSearch));
  // "/..//x" resolves to the path "//x", which a browser reads as another host (found by the
  // property test): a site path starts with exactly one slash.
  const pathname = url.pathname.replace(/^\/{2,}/, "/");
  return { kind: "internal", href: withTrailingSlash(`${pathname}${queryString(url.searchParams)}${url.hash}`) };
}

function resolveAbsolute(value: string, env: LinkEnvironment): ResolvedLink {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { kind: "disabled" };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return { kind: "disabled" };
  // Credentials in a link are a phishing device ("https://site@evil"); no real link needs them.
  if (url.username || url.password) return { kind: "disabled" };

  if (env.embeddingMode === "tapos_embedded") {
    const booking = embeddedBookingPath(url, env.ticketing);
    if (booking) return resolveSitePath(booking, env);
  }
  addMissing(url, utmParams(env.currentSearch));
  const external = env.hosts[url.hostname] ?? null;
  const rest = pathUnderTicketing(url, env.ticketing);
  const journey = isJourneyPath(rest, env.ticketing) || isBookingPath(rest, url);
  const { href } = url;
  if (journey && env.sessionToken) {
    url = new URL(withQueryParameter(href, env.ticketing.tokenParam, env.sessionToken, "keep"));
  }
  if (journey && env.ticketing.postProtocol) {
    const utm = new URLSearchParams(utmParams(url.search));
    return {
      kind: "form",
      action: `${url.origin}${url.pathname}${queryString(utm)}`,
      fields: [...url.searchParams],
      hostname: url.hostname,
      external,
    };
  }
  return { kind: "outbound", href, hostname: url.hostname, external, follow: url.href };
}

/** What a link target becomes on this page (spec §2 special links, §5 links, §7 outbound links). */
export function resolveLink(target: string | null | undefined, env: LinkEnvironment): ResolvedLink {
  const value = (target ?? "").trim();
  if (!value || CONTROL.test(value)) return { kind: "disabled" };
  if (value === "#") return { kind: "noop" };
  // Own keys only: `"toString" in LINK_ACTIONS` is true (found by the property test).
  if (Object.hasOwn(LINK_ACTIONS, value))
    return { kind: "action", action: LINK_ACTIONS[value as keyof typeof LINK_ACTIONS], href: value };
  if (value.startsWith("#")) {
    const id = safeDecode(value.slice(1));
    return id === null ? { kind: "disabled" } : { kind: "fragment", href: value, id };
  }
  if (looksLikeEmail(value)) return { kind: "mailto", href: `mailto:${value}` };
  if (/^mailto:/i.test(value)) {
    const address = value.slice("mailto:".length);
    return looksLikeEmail(address.split("?")[0] ?? "")
      ? { kind: "mailto", href: `mailto:${address}` }
      : { kind: "disabled" };
  }
  if (value.startsWith("/")) return resolveSitePath(value, env);
  return resolveAbsolute(value, env);
}

function safeDecode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

declare module "../runtime/site-runtime" {
  interface SiteRuntime {
    /** Which link hostnames are external, decided at build with the public-suffix list. */
    linkHosts: LinkHostTable;
    /** What the link rules need to know about the ticketing service and embedding (spec §2, §7). */
    links: { ticketing: TicketingLinkSettings; embeddingMode: LinkEnvironment["embeddingMode"] };
  }
}
