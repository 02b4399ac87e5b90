// The browser's side of /api/cypher for tests that run the real proxy in process: what a fetch
// hands the proxy, the cookie of /api/ the browser keeps between calls, and the answer as a
// Response.
import type { CypherProxyRequest, CypherProxyResponse } from "../server/cypher-proxy";

/** The cookie the browser holds for /api/: the refresh token the proxy keeps there (HttpOnly). */
export interface ApiCookieJar {
  cookie: string;
}

/** A fetch of /api/cypher as the proxy reads it: header names lower-cased, the jar's cookie added. */
export function proxyRequestOf(
  init: RequestInit | undefined,
  jar?: ApiCookieJar,
): CypherProxyRequest & { readonly headers: Record<string, string> } {
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries((init?.headers ?? {}) as Record<string, string>))
    headers[key.toLowerCase()] = value;
  if (jar?.cookie) headers.cookie = jar.cookie;
  return { method: init?.method ?? "GET", headers, body: JSON.parse(String(init?.body)) as unknown };
}

/** Keeps in the jar the cookie the proxy's answer set, or forgets it if the answer cleared it. */
export function keepApiCookie(jar: ApiCookieJar, answer: CypherProxyResponse): void {
  const setCookie = answer.headers["Set-Cookie"];
  if (setCookie) jar.cookie = /Max-Age=0;/.test(setCookie) ? "" : (setCookie.split(";")[0] ?? "");
}

/** The proxy's answer as fetch gives it: bytes as they came, JSON as text. */
export function fetchResponseOf(answer: CypherProxyResponse): Response {
  const body = Buffer.isBuffer(answer.body) ? new Uint8Array(answer.body) : JSON.stringify(answer.body);
  return new Response(body, { status: answer.status, headers: answer.headers });
}
