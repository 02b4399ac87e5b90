// Minimal link classification for the foundation; the link-rules issue grows this module.
import type { LinkHostTable } from "./external";

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
 * `hosts` says which hostnames are external (decided with the public-suffix list at build time,
 * against the site's own domain, so the server render and the browser agree on every link).
 * A host missing from it is "unknown" and treated as same-site until the caller decides.
 */
export function classifyTarget(to: string, hosts: LinkHostTable): LinkTarget | { type: "unknownHost"; href: string; hostname: string } {
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
  const external = hosts[url.hostname];
  if (external === undefined) return { type: "unknownHost", href: url.href, hostname: url.hostname };
  return external ? { type: "external", href: url.href } : { type: "sameSite", href: url.href };
}
