import { z } from "zod";
import { slug, timeZone } from "./common";

export const theaterSchema = z.strictObject({
  id: z.string().min(1),
  name: z.string().min(1),
  /** URL segment of the theatre page on circuit sites; derived from the name when absent. */
  slug: slug.optional(),
  /** Code the ticketing service knows the venue by, used in booking links; defaults to id. */
  theaterCode: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, { message: "expected letters, digits, '-' or '_'" })
    .optional(),
  ticketingProvider: z.string().optional(),
  address: z.strictObject({
    line1: z.string().min(1),
    line2: z.string().optional(),
    city: z.string().min(1),
    postalCode: z.string().min(1),
    region: z.string().optional(),
  }),
  phone: z.string().optional(),
  timeZone: timeZone.optional(),
  screens: z.number().int().positive().optional(),
  accessibility: z.array(z.string()).default([]),
  /** Opening hours as the venue words them, one line each ("Mon–Fri 1 pm–11 pm"), shown in the footer. */
  openingHours: z.array(z.string().min(1).max(80)).max(14).default([]),
});

/** theaters.json: every venue the site may show, in display order. */
export const theatersFileSchema = z.strictObject({ theaters: z.array(theaterSchema).min(1) });
export type TheaterConfig = z.infer<typeof theaterSchema>;
