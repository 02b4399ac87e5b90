import { stripForbiddenCharacters } from "../components/forms/input-rules";

/** The search box's suggestions: a list to run an eye down, not a results page. */
export const SUGGESTED_FILMS = 6;

/**
 * Letters no Unicode decomposition splits, written the way people type them without the key:
 * French users type "coeur" for "cœur", Scandinavian and German titles lose their æ, ø and ß on
 * an English keyboard. (NFKD already splits the ﬁ/ﬂ-type ligatures.)
 */
const UNSPLIT_LETTERS: Readonly<Record<string, string>> = {
  œ: "oe",
  æ: "ae",
  ß: "ss",
  ø: "o",
  ł: "l",
  đ: "d",
  ð: "d",
  þ: "th",
  ı: "i",
};
const UNSPLIT_LETTER = new RegExp(`[${Object.keys(UNSPLIT_LETTERS).join("")}]`, "g");

/**
 * Apostrophes other than the ASCII one, which the box drops (spec §5): titles and names are
 * printed with the typographic one ("L’Été"), and a visitor who types "lete" means that word.
 */
const OTHER_APOSTROPHES = /[\u2019\u2018\u02bc]/g;

/**
 * The film search's comparison form. Accents, case, ligatures, the characters the search box drops
 * as they are typed (spec §5: `< > ' " &`) and the spaces they leave behind do not count, so "Fast
 * & Furious" is found by what the box lets through ("fast  furious"), "L'Été" by "lete" and "Reine
 * de cœur" by "coeur".
 */
export function normaliseForSearch(text: string): string {
  return stripForbiddenCharacters(text.normalize("NFKD").replace(/\p{Diacritic}/gu, ""))
    .replace(OTHER_APOSTROPHES, "")
    .toLowerCase()
    .replace(UNSPLIT_LETTER, (letter) => UNSPLIT_LETTERS[letter] ?? letter)
    .replace(/\s+/g, " ")
    .trim();
}

/** The words of a text as the search compares them: normalised, split at anything not a letter or digit. */
export function searchWords(text: string): string[] {
  return normaliseForSearch(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== "");
}

/**
 * Whether a film title answers a search (a part of it, as normalised above): the results page's
 * own filter when the search index cannot be had (offline, or before it arrives).
 */
export function titleMatches(title: string, query: string): boolean {
  return normaliseForSearch(title).includes(normaliseForSearch(query));
}
