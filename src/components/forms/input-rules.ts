/** Spec §5: text inputs (not passwords) drop these characters as the user types. */
const FORBIDDEN_TEXT_CHARACTERS = /[<>'"&]/g;

export function stripForbiddenCharacters(value: string): string {
  return value.replace(FORBIDDEN_TEXT_CHARACTERS, "");
}

// The forms check addresses with the link rules' pattern: one definition of an e-mail address.
export { looksLikeEmail } from "../../links/email";
