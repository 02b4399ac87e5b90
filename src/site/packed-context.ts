// The listing pages' contexts go to Gatsby as one JSON string (issue 19).
//
// createPage hashes, compares and copies a context field by field, and keeps it as objects in its
// state. At 5,000 films the five listing pages (programme, booking, home, films, each theatre)
// hold 56 MB of the 66 MB of contexts; as objects they cost createPages 2.5 s on every build,
// one-film rebuilds included, and as strings 0.5 s. Film pages keep plain objects: theirs are small.
import type { TemplateFile } from "./page-plan";

/** A page context as Gatsby holds it for these templates: the context, as JSON. */
export type PackedContext = { readonly packed: string };

/** What a template's props carry: its context, packed or not. */
export type MaybePacked<C> = C | PackedContext;

/** The templates whose contexts grow with the catalogue. Each one unpacks its props (unpackContext). */
export const PACKED_TEMPLATES: ReadonlySet<TemplateFile> = new Set<TemplateFile>([
  "FilmsTemplate",
  "ScheduleTemplate",
  "BookingTemplate",
  "GenericTemplate",
  "TheaterTemplate",
]);

export function packContext(context: object): PackedContext {
  return { packed: JSON.stringify(context) };
}

function isPacked(context: unknown): context is PackedContext {
  return typeof context === "object" && context !== null && typeof (context as PackedContext).packed === "string";
}

// The page and its Head unpack the same string: parsed once, and the same object each render, so
// hooks that depend on its fields (useMemo over the films) do not run again.
let last: { packed: string; context: unknown } | null = null;

/**
 * The context as the build planned it (src/site/page-plan.ts). The text is the build's own
 * JSON.stringify of that typed context, so it is not validated again here.
 */
export function unpackContext<C>(context: MaybePacked<C>): C {
  if (!isPacked(context)) return context;
  if (last?.packed !== context.packed) last = { packed: context.packed, context: JSON.parse(context.packed) };
  return last.context as C;
}
