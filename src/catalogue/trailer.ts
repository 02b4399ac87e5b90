// A film's trailer (issue 45): what the catalogue's trailer URL points at, the player a click loads,
// and the hosts the Content-Security-Policy must allow for it. Pure, and run at build: the film page
// receives the parsed trailer (films.ts), so its first-load code never carries the parser, and the
// server's policy (src/server/third-parties.ts) allows exactly the hosts the catalogue's trailers use.

/** A trailer the film page can play in place; any other URL stays an outbound link. */
export type Trailer =
  | { readonly kind: "youtube"; readonly id: string }
  | { readonly kind: "vimeo"; readonly id: string }
  | { readonly kind: "mp4"; readonly url: string };

/** The video hosts whose player is framed; an MP4 file plays in the page's own <video>. */
export type TrailerHost = Exclude<Trailer["kind"], "mp4">;

/**
 * The privacy-enhanced YouTube host: it sets no cookie until the visitor plays, which is why it is
 * the only YouTube host framed (decisions.md). Vimeo's player takes `dnt=1` instead.
 */
export const YOUTUBE_PLAYER_ORIGIN = "https://www.youtube-nocookie.com";
export const VIMEO_PLAYER_ORIGIN = "https://player.vimeo.com";

/** What a visitor reads for each host (in both languages: they are brand names). */
export const TRAILER_HOST_NAMES: Readonly<Record<TrailerHost, string>> = { youtube: "YouTube", vimeo: "Vimeo" };

const YOUTUBE_HOSTS = new Set([
  "youtube.com",
  "www.youtube.com",
  "m.youtube.com",
  "youtube-nocookie.com",
  "www.youtube-nocookie.com",
]);
const VIMEO_HOSTS = new Set(["vimeo.com", "www.vimeo.com"]);
/** YouTube video ids are 11 characters of the URL-safe base64 alphabet. */
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^[1-9]\d{0,11}$/;
/**
 * A plain DNS name. The URL parser accepts ";" or "," in a host, which would end a CSP directive
 * or the policy: an MP4 on such a host is not a trailer.
 */
const PLAIN_HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}$/;

const youtube = (id: string | null | undefined): Trailer | null =>
  id && YOUTUBE_ID.test(id) ? { kind: "youtube", id } : null;
const vimeo = (id: string | undefined): Trailer | null => (id && VIMEO_ID.test(id) ? { kind: "vimeo", id } : null);

/**
 * The trailer a catalogue URL points at: a YouTube video (watch?v=, youtu.be/, /embed/, /shorts/,
 * youtube-nocookie), a public Vimeo video (vimeo.com/123, player.vimeo.com/video/123) or an MP4
 * file, all over https on the default port and without credentials; null for anything else, which
 * the film page keeps as a plain link. Hosts are compared whole, so a lookalike
 * ("youtube.com.evil.example") is not a video host.
 */
export function parseTrailerUrl(raw: string): Trailer | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "https:" || url.port !== "" || url.username !== "" || url.password !== "") return null;
  const host = url.hostname;
  const segments = url.pathname.split("/").filter(Boolean);
  if (host === "youtu.be") return segments.length === 1 ? youtube(segments[0]) : null;
  if (YOUTUBE_HOSTS.has(host)) {
    if (segments.length === 1 && segments[0] === "watch") return youtube(url.searchParams.get("v"));
    if (segments.length === 2 && (segments[0] === "embed" || segments[0] === "shorts")) return youtube(segments[1]);
    return null;
  }
  // An unlisted Vimeo video (vimeo.com/123/abcdef) needs its hash in the player URL: left as a link.
  if (VIMEO_HOSTS.has(host)) return segments.length === 1 ? vimeo(segments[0]) : null;
  if (host === "player.vimeo.com") return segments.length === 2 && segments[0] === "video" ? vimeo(segments[1]) : null;
  if (PLAIN_HOST.test(host) && /\.mp4$/i.test(url.pathname)) return { kind: "mp4", url: url.href };
  return null;
}

/** What the click loads: the host's player, asked to start at once, or the MP4 file itself. */
export function trailerPlayerUrl(trailer: Trailer): string {
  switch (trailer.kind) {
    case "youtube":
      return `${YOUTUBE_PLAYER_ORIGIN}/embed/${trailer.id}?autoplay=1`;
    case "vimeo":
      return `${VIMEO_PLAYER_ORIGIN}/video/${trailer.id}?autoplay=1&dnt=1`;
    case "mp4":
      return trailer.url;
  }
}

/** CSP sources the trailers need: the players they frame, the origins of the MP4 files they play. */
export interface TrailerSources {
  readonly "frame-src": string[];
  readonly "media-src": string[];
}

export function trailerSources(trailers: readonly (Trailer | null)[]): TrailerSources {
  const frame = new Set<string>();
  const media = new Set<string>();
  for (const trailer of trailers) {
    if (trailer?.kind === "youtube") frame.add(YOUTUBE_PLAYER_ORIGIN);
    else if (trailer?.kind === "vimeo") frame.add(VIMEO_PLAYER_ORIGIN);
    else if (trailer?.kind === "mp4") media.add(new URL(trailer.url).origin);
  }
  return { "frame-src": [...frame].sort(), "media-src": [...media].sort() };
}

/**
 * Whether a click loads the player at once. A video host's player sets its cookies as it plays, so
 * on a site with a consent manager it waits for the visitor's consent (the published consent
 * signal: src/tracking/consent/consent-signal.ts); without one it plays. An MP4 file is a plain
 * file the page plays itself, with no host's code or cookies to consent to.
 */
export function trailerMayLoad(trailer: Trailer, consent: { manager: boolean; granted: boolean }): boolean {
  return trailer.kind === "mp4" || !consent.manager || consent.granted;
}
