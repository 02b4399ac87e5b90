/**
 * One reader of a `Cookie` header or `document.cookie` string, for the server (the redirect
 * endpoints) and for the code of a page's first load, which must not pull js-cookie in.
 * Null when the cookie is absent, empty or not percent-decodable.
 */
export function cookieValue(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index < 0 || part.slice(0, index).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(index + 1).trim()) || null;
    } catch {
      return null;
    }
  }
  return null;
}
