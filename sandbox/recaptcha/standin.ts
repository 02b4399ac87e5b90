/**
 * A stand-in for Google reCAPTCHA v3 (brief §3: Google is unreachable here, so tests and
 * `npm start` point the site at this). It implements the part of the API the site uses:
 *
 * - `GET /__recaptcha/api.js?render={siteKey}`: defines `window.grecaptcha` with `ready`,
 *   `execute(siteKey, {action})` and `render`, like Google's script;
 * - `POST /__recaptcha/siteverify` (form: secret, response[, remoteip]): answers
 *   `{success, score, action, hostname, challenge_ts, error-codes}` like Google's siteverify.
 *
 * Tokens are readable on purpose (base64url JSON of site key, action, hostname, time): the
 * stand-in proves the wiring, not secrecy. A token verifies once, within two minutes, and, as with
 * Google, only with the secret of the site key that minted it: the stand-in's own key
 * (`sandbox-site-key`) pairs with its secret (`sandbox-recaptcha-secret`, or the one it is given),
 * and any other key K (a page's own key, spec §5) with `standInSecretFor(K)`, so a token verified
 * with another key's secret fails. `GET /__recaptcha/verifications` lists what was verified, for
 * tests. Imports nothing from src/.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { readText, send, sendJsonText } from "../http-helpers";

export const STANDIN_PREFIX = "/__recaptcha/";
export const DEFAULT_STANDIN_SECRET = "sandbox-recaptcha-secret";
/** The site key `npm start` and the browser tests build with (GATSBY_RECAPTCHA_SITE_KEY). */
export const DEFAULT_STANDIN_SITE_KEY = "sandbox-site-key";

/**
 * The secret the stand-in pairs with a site key other than its own (a page's `captchaSiteKey`):
 * what RECAPTCHA_PAGE_SECRETS lists for that key when the site runs against the stand-in.
 */
export function standInSecretFor(siteKey: string): string {
  return `sandbox-recaptcha-secret-for-${siteKey}`;
}

/** Google's tokens live two minutes. */
const TOKEN_LIFETIME_MS = 2 * 60 * 1000;
/** A site key containing this scores like a bot, so a deploy can try its threshold. */
const LOW_SCORE_MARK = "lowscore";

export interface Verification {
  readonly at: string;
  readonly success: boolean;
  readonly action: string;
  readonly hostname: string;
  readonly siteKey: string;
  readonly errorCodes: readonly string[];
}

export interface RecaptchaStandIn {
  /** Answers a request under /__recaptcha/; false when the path is not the stand-in's. */
  handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean>;
  readonly verifications: readonly Verification[];
}

interface TokenContent {
  readonly k: string;
  readonly a: string;
  readonly h: string;
  readonly t: number;
  readonly n: string;
}

// Runs in the browser. Mirrors the shape of Google's v3 API closely enough for
// react-google-recaptcha-v3: ready(cb), execute(key, {action}) → Promise<token>, render().
const API_JS = `(function () {
  function encode(value) {
    return btoa(unescape(encodeURIComponent(JSON.stringify(value)))).replace(/\\+/g, "-").replace(/\\//g, "_").replace(/=+$/, "");
  }
  function nonce() {
    var bytes = new Uint8Array(8);
    crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }
  var script = document.currentScript;
  var renderKey = script ? new URL(script.src).searchParams.get("render") || "" : "";
  var api = {
    ready: function (callback) { setTimeout(callback, 0); },
    render: function (_container, parameters) { if (parameters && parameters.sitekey) renderKey = parameters.sitekey; return 0; },
    execute: function (siteKey, options) {
      var key = typeof siteKey === "string" && siteKey ? siteKey : renderKey;
      var action = options && typeof options.action === "string" ? options.action : "";
      return Promise.resolve("standin." + encode({ k: key, a: action, h: location.hostname, t: Date.now(), n: nonce() }));
    }
  };
  api.enterprise = api;
  window.grecaptcha = api;
})();
`;

/** The token api.js would mint in a browser on `hostname` (tests use it to skip the browser). */
export function standInToken(content: {
  siteKey: string;
  action: string;
  hostname: string;
  at: Date;
  nonce: string;
}): string {
  const value: TokenContent = {
    k: content.siteKey,
    a: content.action,
    h: content.hostname,
    t: content.at.getTime(),
    n: content.nonce,
  };
  return `standin.${Buffer.from(JSON.stringify(value), "utf8").toString("base64url")}`;
}

function decodeToken(token: string): TokenContent | null {
  if (!token.startsWith("standin.")) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(token.slice("standin.".length), "base64url").toString("utf8"));
    if (typeof value !== "object" || value === null) return null;
    const { k, a, h, t, n } = value as Record<string, unknown>;
    if (
      typeof k !== "string" ||
      typeof a !== "string" ||
      typeof h !== "string" ||
      typeof t !== "number" ||
      typeof n !== "string"
    )
      return null;
    return { k, a, h, t, n };
  } catch {
    return null;
  }
}

export function createRecaptchaStandIn(
  options: { secret?: string; siteKey?: string; now?: () => Date } = {},
): RecaptchaStandIn {
  const secret = options.secret ?? DEFAULT_STANDIN_SECRET;
  const siteKey = options.siteKey ?? DEFAULT_STANDIN_SITE_KEY;
  const secretOf = (key: string): string => (key === siteKey ? secret : standInSecretFor(key));
  const now = options.now ?? (() => new Date());
  const used = new Set<string>();
  const verifications: Verification[] = [];

  function verify(form: URLSearchParams): Record<string, unknown> {
    const errors: string[] = [];
    const token = form.get("response") ?? "";
    const content = token ? decodeToken(token) : null;
    // Each key has its own secret: another key's (the deploy's, for a page key's token) fails.
    if (!form.get("secret")) errors.push("missing-input-secret");
    else if (content && form.get("secret") !== secretOf(content.k)) errors.push("invalid-input-secret");
    if (!token) errors.push("missing-input-response");
    else if (!content) errors.push("invalid-input-response");
    else if (used.has(content.n) || now().getTime() - content.t > TOKEN_LIFETIME_MS)
      errors.push("timeout-or-duplicate");
    const success = errors.length === 0 && content !== null;
    if (success) used.add(content.n);
    verifications.push({
      at: now().toISOString(),
      success,
      action: content?.a ?? "",
      hostname: content?.h ?? "",
      siteKey: content?.k ?? "",
      errorCodes: errors,
    });
    if (!success || !content) return { success: false, "error-codes": errors };
    return {
      success: true,
      score: content.k.includes(LOW_SCORE_MARK) ? 0.1 : 0.9,
      action: content.a,
      hostname: content.h,
      challenge_ts: new Date(content.t).toISOString(),
      "error-codes": [],
    };
  }

  return {
    verifications,
    async handle(req, res, url) {
      const route = url.pathname.slice(STANDIN_PREFIX.length);
      if (route === "api.js" && req.method === "GET") {
        req.resume();
        send(res, 200, "text/javascript; charset=utf-8", API_JS);
        return true;
      }
      if (route === "siteverify" && req.method === "POST") {
        sendJsonText(res, 200, verify(new URLSearchParams(await readText(req, 16 * 1024))));
        return true;
      }
      if (route === "verifications" && req.method === "GET") {
        req.resume();
        sendJsonText(res, 200, { verifications });
        return true;
      }
      return false;
    },
  };
}
