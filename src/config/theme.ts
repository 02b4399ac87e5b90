import { z } from "zod";
import { PALETTE_KEYS } from "../theme/tokens";
import { hexColour, roundnessSchema } from "./common";

export type { PaletteKey } from "../theme/tokens";

const surfaceSchema = z.strictObject({
  /** Percent: positive tints towards white, negative shades towards black. */
  tintShade: z.number().min(-100).max(100),
  paletteColor: z.enum(PALETTE_KEYS),
});

const fontWeight = z
  .string()
  .regex(/^[1-9]00i?$/, { message: 'expected a weight from "100" to "900", with a trailing "i" for italic' });

const fontChoiceSchema = z.strictObject({
  family: z.string().min(1),
  weights: z.array(fontWeight).min(1).default(["400", "700"]),
});

export const headerLayouts = ["classic", "centered"] as const;
export const footerLayouts = ["columns", "compact"] as const;
export const logoSizes = ["small", "medium", "large"] as const;

/** theme.json: colours, fonts, roundness and the layout choices the site editor can change live. */
export const siteThemeSchema = z.strictObject({
  colors: z.strictObject({
    brand1: hexColour.optional(),
    brand2: hexColour.optional(),
    brand3: hexColour.optional(),
    brand4: hexColour.optional(),
    brand5: hexColour.optional(),
    brand6: hexColour.optional(),
    palette: z.strictObject({
      muted: hexColour,
      accent: hexColour,
      primary: hexColour,
      highlight: hexColour,
      background: hexColour,
      footerBackground: hexColour,
      headerBackground: hexColour,
    }),
  }),
  settings: z
    .strictObject({
      background: surfaceSchema,
      footerBackground: surfaceSchema,
      headerBackground: surfaceSchema,
      combination: z.strictObject({ name: z.string().min(1), swap: z.boolean() }),
    })
    .optional(),
  fonts: z.strictObject({ body: fontChoiceSchema, heading: fontChoiceSchema }),
  fontWeights: z
    .strictObject({
      body: z.number().int().min(100).max(900).multipleOf(100),
      heading: z.number().int().min(100).max(900).multipleOf(100),
      bold: z.number().int().min(100).max(900).multipleOf(100),
    })
    .default({ body: 400, heading: 700, bold: 700 }),
  /** Not detailed by the spec; kept as free-form CSS font-style hints per target. */
  fontStyles: z.record(z.string(), z.string()).default({}),
  roundness: z
    .strictObject({ buttons: roundnessSchema.default("HIGH"), content: roundnessSchema.default("MEDIUM") })
    .default({ buttons: "HIGH", content: "MEDIUM" }),
  layout: z
    .strictObject({
      headerLayout: z.enum(headerLayouts).default("classic"),
      footerLayout: z.enum(footerLayouts).default("columns"),
      logoSize: z.enum(logoSizes).default("medium"),
      hasSearch: z.boolean().default(true),
      footerMobileLinks: z.boolean().default(true),
    })
    .default({
      headerLayout: "classic",
      footerLayout: "columns",
      logoSize: "medium",
      hasSearch: true,
      footerMobileLinks: true,
    }),
});
export type SiteThemeConfig = z.infer<typeof siteThemeSchema>;
export type SiteLayoutConfig = SiteThemeConfig["layout"];
export type FontChoiceConfig = z.infer<typeof fontChoiceSchema>;
