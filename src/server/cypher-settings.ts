// The deploy settings of /api/cypher (CYPHER_API_URL, LOYALTY_BRAND, CYPHER_TIMEOUT_MS,
// RECAPTCHA_*, RECAPTCHA_OFF), read the same way by the Gatsby Function (src/api/cypher.ts) and the production
// server (src/server/http/cypher-route.ts).
import { DEFAULT_LOYALTY_BRAND, isLoyaltyBrand } from "../loyalty/routes";
import { DEFAULT_RECAPTCHA_MIN_SCORE } from "./captcha";
import { DEFAULT_UPSTREAM_TIMEOUT_MS, type CypherProxyDeps, type CypherProxyLogger } from "./cypher-proxy";

type Env = Readonly<Record<string, string | undefined>>;

export function positiveNumber(text: string | undefined, fallback: number): number {
  const value = Number(text);
  return text && Number.isFinite(value) && value > 0 ? value : fallback;
}

/** reCAPTCHA scores run from 0 to 1; 0 accepts every token Google vouches for. */
function score(text: string | undefined, fallback: number): number {
  const value = Number(text);
  return text && Number.isFinite(value) && value >= 0 && value <= 1 ? value : fallback;
}

/**
 * RECAPTCHA_HOSTNAME (comma list): the hosts the pages are really served from when that is not
 * settings.domain — a staging host, or localhost and 127.0.0.1 under `npm start`.
 */
export function hostnamesFrom(text: string | undefined): string[] | undefined {
  const list = (text ?? "")
    .split(",")
    .map((h) => h.trim())
    .filter(Boolean);
  return list.length > 0 ? list : undefined;
}

/**
 * Whether captcha tokens are checked: with RECAPTCHA_SECRET, yes; without it, only when the deploy
 * says so explicitly (RECAPTCHA_OFF=true, a sandbox or a site without captcha). A deploy that
 * merely forgot the secret must not run login and gift-card checks unprotected.
 */
export type CaptchaDecision =
  { readonly ok: true; readonly mode: "verified" | "off" } | { readonly ok: false; readonly problem: string };

export function captchaDecision(env: Env): CaptchaDecision {
  if (env.RECAPTCHA_SECRET?.trim()) return { ok: true, mode: "verified" };
  if (env.RECAPTCHA_OFF?.trim().toLowerCase() === "true") return { ok: true, mode: "off" };
  return {
    ok: false,
    problem:
      "RECAPTCHA_SECRET is not set: set it, or set RECAPTCHA_OFF=true to run member calls without a captcha check",
  };
}

/**
 * LOYALTY_BRAND, the `{brand}` of the loyalty headers and query keys (`Cypher-Session-Token`,
 * `CypherCircuitId`): unset, the default; a value that cannot go into a header name or a query key
 * is a problem that names it (the production server stops its start on it, the Function answers 503).
 */
export function loyaltyBrandFrom(
  text: string | undefined,
): { readonly ok: true; readonly brand: string } | { readonly ok: false; readonly problem: string } {
  const brand = text?.trim() || DEFAULT_LOYALTY_BRAND;
  if (isLoyaltyBrand(brand)) return { ok: true, brand };
  return {
    ok: false,
    problem: `LOYALTY_BRAND: "${brand}" is not a brand name (up to 32 letters and digits, starting with a letter, e.g. "${DEFAULT_LOYALTY_BRAND}")`,
  };
}

export type CypherSettings =
  { readonly ok: true; readonly deps: CypherProxyDeps } | { readonly ok: false; readonly problem: string };

/**
 * The proxy's dependencies for one request, or why member calls cannot run (answered 503).
 * `siteDomain` is settings.domain of the site served, for the captcha's hostname check (a
 * function: the Function reads it only when a secret is set, and may fail to).
 */
export function cypherSettingsFrom(
  env: Env,
  siteDomain: () => string | undefined,
  logger: CypherProxyLogger,
): CypherSettings {
  const upstreamUrl = env.CYPHER_API_URL?.trim();
  if (!upstreamUrl) return { ok: false, problem: "CYPHER_API_URL is not set" };
  const brand = loyaltyBrandFrom(env.LOYALTY_BRAND);
  if (!brand.ok) return brand;
  const captcha = captchaDecision(env);
  if (!captcha.ok) return { ok: false, problem: captcha.problem };
  const secret = env.RECAPTCHA_SECRET?.trim() || undefined;
  return {
    ok: true,
    deps: {
      upstreamUrl,
      brand: brand.brand,
      timeoutMs: positiveNumber(env.CYPHER_TIMEOUT_MS, DEFAULT_UPSTREAM_TIMEOUT_MS),
      captcha: {
        secret,
        ...(secret ? { expectedHostname: hostnamesFrom(env.RECAPTCHA_HOSTNAME) ?? siteDomain() } : {}),
        ...(env.RECAPTCHA_MIN_SCORE ? { minScore: score(env.RECAPTCHA_MIN_SCORE, DEFAULT_RECAPTCHA_MIN_SCORE) } : {}),
        ...(env.RECAPTCHA_VERIFY_URL ? { verifyUrl: env.RECAPTCHA_VERIFY_URL } : {}),
      },
      logger,
    },
  };
}
