import { z } from "zod";
import { resolveLink, type LinkEnvironment } from "../links/rules";
import { SITE_ASSETS_PATH } from "../lib/paths";

/** `#rgb` or `#rrggbb`; operators paste colours from design tools, so both lengths are accepted. */
export const hexColour = z
  .string()
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, { message: 'expected a hex colour such as "#1a2b3c"' });

/** A calendar date with no time zone, as operators write release dates. */
export const isoDate = z.iso.date({ message: 'expected a date written "YYYY-MM-DD"' });

/** A page slug: lowercase words separated by "-" or "/", no leading or trailing slash. Empty means "not set". */
export const slug = z.string().regex(/^(?:[a-z0-9]+(?:[-/][a-z0-9]+)*)?$/, {
  message: 'expected a slug of lowercase letters, digits, "-" and "/" with no leading or trailing "/"',
});

/** An absolute http(s) URL. Other schemes (javascript:, data:) are refused at the config boundary. */
export const httpUrl = z.url({ protocol: /^https?$/, message: "expected an absolute http:// or https:// URL" });

/** A file of the site's assets folder as published: "/site-assets/posters/a.svg", never outside it. */
const ASSET_PATH = new RegExp(`^${SITE_ASSETS_PATH}(?:[A-Za-z0-9_-][A-Za-z0-9._-]*/)*[A-Za-z0-9_-][A-Za-z0-9._-]*$`);

/** An image: a file of the site's assets folder (load.ts checks that it is there) or an http(s) URL. */
export const imageSrc = z.string().refine((src) => ASSET_PATH.test(src) || httpUrl.safeParse(src).success, {
  message: `expected an http(s) URL or "${SITE_ASSETS_PATH}<file of the site's assets folder>", named with letters, digits, ".", "-", "_" and "/"`,
});

/** An IANA time zone name that this Node's Intl knows, so formatting cannot throw at run time. */
export const timeZone = z.string().refine(
  (tz) => {
    try {
      new Intl.DateTimeFormat("en-US", { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  },
  { message: 'expected an IANA time zone such as "Europe/Paris" or "UTC"' },
);

export const countrySchema = z.strictObject({
  code: z.string().regex(/^[A-Z]{2}$/, { message: 'expected a two-letter country code such as "FR"' }),
  iso31661A2: z.string().regex(/^[A-Z]{2}$/, { message: "expected an ISO 3166-1 alpha-2 code" }),
  iso31661A3: z.string().regex(/^[A-Z]{3}$/, { message: "expected an ISO 3166-1 alpha-3 code" }),
});
export type Country = z.infer<typeof countrySchema>;

export const roundnessSchema = z.enum(["NONE", "MEDIUM", "HIGH"]);

// Bounds on what operators type: a title of 5,000 characters or a logo 1e9 pixels wide is a
// mistake, and the build says so (file › field) instead of building pages that cannot be served.
const atMost = (max: number) => ({ message: `expected at most ${max} characters` });

/** A title or name shown as a heading: 1 to 200 characters. */
export const titleText = z.string().min(1).max(200, atMost(200));
/** A button or link label: 1 to 100 characters. */
export const labelText = z.string().min(1).max(100, atMost(100));
/** Free text of at most `max` characters. */
export const boundedText = (max: number) => z.string().max(max, atMost(max));
/** A whole number from `min` to `max` (the message names the range). */
export const boundedInt = (min: number, max: number) =>
  z
    .number()
    .int({ message: "expected a whole number" })
    .min(min, { message: `expected a number from ${min} to ${max}` })
    .max(max, { message: `expected a number from ${min} to ${max}` });

// What a link target is checked against: no member, no query, a ticketing service no target can
// name. Only the target's form matters here; the page decides the rest when it renders.
const CHECK_ENVIRONMENT: LinkEnvironment = {
  hosts: {},
  currentSearch: "",
  ticketing: { url: "https://ticketing.invalid", tokenParam: "token", extendedJourneys: false, postProtocol: false },
  embeddingMode: "none",
  sessionToken: null,
};

const LINK_FORMS = 'expected a site path such as "/films/", an http(s) URL, an e-mail address or "#anchor"';

/**
 * A link target an operator writes (spec §2/§5): the forms the link rules accept. A target the
 * rules would render as a dead link ("javascript:…", "htps://…", "films" with no "/") is a typing
 * mistake, refused here rather than shipped. An empty target is a deliberate non-link (spec §2
 * "Empty targets") and kept.
 */
export const linkTarget = z
  .string()
  .refine((to) => to.trim() === "" || resolveLink(to, CHECK_ENVIRONMENT).kind !== "disabled", { message: LINK_FORMS });

/** Where a redirect leads: a link target that cannot be empty. */
export const redirectTarget = z.string().refine((to) => resolveLink(to, CHECK_ENVIRONMENT).kind !== "disabled", {
  message: LINK_FORMS,
});
