/** Spec §5: text inputs (not passwords) drop these characters as the user types. */
const FORBIDDEN_TEXT_CHARACTERS = /[<>'"&]/g;

export function stripForbiddenCharacters(value: string): string {
  return value.replace(FORBIDDEN_TEXT_CHARACTERS, "");
}

/** A plain e-mail shape check before anything is sent (the provider has the last word). */
export function looksLikeEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
}
