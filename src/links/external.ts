/** The part of psl this module uses; injected so the browser bundle does not carry the list. */
export type Psl = {
  parse(
    domain: string,
  ): { error: { message: string } } | { domain: string | null; tld: string | null; listed: boolean };
};

function registrable(psl: Psl, hostname: string): { domain: string; tld: string } | null {
  const parsed = psl.parse(hostname);
  if ("error" in parsed && parsed.error) return null;
  if (!("domain" in parsed) || !parsed.domain || !parsed.listed || !parsed.tld) return null;
  return { domain: parsed.domain, tld: parsed.tld };
}

/**
 * Spec §5: both hostnames are parsed against the public-suffix list; a link is external when
 * both are listed and their registrable domains or their TLD parts differ. Parse failures:
 * not external. psl is passed in because its list is large: the build decides the hosts it
 * knows (see linkHostTable) and the browser loads psl only for a host it has never seen.
 */
export function isExternalUrl(psl: Psl, target: string, current: string): boolean {
  try {
    const a = registrable(psl, new URL(current).hostname);
    const b = registrable(psl, new URL(target).hostname);
    if (!a || !b) return false;
    return a.domain !== b.domain || a.tld !== b.tld;
  } catch {
    return false;
  }
}

/** Hostname → external, for every absolute http(s) link target known at build time. */
export type LinkHostTable = Record<string, boolean>;

export function linkHostTable(psl: Psl, targets: Iterable<string>, siteDomain: string): LinkHostTable {
  const table: LinkHostTable = {};
  for (const target of targets) {
    let url: URL;
    try {
      url = new URL(target.trim());
    } catch {
      continue;
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") continue;
    table[url.hostname] = isExternalUrl(psl, url.href, `https://${siteDomain}/`);
  }
  return table;
}
