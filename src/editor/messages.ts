// Spec §7 "Window messages": what the site-builder editor posts to the site, each {type, payload}.
// Parsed with zod at the window boundary; anything that does not parse is ignored by the caller.
// Loaded with the preview only (never on a visitor's first load): zod and the font catalogue.
import { z } from "zod";
import { hexColour } from "../config/common";
import { footerLayouts, headerLayouts, logoSizes } from "../config/theme";
import { isFontFamilyName, resolveFontChoice, type FontFamilyName, type FontTarget } from "../theme/fonts";
import type { Palette } from "../theme/tokens";

/** Spec §3: "a palette with primary, accent, highlight, muted, background, footerBackground and headerBackground". */
const colorSchemeSchema = z.object({
  primary: hexColour,
  accent: hexColour,
  highlight: hexColour,
  muted: hexColour,
  background: hexColour,
  footerBackground: hexColour,
  headerBackground: hexColour,
}) satisfies z.ZodType<Palette>;

/**
 * Spec §3: "a font family name plus weights ('400', '400i'), applied to the targets 'body' and
 * 'heading'". One message changes one target; the family must be in the catalogue and have the
 * weights asked for, since a font the site cannot load would silently fall back.
 */
const fontSchema = z
  .object({
    target: z.enum(["body", "heading"] satisfies FontTarget[]),
    family: z.custom<FontFamilyName>((value) => typeof value === "string" && isFontFamilyName(value), {
      message: "not a family of the font catalogue",
    }),
    weights: z.array(z.string()).min(1),
  })
  .superRefine((font, ctx) => {
    try {
      resolveFontChoice(font);
    } catch (error) {
      ctx.addIssue({ code: "custom", path: ["weights"], message: (error as Error).message });
    }
  });

const message = <T extends string, P extends z.ZodType>(type: T, payload: P) =>
  z.object({ type: z.literal(type), payload });

export const editorMessageSchema = z.discriminatedUnion("type", [
  message("colorScheme", z.object({ colorScheme: colorSchemeSchema })),
  message("font", z.object({ font: fontSchema })),
  message("headerLayout", z.object({ headerLayout: z.enum(headerLayouts) })),
  message("footerLayout", z.object({ footerLayout: z.enum(footerLayouts) })),
  message("logoSize", z.object({ logoSize: z.enum(logoSizes) })),
  message("hasSearch", z.object({ hasSearch: z.boolean() })),
  message("footerMobileLinks", z.object({ footerMobileLinks: z.boolean() })),
]);

export type EditorMessage = z.infer<typeof editorMessageSchema>;
export type EditorMessageType = EditorMessage["type"];

/** The seven message types of spec §7, in its order. */
export const EDITOR_MESSAGE_TYPES = [
  "colorScheme",
  "font",
  "headerLayout",
  "footerLayout",
  "logoSize",
  "hasSearch",
  "footerMobileLinks",
] as const satisfies readonly EditorMessageType[];

/** The message, or null for anything else: another type, a payload that does not parse, not an object. */
export function parseEditorMessage(data: unknown): EditorMessage | null {
  const parsed = editorMessageSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

/**
 * Why a message of one of the seven types was refused (its payload did not parse), for the
 * editor's developer to read in the console: "font: payload.font.weights: Font "Anton" has no
 * weight 700…". Null for a message that parses, and for anything that is not one of the types
 * (other windows' messages are none of the preview's business).
 */
export function editorMessageProblem(data: unknown): string | null {
  const type = typeof data === "object" && data !== null ? (data as { type?: unknown }).type : undefined;
  if (!EDITOR_MESSAGE_TYPES.some((known) => known === type)) return null;
  const parsed = editorMessageSchema.safeParse(data);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  return issue ? `${String(type)}: ${issue.path.join(".") || "(message)"}: ${issue.message}` : String(type);
}

/** Spec §7: what the site sends to the opener or parent once it is ready for messages. */
export const MOUNTED_MESSAGE = { type: "lifeCycle", lifeCycle: "mounted" } as const;
