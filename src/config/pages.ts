import { z } from "zod";
import { boundedInt, boundedText, labelText, linkTarget, slug, titleText } from "./common";

const linkSchema = z.strictObject({
  label: labelText,
  /** A site path, an absolute URL, an e-mail address, "#fragment" or a special target. */
  to: linkTarget,
  target: z.string().optional(),
});
export type NavLink = z.infer<typeof linkSchema>;

/** Lets a "#fragment" link point at a block (spec §2 fragments move focus there). */
const anchor = z
  .string()
  .regex(/^[a-z][a-z0-9-]*$/, { message: "expected an anchor of lowercase letters, digits and '-'" })
  .optional();

const blockSchema = z.discriminatedUnion("type", [
  z.strictObject({
    type: z.literal("hero"),
    title: titleText,
    text: boundedText(2000).default(""),
    link: linkSchema.optional(),
  }),
  z.strictObject({
    type: z.literal("text"),
    anchor,
    title: titleText.optional(),
    /** Paragraphs separated by blank lines; no HTML, so content cannot inject markup. */
    body: boundedText(20_000),
    links: z.array(linkSchema).default([]),
  }),
  z.strictObject({
    type: z.literal("films"),
    anchor,
    title: titleText.optional(),
    /** Which part of the programme to list. */
    selection: z.enum(["nowShowing", "comingSoon", "all"]).default("nowShowing"),
    limit: boundedInt(1, 200).optional(),
  }),
  z.strictObject({ type: z.literal("theaters"), anchor, title: titleText.optional() }),
]);
export type ContentBlock = z.infer<typeof blockSchema>;

export const pageSchema = z.strictObject({
  id: z.string().min(1),
  /** "" is the home page. */
  slug,
  title: titleText,
  description: boundedText(500).default(""),
  blocks: z.array(blockSchema).default([]),
  /** Shown only when betaFeaturesEnabled (spec §6 beta viewer). */
  beta: z.boolean().default(false),
  /** reCAPTCHA v3 site key for this page instead of the deploy's (spec §5: the key may change per page). */
  captchaSiteKey: z
    .string()
    .regex(/^[A-Za-z0-9_-]{10,100}$/, { message: "expected a reCAPTCHA site key (letters, digits, '-' and '_')" })
    .optional(),
});
export type PageConfig = z.infer<typeof pageSchema>;

/** pages.json: the site's generic pages (home included) and its navigation. */
export const pagesFileSchema = z.strictObject({
  pages: z.array(pageSchema).min(1),
  navigation: z.strictObject({
    header: z.array(linkSchema).default([]),
    footer: z.array(z.strictObject({ title: titleText, links: z.array(linkSchema).min(1) })).default([]),
  }),
});
export type PagesFile = z.infer<typeof pagesFileSchema>;
