/**
 * Sandbox site editor: a stand-in for the site-builder editor of spec §1/§4/§7, on its own
 * origin, so the live preview protocol can be tried (and tested) without the real editor. It
 * frames the site, shows what the site posts to it and posts the seven message types. Imports
 * nothing from src/.
 *
 *   npx tsx sandbox/site-editor/server.ts      (EDITOR_PORT, EDITOR_HOST, EDITOR_SITE_URL,
 *                                               PUBLISH_URL, PUBLISH_TOKEN, EDITOR_SITE_ID)
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { runAsScript, stopOnSignals } from "../script-entry";
import { BLANK_PAGE, editorPage } from "./page";
import { forwardToPublisher, publisherRoute, sameOrigin, type PublishTarget } from "./publish-forward";

export const DEFAULT_EDITOR_PORT = 9420;
export const DEFAULT_EDITOR_HOST = "127.0.0.1";

export type SiteEditorOptions = {
  /** The page the editor frames unless `?site=` says otherwise, e.g. "http://localhost:9000/cms-preview/". */
  siteUrl: string;
  /** The publisher its Publish button calls (issue 47); without one the button says it is not set up. */
  publish?: PublishTarget | undefined;
};

/** An absolute http(s) URL, or null. */
export function siteUrlFrom(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

function send(res: http.ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, {
    "Content-Type": type,
    "Content-Length": Buffer.byteLength(body),
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    // The page's own inline script and style; it frames and opens any http(s) site, and fetches its
    // own origin only (the Publish button's calls, forwarded to the publisher).
    "Content-Security-Policy":
      "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; frame-src http: https:; form-action 'none'",
  });
  res.end(body);
}

/** A refusal in the publisher's own shape, so the page reads both alike. */
function refuse(res: http.ServerResponse, status: number, code: string, message: string): void {
  send(res, status, "application/json", JSON.stringify({ error: { code, message } }));
}

export function createSiteEditor(options: SiteEditorOptions): http.Server {
  const defaultSite = siteUrlFrom(options.siteUrl);
  if (!defaultSite) throw new TypeError(`siteUrl must be an absolute http(s) URL, got "${options.siteUrl}"`);
  const { publish } = options;
  return http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://editor.invalid");
    const route = publisherRoute(req.method ?? "GET", url.pathname, publish?.siteId ?? "");
    if (route) {
      if (!publish) return refuse(res, 503, "no_publisher", "No publisher is set up (PUBLISH_URL, PUBLISH_TOKEN)");
      if (!sameOrigin(req)) return refuse(res, 403, "cross_origin", "Not from this editor");
      req.resume();
      void forwardToPublisher(publish, route).then(({ status, body }) => send(res, status, "application/json", body));
      return;
    }
    if (req.method !== "GET" && req.method !== "HEAD") return send(res, 405, "text/plain; charset=utf-8", "GET only\n");
    if (url.pathname === "/health") return send(res, 200, "application/json", '{"ok":true}');
    if (url.pathname === "/blank") return send(res, 200, "text/html; charset=utf-8", BLANK_PAGE);
    if (url.pathname !== "/") return send(res, 404, "text/plain; charset=utf-8", "Not found\n");
    const site = siteUrlFrom(url.searchParams.get("site")) ?? defaultSite;
    send(res, 200, "text/html; charset=utf-8", editorPage(site, publish ? { siteId: publish.siteId } : null));
  });
}

export function listen(server: http.Server, port: number, host: string): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      const address = server.address() as AddressInfo;
      resolve(`http://${address.family === "IPv6" ? `[${address.address}]` : address.address}:${address.port}`);
    });
  });
}

async function main(): Promise<void> {
  const port = Number(process.env.EDITOR_PORT ?? DEFAULT_EDITOR_PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`EDITOR_PORT is not a port: ${process.env.EDITOR_PORT}`);
  const host = process.env.EDITOR_HOST || DEFAULT_EDITOR_HOST;
  const siteUrl = process.env.EDITOR_SITE_URL || `http://localhost:${process.env.PORT || 9000}/cms-preview/`;
  const publishToken = process.env.PUBLISH_TOKEN;
  const publish = publishToken
    ? {
        // localhost, as the publisher binds it by default (PUBLISH_HOST).
        url: process.env.PUBLISH_URL || `http://localhost:${process.env.PUBLISH_PORT || 9430}`,
        token: publishToken,
        siteId: process.env.EDITOR_SITE_ID || "lumiere",
      }
    : undefined;
  const server = createSiteEditor({ siteUrl, publish });
  const url = await listen(server, port, host);
  const shown = url.replace("127.0.0.1", "localhost");
  console.log(
    `Site editor sandbox on ${shown}, framing ${siteUrl} (the site must be built with EDITOR_ORIGINS=${shown})` +
      (publish ? `; Publish sends "${publish.siteId}" to ${publish.url}` : "; no PUBLISH_TOKEN: no Publish button"),
  );
  const stop = (): void => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  };
  stopOnSignals(stop);
}

runAsScript(/site-editor[\\/]server\.[cm]?[jt]s$/, main);
