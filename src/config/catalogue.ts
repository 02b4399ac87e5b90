import { z } from "zod";
import { boundedInt, boundedText, httpUrl, imageSrc, isoDate, labelText, titleText } from "./common";

/**
 * Film attribute keys of spec §3 (the first two) plus keys of our own a programme needs:
 * `Localization.Subtitles` (subtitles in the site's language: with the original version, VOST),
 * picture formats and accessibility. `Accessibility.Subtitles.HardOfHearing` is subtitles for deaf
 * and hard-of-hearing visitors (SME), never the mark of a VOST show.
 */
export const filmAttributeKeys = [
  "Localization.Version.Original",
  "Format.Sound.Dubbed",
  "Localization.Subtitles",
  "Format.Picture.3D",
  "Format.Picture.IMAX",
  "Accessibility.AudioDescription",
  "Accessibility.Subtitles.HardOfHearing",
] as const;
export type FilmAttributeKey = (typeof filmAttributeKeys)[number];

export const weekdays = ["MON", "TUE", "WED", "THU", "FRI", "SAT", "SUN"] as const;
export type Weekday = (typeof weekdays)[number];

const posterSchema = z.strictObject({
  src: imageSrc,
  width: boundedInt(1, 10_000),
  height: boundedInt(1, 10_000),
});

export const filmSchema = z.strictObject({
  /** Numeric film ids of the ticketing catalogue (spec §2: 2048 up to 1000031466). */
  id: z.number().int().min(1).max(9_999_999_999),
  title: titleText,
  originalTitle: titleText.optional(),
  synopsis: boundedText(5000).default(""),
  runtimeMinutes: boundedInt(1, 1000).nullable().default(null),
  genres: z.array(labelText).max(20).default([]),
  cast: z.array(labelText).max(100).default([]),
  directors: z.array(labelText).max(20).default([]),
  releaseDate: isoDate.nullable().default(null),
  certificate: boundedText(40).optional(),
  poster: posterSchema.nullable().default(null),
  trailerUrl: z.union([httpUrl, z.literal("")]).default(""),
});

export const programmeEntrySchema = z.strictObject({
  filmId: z.number().int().positive(),
  theaterId: z.string().min(1),
  /** Days of the week this run plays; all days when absent. */
  days: z
    .array(z.enum(weekdays))
    .min(1)
    .default([...weekdays]),
  times: z
    .array(z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, { message: 'expected a 24-hour time such as "20:30"' }))
    .min(1),
  from: isoDate.optional(),
  until: isoDate.optional(),
  attributes: z.array(z.enum(filmAttributeKeys)).default([]),
  screen: z.string().optional(),
});

/** catalogue.json (or the remote feed with the same schema): films and their weekly programme. */
export const catalogueFileSchema = z.strictObject({
  films: z.array(filmSchema),
  programme: z.array(programmeEntrySchema).default([]),
});
export type FilmConfig = z.infer<typeof filmSchema>;
export type ProgrammeEntry = z.infer<typeof programmeEntrySchema>;
export type CatalogueFile = z.infer<typeof catalogueFileSchema>;
