// Spec §3 "Loyalty card": the cardCode is upper-cased before sending. The one definition of that
// rule, for the card field (capitals as the member types) and the loyalty API layer (what is
// sent). Plain functions, no zod: the account screens' first chunk loads it.

/** As the member types: capitals. Spaces stay while typing, so the caret does not jump. */
export function cardCodeAsTyped(typed: string): string {
  return typed.toUpperCase();
}

/**
 * As sent: capitals, and no whitespace: codes are copied from cards and e-mails with spaces in
 * them, and no provider code holds one.
 */
export function normaliseCardCode(input: string): string {
  return cardCodeAsTyped(input.replace(/\s+/g, ""));
}
