/** Spec §5: text inputs (not passwords) drop these characters as the user types. */
const FORBIDDEN_TEXT_CHARACTERS = /[<>'"&]/g;

export function stripForbiddenCharacters(value: string): string {
  return value.replace(FORBIDDEN_TEXT_CHARACTERS, "");
}

/** The typographic apostrophe (U+2019), which French and English names are printed with. */
export const TYPOGRAPHIC_APOSTROPHE = "\u2019";

/**
 * A person's name field (issue 46, docs/decisions.md): the typed ASCII apostrophe becomes the
 * typographic one before spec §5's filter runs, so "N'Diaye" stays "N’Diaye" rather than
 * "NDiaye"; the ASCII character still never reaches the value, and every other character the
 * filter drops is dropped.
 */
export function cleanNameInput(value: string): string {
  return stripForbiddenCharacters(value.replaceAll("'", TYPOGRAPHIC_APOSTROPHE));
}

// The forms check addresses with the link rules' pattern: one definition of an e-mail address.
export { looksLikeEmail } from "../../links/email";
