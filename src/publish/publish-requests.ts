// What the publish API reads of a request, and nothing else (issue 47): a site id that names a
// folder of SITE_CONFIG_DIR, a publish id, and a body of at most one field. Each refusal says
// which status it is and why, without quoting what was sent.
import { readdirSync } from "node:fs";
import { z } from "zod";
import { SITE_ID } from "../config/load";
import { RELEASE_ID } from "../server/http/site-releases";

/** A build hook's body is a reason at most; anything bigger is not one (413). */
export const MAX_BODY_BYTES = 16 * 1024;
export const MAX_REASON_CHARS = 500;
const MAX_SITE_ID_CHARS = 64;

export interface Refusal {
  readonly status: 400 | 404;
  readonly code: string;
  readonly message: string;
}
export type Read<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly refusal: Refusal };

const refuse = (status: Refusal["status"], code: string, message: string): Read<never> => ({
  ok: false,
  refusal: { status, code, message },
});

const siteIdSchema = z.string().max(MAX_SITE_ID_CHARS).regex(SITE_ID);

/** The site a path names: 400 when it cannot be a site id, 404 when no such site folder exists. */
export function readSiteId(value: unknown, knownSites: ReadonlySet<string>): Read<string> {
  const parsed = siteIdSchema.safeParse(value);
  if (!parsed.success) return refuse(400, "bad_site_id", "A site id is lowercase letters, digits and '-'.");
  if (!knownSites.has(parsed.data)) return refuse(404, "unknown_site", "No such site.");
  return { ok: true, value: parsed.data };
}

export function readPublishId(value: unknown): Read<string> {
  return typeof value === "string" && RELEASE_ID.test(value)
    ? { ok: true, value }
    : refuse(400, "bad_publish_id", "A publish id is as the publish answered it.");
}

const publishBodySchema = z.strictObject({
  reason: z.string().trim().min(1).max(MAX_REASON_CHARS).optional(),
});
export type PublishBody = z.infer<typeof publishBodySchema>;

/** A publish's body: none, or `{ "reason": "…" }` for the log. */
export function readPublishBody(body: unknown): Read<PublishBody> {
  if (body === undefined || body === null) return { ok: true, value: {} };
  const parsed = publishBodySchema.safeParse(body);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0];
  if (issue?.code === "unrecognized_keys") return refuse(400, "unknown_field", 'The body takes "reason" only.');
  if (issue?.code === "too_big")
    return refuse(400, "reason_too_long", `A reason is at most ${MAX_REASON_CHARS} characters.`);
  return refuse(400, "bad_body", 'The body is { "reason": "…" } (a non-empty text), or nothing.');
}

/** The sites there are: the folders of SITE_CONFIG_DIR named as site ids (read per request: a new site needs no restart). */
export function siteFoldersOf(configRoot: string): ReadonlySet<string> {
  try {
    return new Set(
      readdirSync(configRoot, { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && SITE_ID.test(entry.name))
        .map((entry) => entry.name),
    );
  } catch {
    return new Set();
  }
}
