// The editor's Publish button (issue 47), server side: the page asks its own origin, and this
// forwards to the publisher with the bearer token, which never reaches the browser. Written from
// the publish API as the README documents it; imports nothing from src/.
import type http from "node:http";

/** Where the publisher is, the token it wants, and the site this editor publishes. */
export type PublishTarget = { url: string; token: string; siteId: string };

/** The editor's own routes, and the publisher's each one forwards to. */
export function publisherRoute(
  method: string,
  pathname: string,
  siteId: string,
): { method: "GET" | "POST"; path: string } | null {
  const site = `/sites/${encodeURIComponent(siteId)}`;
  if (method === "POST" && pathname === "/publish") return { method: "POST", path: `${site}/publish` };
  if (method === "POST" && pathname === "/rollback") return { method: "POST", path: `${site}/rollback` };
  const one = /^\/publishes\/([A-Za-z0-9._-]{1,100})$/.exec(pathname);
  if (method === "GET" && one) return { method: "GET", path: `${site}/publishes/${one[1]}` };
  return null;
}

/**
 * A POST from another origin is refused: a page elsewhere must not make the editor publish. The
 * page's own fetches carry its Origin; curl and tests without one are the operator's.
 */
export function sameOrigin(req: http.IncomingMessage): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}

/** Forwards one call; the publisher's status and JSON body come back as they are. */
export async function forwardToPublisher(
  target: PublishTarget,
  route: { method: "GET" | "POST"; path: string },
): Promise<{ status: number; body: string }> {
  try {
    const response = await fetch(new URL(route.path, target.url), {
      method: route.method,
      headers: {
        Authorization: `Bearer ${target.token}`,
        ...(route.method === "POST" && { "Content-Type": "application/json" }),
      },
      ...(route.method === "POST" && { body: JSON.stringify({ reason: "Published from the site editor" }) }),
      signal: AbortSignal.timeout(10_000),
    });
    return { status: response.status, body: await response.text() };
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    const message = `The publisher at ${target.url} did not answer (${why})`;
    return { status: 502, body: JSON.stringify({ error: { code: "publisher_unreachable", message } }) };
  }
}
