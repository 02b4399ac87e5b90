// POST /api/cypher (spec §7): reads the deploy settings and hands over to the framework-free
// proxy in src/server/cypher-proxy.ts, where every rule lives. The production server
// (src/server/http/) calls the same modules; hosted deploys run this Function.
import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import {
  handleCypherRequest,
  proxyError,
  type CypherProxyLogger,
  type CypherProxyResponse,
} from "../server/cypher-proxy";
import { cypherSettingsFrom } from "../server/cypher-settings";
import { serverEnv } from "../server/env";
import { apiHeaders } from "../server/http/headers";
import { crossSiteRefusal, requestOrigins } from "../server/http/same-origin";
import { siteOriginFor } from "../server/reset-link";
import { readServerSiteSettings } from "../server/site-settings";

// No `export const config` (bodyParser limits) here: Gatsby's file parser takes any `config`
// export under src/ for a page config and then builds rendering engines for the whole site,
// which fail validation on sharp's native module. Gatsby's default body limits (100 kB) stand;
// the proxy caps the payload itself.

const logger: CypherProxyLogger = {
  warn: (message) => console.warn(message),
  error: (message) => console.error(message),
};

const loggedOnce = new Set<string>();
function logOnce(key: string, message: string): void {
  if (loggedOnce.has(key)) return;
  loggedOnce.add(key);
  console.warn(message);
}

/** settings.domain for the captcha hostname check and the same-origin rule; without the build's settings file, none. */
function siteDomain(): string | undefined {
  try {
    return readServerSiteSettings().domain;
  } catch (error) {
    logOnce("settings", `loyalty proxy: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
}

const isHttps = (req: GatsbyFunctionRequest): boolean =>
  req.headers["x-forwarded-proto"] === "https" || (req.socket as { encrypted?: boolean }).encrypted === true;

function send(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse, result: CypherProxyResponse): void {
  const https = isHttps(req);
  res.status(result.status);
  for (const [name, value] of Object.entries({ ...apiHeaders({ https }), ...result.headers }))
    res.setHeader(name, value);
  res.end(Buffer.isBuffer(result.body) ? result.body : JSON.stringify(result.body));
}

export default async function handler(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse): Promise<void> {
  // Cross-site callers are refused before anything else, as by the production server.
  const refusal = crossSiteRefusal(req.headers, requestOrigins(req.headers, siteDomain()));
  if (refusal) {
    send(req, res, refusal);
    return;
  }
  const settings = cypherSettingsFrom(serverEnv(), siteDomain, logger);
  if (!settings.ok) {
    logOnce("config", `loyalty proxy: ${settings.problem}; member calls answer 503`);
    send(req, res, proxyError("loyalty_not_configured", "the member service is not configured"));
    return;
  }
  // multer accepts any file field; member calls never upload one.
  const files: unknown = (req as { files?: unknown }).files;
  if (Array.isArray(files) && files.length > 0) {
    send(req, res, proxyError("bad_request", "member calls carry no files"));
    return;
  }
  const ip: unknown = (req as { ip?: unknown }).ip;
  try {
    const result = await handleCypherRequest(
      {
        method: req.method ?? "",
        headers: req.headers,
        body: req.body,
        ip: typeof ip === "string" ? ip : req.socket?.remoteAddress,
        secure: isHttps(req),
      },
      {
        ...settings.deps,
        // A hosted Function is reached over the network: its reset links are on the site's domain only.
        siteOrigin: siteOriginFor(siteDomain(), req.headers.host, isHttps(req), { followLoopbackHost: false }),
      },
    );
    send(req, res, result);
  } catch (error) {
    // A bug here must not answer with Gatsby's error page (which can carry the message in develop).
    logger.error(
      `loyalty proxy: unexpected failure (${error instanceof Error ? (error.stack ?? error.message) : String(error)})`,
    );
    send(req, res, proxyError("internal_error", "the member call failed"));
  }
}
