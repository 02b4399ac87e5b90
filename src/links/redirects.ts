/** A row of settings.json `redirects` (spec §2), as src/config/settings.ts validates it. */
export type RedirectRule = { fromPath: string; toPath: string; ignoreCase: boolean };

/** "/old" and "/old/" are the same page on a site whose paths end with a slash. */
function normalise(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, "") : path;
}

/**
 * Spec §2 client-side redirect table: the first row whose fromPath matches the pathname (exactly,
 * or ignoring case when the row says so) gives the target; null when no row matches.
 */
export function findRedirect(table: readonly RedirectRule[], pathname: string): string | null {
  const path = normalise(pathname);
  for (const rule of table) {
    const from = normalise(rule.fromPath);
    const matches = rule.ignoreCase ? from.toLowerCase() === path.toLowerCase() : from === path;
    if (matches && normalise(rule.toPath) !== path) return rule.toPath;
  }
  return null;
}

/**
 * The page this one stands for, with the address's query and fragment kept: a campaign's `utm_*`
 * or a `return` survive the client-side hop as they do the server's 301 (src/server/http/static-site.ts
 * keeps the query too). A handed-over `token` left the address as the page started (issue 44): the
 * hop keeps it by replacing the entry with its state (`state: window.history.state`), where the
 * page keeps what it was opened with (src/tracking/analytics/private-params.ts).
 */
export function keepingQuery(path: string, current: Pick<Location, "search" | "hash">): string {
  return `${path}${current.search}${current.hash}`;
}
