import psl from "psl";

function registrable(hostname: string): { domain: string; tld: string } | null {
  const parsed = psl.parse(hostname);
  if ("error" in parsed && parsed.error) return null;
  if (!("domain" in parsed) || !parsed.domain || !parsed.listed || !parsed.tld) return null;
  return { domain: parsed.domain, tld: parsed.tld };
}

/**
 * Spec §5: both hostnames are parsed against the public-suffix list; a link is external when
 * both are listed and their registrable domains or their TLD parts differ. Parse failures:
 * not external.
 */
export function isExternalUrl(target: string, current: string): boolean {
  try {
    const a = registrable(new URL(current).hostname);
    const b = registrable(new URL(target).hostname);
    if (!a || !b) return false;
    return a.domain !== b.domain || a.tld !== b.tld;
  } catch {
    return false;
  }
}
