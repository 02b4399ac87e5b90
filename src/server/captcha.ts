// Server-side reCAPTCHA v3 check for the member calls that carry a token (spec §5 "Captcha"). The
// browser's token proves nothing until Google's siteverify says it is fresh, for our site, for
// the action the route expects, and from something that scored as human enough.
import { z } from "zod";
import type { CaptchaAction } from "../member/provider/routes";

export const DEFAULT_RECAPTCHA_VERIFY_URL = "https://www.google.com/recaptcha/api/siteverify";
export const DEFAULT_RECAPTCHA_MIN_SCORE = 0.5;
export const DEFAULT_RECAPTCHA_TIMEOUT_MS = 5000;
/** Tokens are about 2 KB; anything much longer is not one. */
const MAX_TOKEN_LENGTH = 4096;

export interface CaptchaCheck {
  readonly token: string | undefined;
  readonly expectedAction: CaptchaAction;
  readonly remoteIp?: string | undefined;
}

export interface CaptchaSettings {
  readonly secret: string;
  readonly minScore?: number;
  /** settings.domain, or the deploy's RECAPTCHA_HOSTNAME list; when absent the hostname Google reports is not compared. */
  readonly expectedHostname?: string | readonly string[] | undefined;
  readonly fetchImpl?: typeof fetch;
  /** Deploy setting RECAPTCHA_VERIFY_URL (a local stand-in in tests and `npm start`). */
  readonly verifyUrl?: string;
  readonly timeoutMs?: number;
}

export type CaptchaFailureReason =
  "missing_token" | "unreachable" | "bad_response" | "not_success" | "wrong_action" | "low_score" | "wrong_hostname";

export type CaptchaResult =
  | { readonly ok: true; readonly score: number }
  | { readonly ok: false; readonly reason: CaptchaFailureReason; readonly detail: string };

// https://developers.google.com/recaptcha/docs/v3#site_verify_response
const siteverifySchema = z.object({
  success: z.boolean(),
  score: z.number().optional(),
  action: z.string().optional(),
  hostname: z.string().optional(),
  "error-codes": z.array(z.string()).optional(),
});

const fail = (reason: CaptchaFailureReason, detail: string): CaptchaResult => ({ ok: false, reason, detail });

export async function verifyCaptcha(check: CaptchaCheck, settings: CaptchaSettings): Promise<CaptchaResult> {
  const token = check.token?.trim();
  if (!token) return fail("missing_token", "no g-recaptcha-response in the request");
  if (token.length > MAX_TOKEN_LENGTH) return fail("missing_token", "the captcha token is implausibly long");

  const form = new URLSearchParams({ secret: settings.secret, response: token });
  if (check.remoteIp) form.set("remoteip", check.remoteIp);

  const fetchImpl = settings.fetchImpl ?? fetch;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), settings.timeoutMs ?? DEFAULT_RECAPTCHA_TIMEOUT_MS);
  let text: string;
  try {
    const response = await fetchImpl(settings.verifyUrl ?? DEFAULT_RECAPTCHA_VERIFY_URL, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      body: form.toString(),
      signal: controller.signal,
    });
    if (!response.ok) return fail("unreachable", `siteverify answered HTTP ${response.status}`);
    text = await response.text();
  } catch (error) {
    if (controller.signal.aborted) return fail("unreachable", "siteverify timed out");
    return fail(
      "unreachable",
      `siteverify cannot be reached (${error instanceof Error ? error.message : String(error)})`,
    );
  } finally {
    clearTimeout(timer);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return fail("bad_response", "siteverify answered something other than JSON");
  }

  const parsed = siteverifySchema.safeParse(body);
  if (!parsed.success) return fail("bad_response", "siteverify's answer does not have the documented shape");
  const answer = parsed.data;
  if (!answer.success)
    return fail(
      "not_success",
      `siteverify refused the token (${(answer["error-codes"] ?? []).join(", ") || "no reason given"})`,
    );
  // A v3 answer always names the action; a token minted for another action (or by v2) is refused.
  if (answer.action !== check.expectedAction)
    return fail("wrong_action", `expected action "${check.expectedAction}", got "${answer.action ?? ""}"`);
  const minScore = settings.minScore ?? DEFAULT_RECAPTCHA_MIN_SCORE;
  if (answer.score === undefined || answer.score < minScore)
    return fail("low_score", `score ${answer.score ?? "missing"} is below ${minScore}`);
  const hostnames = (
    typeof settings.expectedHostname === "string" ? [settings.expectedHostname] : (settings.expectedHostname ?? [])
  ).map((h) => h.toLowerCase());
  if (hostnames.length > 0 && !hostnames.includes(answer.hostname?.toLowerCase() ?? "")) {
    return fail(
      "wrong_hostname",
      `token issued on "${answer.hostname ?? ""}", expected ${hostnames.map((h) => `"${h}"`).join(" or ")}`,
    );
  }
  return { ok: true, score: answer.score };
}
