// Texts operators write in their configuration (spec §3 "[theaterName]", §9 localisation: list
// separator "|" and format placeholder "{0}"): one place that reads them.

/** Spec §3: replaced by the name of the theater the page is about, or the visitor's theater. */
export const THEATER_NAME_PLACEHOLDER = "[theaterName]";
/** Spec §9: a config text holding several items separates them with "|". */
export const LIST_SEPARATOR = "|";

export type ConfigTextValues = {
  /** The current theater's name; without one the placeholder reads as the site's name. */
  readonly theaterName?: string | null;
  /** What "{0}" stands for (spec §9 format placeholder). */
  readonly first?: string | null;
};

/** The text with its placeholders filled; an unknown value leaves no placeholder behind. */
export function fillConfigText(text: string, values: ConfigTextValues & { siteName: string }): string {
  return text
    .split(THEATER_NAME_PLACEHOLDER)
    .join(values.theaterName || values.siteName)
    .split("{0}")
    .join(values.first ?? "")
    .replace(/\s{2,}/g, " ")
    .trim();
}

/** The items of a "|"-separated config text, trimmed, empty ones dropped. */
export function configTextItems(text: string): string[] {
  return text
    .split(LIST_SEPARATOR)
    .map((item) => item.trim())
    .filter(Boolean);
}
