// Minimal link classification for the foundation; the link-rules issue grows this module.
import { isExternalUrl } from "./external";

export type LinkTarget =
  | { type: "empty" }
  | { type: "internal"; href: string }
  | { type: "external"; href: string }
  | { type: "sameSite"; href: string }
  | { type: "mailto"; href: string }
  | { type: "fragment"; href: string };

const EMAIL = /^[^\s@/:]+@[^\s@/]+\.[A-Za-z]+$/;
/** Paths that keep no trailing slash (spec §5). */
const FILE_ENDINGS = /\.(?:html|json|js|map|txt|xml|pdf)$/i;

/** Site paths get a trailing slash except the root and file endings (spec §5). */
export function withTrailingSlash(path: string): string {
  const match = /^([^?#]*)(.*)$/.exec(path)!;
  const pathname = match[1] ?? "";
  const rest = match[2] ?? "";
  if (pathname === "" || pathname.endsWith("/") || FILE_ENDINGS.test(pathname)) return path;
  return `${pathname}/${rest}`;
}

/**
 * `siteHref` stands for the current page: the site's own origin, so that the server render and
 * the browser agree on every link.
 */
export function classifyTarget(to: string, siteHref: string): LinkTarget {
  const value = to.trim();
  if (!value) return { type: "empty" };
  if (EMAIL.test(value)) return { type: "mailto", href: `mailto:${value}` };
  if (value.startsWith("mailto:")) return { type: "mailto", href: value };
  if (value.startsWith("#")) return { type: "fragment", href: value };
  if (value.startsWith("/") && !value.startsWith("//")) return { type: "internal", href: withTrailingSlash(value) };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { type: "empty" };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return { type: "empty" };
  return isExternalUrl(url.href, siteHref) ? { type: "external", href: url.href } : { type: "sameSite", href: url.href };
}
