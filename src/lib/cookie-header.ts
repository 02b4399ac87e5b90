/**
 * One reader of a `Cookie` header or `document.cookie` string, for the server (the redirect
 * endpoints) and for the code of a page's first load, which must not pull js-cookie in.
 * Null when the cookie is absent, empty or not percent-decodable. `raw`: the value as sent, for
 * opaque values the server set itself without encoding (the refresh cookie).
 */
export function cookieValue(header: string | undefined, name: string, { raw = false } = {}): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index < 0 || part.slice(0, index).trim() !== name) continue;
    const value = part.slice(index + 1).trim();
    if (raw) return value || null;
    try {
      return decodeURIComponent(value) || null;
    } catch {
      return null;
    }
  }
  return null;
}
