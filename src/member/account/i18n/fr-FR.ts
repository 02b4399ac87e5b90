import type { accountMessagesEnUS } from "./en-US";

/** Texts of the member-account rules in French; the type keeps the ids exactly the English ones. */
export const accountMessagesFrFR: Record<keyof typeof accountMessagesEnUS, string> = {
  "account.password.rules.title": "Votre mot de passe doit comporter :",
  "account.password.rule.length": "au moins 8 caractères",
  "account.password.rule.lowercase": "1 lettre minuscule",
  "account.password.rule.uppercase": "1 lettre majuscule",
  "account.password.rule.number": "1 chiffre",
  "account.password.rule.special": "1 caractère spécial",

  "account.phone.empty": "Saisissez un numéro de mobile",
  // In parentheses: "pour {country}" would need the country's article (la France, les États-Unis).
  "account.phone.invalid": "Ce numéro de téléphone n'est pas valide ({country})",

  "account.reset.missingParams": "Ce lien de réinitialisation est incomplet. Veuillez en demander un nouveau.",
};
