// Spec §5 "Text and password input": the password rules a form checks before sending.
//
// - BOOST_POS: the five rules of §5 (at least 8 characters, 1 lowercase letter, 1 uppercase
//   letter, 1 number, 1 special character); its message for code 84 lists them (§8 84_BOOST_POS).
// - Every other provider (BOOST_POS_WITHOUT_LOYALTY, TAPOS, CGR, RTS, NONE): length only. The
//   spec names no rule for them, but the upstream refuses a password under 8 characters with 84
//   (docs/loyalty-upstream.md), so checking that first spares the member a round trip.
//   BOOST_POS_WITHOUT_LOYALTY is deliberately not given the BOOST_POS rules: §5 names BOOST_POS alone.
import type { LoyaltyProvider } from "../token-param";
import type { AccountMessageId } from "./i18n/en-US";

export type PasswordRule = "length" | "lowercase" | "uppercase" | "number" | "special";

export const MIN_PASSWORD_LENGTH = 8;

// Unicode classes, so "é" counts as a lowercase letter and "É" as an uppercase one, not as
// "special". Special is anything that is neither a letter, a digit nor white space.
const RULE_TESTS: Readonly<Record<PasswordRule, (password: string) => boolean>> = {
  // Code points, not UTF-16 units: an emoji is one character to the member.
  length: (password) => [...password].length >= MIN_PASSWORD_LENGTH,
  lowercase: (password) => /\p{Ll}/u.test(password),
  uppercase: (password) => /\p{Lu}/u.test(password),
  number: (password) => /\p{Nd}/u.test(password),
  special: (password) => /[^\p{L}\p{N}\s]/u.test(password),
};

/** In the order a checklist shows them. */
export function passwordRulesFor(provider: LoyaltyProvider): readonly PasswordRule[] {
  return provider === "BOOST_POS" ? ["length", "lowercase", "uppercase", "number", "special"] : ["length"];
}

/** The rules `password` breaks for `provider`; empty when it may be sent. */
export function passwordProblems(password: string, provider: LoyaltyProvider): readonly PasswordRule[] {
  return passwordRulesFor(provider).filter((rule) => !RULE_TESTS[rule](password));
}

export const PASSWORD_RULE_MESSAGE_ID: Readonly<Record<PasswordRule, AccountMessageId>> = {
  length: "account.password.rule.length",
  lowercase: "account.password.rule.lowercase",
  uppercase: "account.password.rule.uppercase",
  number: "account.password.rule.number",
  special: "account.password.rule.special",
};
