// Raw (wallet-pass) answers of the provider are bytes the proxy hands to the browser from the
// site's own origin. Relayed with the provider's content type, an HTML answer would run as a page
// of the site, with the member's tokens in reach. So only the types a wallet answer can have pass:
// an Apple pass (or bundle of passes), Google Wallet's JSON save link (or a provider verdict), and
// bytes without a declared kind; always as an attachment, never sniffed, and sandboxed should a
// browser render it anyway.

/** Media types (no parameters) a wallet route may answer. */
export const WALLET_PASS_TYPES: ReadonlySet<string> = new Set([
  "application/vnd.apple.pkpass",
  "application/vnd.apple.pkpasses",
  "application/json",
  "application/octet-stream",
]);

/** No script, no plugin, no navigation: a unique opaque origin even if opened as a document. */
export const RAW_ANSWER_CSP = "default-src 'none'; frame-ancestors 'none'; sandbox";

const EXTENSION: Readonly<Record<string, string>> = {
  "application/vnd.apple.pkpass": "pkpass",
  "application/vnd.apple.pkpasses": "pkpasses",
  "application/json": "json",
  "application/octet-stream": "bin",
};

/** The media type of a Content-Type value, lower case, without parameters; null when absent or odd. */
export function mediaTypeOf(contentType: string | null): string | null {
  if (!contentType) return null;
  const type = contentType.split(";")[0]?.trim().toLowerCase() ?? "";
  return /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/.test(type) ? type : null;
}

/** The headers of a raw answer of that content type, or null when it is not a wallet answer's. */
export function rawAnswerHeaders(contentType: string | null): Record<string, string> | null {
  const type = mediaTypeOf(contentType);
  if (!type || !WALLET_PASS_TYPES.has(type)) return null;
  return {
    "Content-Type": type,
    "Content-Disposition": `attachment; filename="pass.${EXTENSION[type] ?? "bin"}"`,
    "Content-Security-Policy": RAW_ANSWER_CSP,
  };
}
