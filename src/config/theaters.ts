import slugify from "slugify";
import { z } from "zod";
import { boundedText, labelText, slug, timeZone, titleText } from "./common";

export const theaterSchema = z.strictObject({
  id: z.string().min(1).max(100, { message: "expected at most 100 characters" }),
  name: titleText,
  /** URL segment of the theater page on circuit sites; derived from the name when absent. */
  slug: slug.optional(),
  /** Code the ticketing service knows the venue by, used in booking links; defaults to id. */
  theaterCode: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, { message: "expected letters, digits, '-' or '_'" })
    .optional(),
  ticketingProvider: z.string().optional(),
  // Bounded like every text an operator types (common.ts): the footer shows them on every page.
  address: z.strictObject({
    line1: titleText,
    line2: boundedText(200).optional(),
    city: titleText,
    postalCode: z.string().min(1).max(20, { message: "expected at most 20 characters" }),
    region: boundedText(100).optional(),
  }),
  phone: boundedText(40).optional(),
  timeZone: timeZone.optional(),
  screens: z.number().int().positive().optional(),
  accessibility: z.array(labelText).max(20).default([]),
  /** What the venue offers, one short label each ("Recliner seats", "Bar"), listed on the theater list (issue 42). */
  amenities: z.array(labelText).max(20, { message: "expected at most 20 amenities" }).optional(),
  /** Opening hours as the venue words them, one line each ("Mon–Fri 1 pm–11 pm"), shown in the footer. */
  openingHours: z.array(z.string().min(1).max(80)).max(14).default([]),
});

/** theaters.json: every venue the site may show, in display order. */
export const theatersFileSchema = z.strictObject({ theaters: z.array(theaterSchema).min(1) });
export type TheaterConfig = z.infer<typeof theaterSchema>;

/** The theater page's URL segment on circuit sites: its slug, or one made from its name. */
export const theaterSlug = (theater: Pick<TheaterConfig, "slug" | "name">): string =>
  theater.slug || slugify(theater.name, { lower: true, strict: true });
