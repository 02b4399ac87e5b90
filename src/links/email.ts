/**
 * Spec §5 "E-mail detection": characters, then @, then a domain with a dot and a letters-only
 * ending. One pattern for the link rules (a target that is an address becomes a mailto link) and
 * for the forms' check before anything is sent (the provider has the last word).
 */
const EMAIL_ADDRESS = /^[^\s@/:?#]+@[^\s@/:?#]+\.[A-Za-z]+$/;

export function looksLikeEmail(value: string): boolean {
  return EMAIL_ADDRESS.test(value);
}
