// The deploy settings of /api/cypher (CYPHER_API_URL, LOYALTY_BRAND, CYPHER_TIMEOUT_MS,
// RECAPTCHA_*, RECAPTCHA_OFF, RECAPTCHA_PAGE_SECRETS), read the same way by the Gatsby Function
// (src/api/cypher.ts) and the production server (src/server/http/cypher-route.ts).
import { CAPTCHA_SITE_KEY_PATTERN, DEFAULT_LOYALTY_BRAND, isLoyaltyBrand } from "../member/provider/routes";
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

/** A secret of RECAPTCHA_PAGE_SECRETS: printable ASCII, no space and no comma (the list's separator). */
const PAGE_SECRET_PATTERN = /^[\x21-\x2b\x2d-\x7e]{1,256}$/;

export type PageSecrets =
  | { readonly ok: true; readonly secrets: ReadonlyMap<string, string> }
  | { readonly ok: false; readonly problem: string };

let lastPageSecrets: { readonly text: string | undefined; readonly result: PageSecrets } | undefined;

/**
 * RECAPTCHA_PAGE_SECRETS: `siteKey=secret` pairs (comma list), the secret of each page's own
 * reCAPTCHA key (pages.json `captchaSiteKey`, spec §5): a token minted with a page key verifies only
 * with that key's secret. Unset or blank: none. A pair that cannot be used is a problem naming the
 * setting and the pair's position, never its text (a pair written the wrong way round puts a
 * secret where the key goes). Read per member call, so the last list's answer is kept.
 */
export function pageSecretsFrom(text: string | undefined): PageSecrets {
  if (lastPageSecrets && lastPageSecrets.text === text) return lastPageSecrets.result;
  const result = parsePageSecrets(text);
  lastPageSecrets = { text, result };
  return result;
}

function parsePageSecrets(text: string | undefined): PageSecrets {
  const secrets = new Map<string, string>();
  const positionOf = new Map<string, number>();
  const problem = (what: string): PageSecrets => ({ ok: false, problem: `RECAPTCHA_PAGE_SECRETS: ${what}` });
  const pairs = (text ?? "").split(",").map((pair) => pair.trim());
  for (const [index, pair] of pairs.entries()) {
    if (pair === "") continue;
    const position = index + 1;
    const equals = pair.indexOf("=");
    if (equals < 0) return problem(`pair ${position} is not siteKey=secret`);
    const key = pair.slice(0, equals).trim();
    const secret = pair.slice(equals + 1).trim();
    if (!CAPTCHA_SITE_KEY_PATTERN.test(key))
      return problem(
        `pair ${position} does not start with a reCAPTCHA site key (10 to 100 letters, digits, '-' and '_', then '=')`,
      );
    if (!PAGE_SECRET_PATTERN.test(secret))
      return problem(`pair ${position} has no usable secret after '=' (printable, without spaces or commas)`);
    const earlier = positionOf.get(key);
    if (earlier !== undefined) return problem(`pairs ${earlier} and ${position} give a secret for the same site key`);
    positionOf.set(key, position);
    secrets.set(key, secret);
  }
  return { ok: true, secrets };
}

/**
 * Whether captcha tokens are checked: with RECAPTCHA_SECRET, yes; without it, only when the deploy
 * says so explicitly (RECAPTCHA_OFF=true, a sandbox or a site without captcha). A deploy that
 * merely forgot the secret must not run login and gift-card checks unprotected.
 */
export type CaptchaDecision =
  { readonly ok: true; readonly mode: "verified" | "off" } | { readonly ok: false; readonly problem: string };

export function captchaDecision(env: Env): CaptchaDecision {
  // Checked whatever the mode: a list the deploy wrote but that cannot be read is a mistake to stop on.
  const pages = pageSecretsFrom(env.RECAPTCHA_PAGE_SECRETS);
  if (!pages.ok) return pages;
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
  const pageSecrets = pageSecretsFrom(env.RECAPTCHA_PAGE_SECRETS);
  return {
    ok: true,
    deps: {
      upstreamUrl,
      brand: brand.brand,
      timeoutMs: positiveNumber(env.CYPHER_TIMEOUT_MS, DEFAULT_UPSTREAM_TIMEOUT_MS),
      captcha: {
        secret,
        ...(secret ? { expectedHostname: hostnamesFrom(env.RECAPTCHA_HOSTNAME) ?? siteDomain() } : {}),
        ...(secret && pageSecrets.ok && pageSecrets.secrets.size > 0 ? { pageSecrets: pageSecrets.secrets } : {}),
        ...(env.RECAPTCHA_MIN_SCORE ? { minScore: score(env.RECAPTCHA_MIN_SCORE, DEFAULT_RECAPTCHA_MIN_SCORE) } : {}),
        ...(env.RECAPTCHA_VERIFY_URL ? { verifyUrl: env.RECAPTCHA_VERIFY_URL } : {}),
      },
      logger,
    },
  };
}
