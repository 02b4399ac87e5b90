// Who may publish: the bearer of PUBLISH_TOKEN (issue 47). The token given is compared with the
// expected one through their SHA-256 digests, which have the same length whatever was sent, so
// that crypto.timingSafeEqual applies and the time taken says nothing of either token.
import { createHash, timingSafeEqual } from "node:crypto";

/** The token of an `Authorization: Bearer <token>` header (RFC 6750's characters), or null. */
export function bearerTokenOf(authorization: string | undefined): string | null {
  const match = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i.exec(authorization ?? "");
  return match?.[1] ?? null;
}

const digest = (token: string): Buffer => createHash("sha256").update(token, "utf8").digest();

export function tokenMatches(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

/** Whether the request's Authorization header carries the publish token. */
export function mayPublish(authorization: string | undefined, publishToken: string): boolean {
  const token = bearerTokenOf(authorization);
  return token !== null && tokenMatches(token, publishToken);
}
