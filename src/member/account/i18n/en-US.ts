/**
 * Texts of the member-account rules (src/member/account/) in English: the key source for the other
 * locales. `{country}` is a country name the screen formats (Intl.DisplayNames), not a code.
 */
export const accountMessagesEnUS = {
  // Spec §5 password rules, one line each for a checklist under the field. Each completes a lead-in
  // ("Your password must have:" above the checklist, "Your password still needs: …" in the field's
  // error, where they are joined as a list), so none starts with a capital.
  "account.password.rules.title": "Your password must have:",
  "account.password.rule.length": "at least 8 characters",
  "account.password.rule.lowercase": "1 lowercase letter",
  "account.password.rule.uppercase": "1 uppercase letter",
  "account.password.rule.number": "1 number",
  "account.password.rule.special": "1 special character",

  // Spec §5 phone numbers.
  "account.phone.empty": "Enter a mobile number",
  "account.phone.invalid": "This is not a valid phone number for {country}",

  // Spec §2 reset page, when the link lacks its values.
  "account.reset.missingParams": "This password reset link is incomplete. Please ask for a new one.",
} as const;

export type AccountMessageId = keyof typeof accountMessagesEnUS;
