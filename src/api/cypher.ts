// POST /api/cypher (spec §7): reads the deploy settings and hands over to the framework-free
// proxy in src/server/cypher-proxy.ts, where every rule lives.
import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import { DEFAULT_LOYALTY_BRAND, isLoyaltyBrand } from "../loyalty/routes";
import {
  DEFAULT_UPSTREAM_TIMEOUT_MS,
  handleCypherRequest,
  proxyError,
  type CypherProxyLogger,
  type CypherProxyResponse,
} from "../server/cypher-proxy";
import { DEFAULT_RECAPTCHA_MIN_SCORE } from "../server/captcha";
import { serverEnv } from "../server/env";
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

function positiveNumber(text: string | undefined, fallback: number): number {
  const value = Number(text);
  return text && Number.isFinite(value) && value > 0 ? value : fallback;
}

/** reCAPTCHA scores run from 0 to 1; 0 accepts every token Google vouches for. */
function score(text: string | undefined, fallback: number): number {
  const value = Number(text);
  return text && Number.isFinite(value) && value >= 0 && value <= 1 ? value : fallback;
}

/** settings.domain for the captcha hostname check; without the build's settings file, no check. */
function expectedHostname(): string | undefined {
  try {
    return readServerSiteSettings().domain;
  } catch (error) {
    logOnce(
      "settings",
      `loyalty proxy: captcha hostname not checked (${error instanceof Error ? error.message : String(error)})`,
    );
    return undefined;
  }
}

/**
 * RECAPTCHA_HOSTNAME (comma list): the hosts the pages are really served from when that is not
 * settings.domain — a staging host, or localhost and 127.0.0.1 under `npm start`.
 */
function hostnamesFrom(text: string | undefined): string[] | undefined {
  const list = (text ?? "")
    .split(",")
    .map((h) => h.trim())
    .filter(Boolean);
  return list.length > 0 ? list : undefined;
}

function send(res: GatsbyFunctionResponse, result: CypherProxyResponse): void {
  res.status(result.status);
  for (const [name, value] of Object.entries(result.headers)) res.setHeader(name, value);
  res.end(Buffer.isBuffer(result.body) ? result.body : JSON.stringify(result.body));
}

export default async function handler(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse): Promise<void> {
  const env = serverEnv();
  const upstreamUrl = env.CYPHER_API_URL?.trim();
  const brand = env.LOYALTY_BRAND?.trim() || DEFAULT_LOYALTY_BRAND;
  if (!upstreamUrl || !isLoyaltyBrand(brand)) {
    logOnce(
      "config",
      `loyalty proxy: ${!upstreamUrl ? "CYPHER_API_URL is not set" : "LOYALTY_BRAND is not a plain name"}; member calls answer 503`,
    );
    send(res, proxyError("loyalty_not_configured", "the member service is not configured"));
    return;
  }
  // multer accepts any file field; member calls never upload one.
  const files: unknown = (req as { files?: unknown }).files;
  if (Array.isArray(files) && files.length > 0) {
    send(res, proxyError("bad_request", "member calls carry no files"));
    return;
  }
  const secret = env.RECAPTCHA_SECRET?.trim() || undefined;
  const ip: unknown = (req as { ip?: unknown }).ip;
  try {
    const result = await handleCypherRequest(
      {
        method: req.method ?? "",
        headers: req.headers,
        body: req.body,
        ip: typeof ip === "string" ? ip : req.socket?.remoteAddress,
      },
      {
        upstreamUrl,
        brand,
        timeoutMs: positiveNumber(env.CYPHER_TIMEOUT_MS, DEFAULT_UPSTREAM_TIMEOUT_MS),
        captcha: {
          secret,
          ...(secret ? { expectedHostname: hostnamesFrom(env.RECAPTCHA_HOSTNAME) ?? expectedHostname() } : {}),
          ...(env.RECAPTCHA_MIN_SCORE ? { minScore: score(env.RECAPTCHA_MIN_SCORE, DEFAULT_RECAPTCHA_MIN_SCORE) } : {}),
          ...(env.RECAPTCHA_VERIFY_URL ? { verifyUrl: env.RECAPTCHA_VERIFY_URL } : {}),
        },
        logger,
      },
    );
    send(res, result);
  } catch (error) {
    // A bug here must not answer with Gatsby's error page (which can carry the message in develop).
    logger.error(
      `loyalty proxy: unexpected failure (${error instanceof Error ? (error.stack ?? error.message) : String(error)})`,
    );
    send(res, proxyError("internal_error", "the member call failed"));
  }
}
