import { stripForbiddenCharacters } from "../components/forms/input-rules";

/**
 * The film search's comparison form. Accents, case, the characters the search box drops as they
 * are typed (spec §5: `< > ' " &`) and the spaces they leave behind do not count, so "Fast &
 * Furious" is found by what the box lets through ("fast  furious"), and "L'Été" by "lete".
 */
export function normaliseForSearch(text: string): string {
  return stripForbiddenCharacters(text.normalize("NFD").replace(/\p{Diacritic}/gu, ""))
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}

/** Whether a film title answers a search (a part of it, as normalised above). */
export function titleMatches(title: string, query: string): boolean {
  return normaliseForSearch(title).includes(normaliseForSearch(query));
}
