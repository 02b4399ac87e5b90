import type { LoyaltyProvider } from "../token-param";
import { accountMessagesEnUS } from "./i18n/en-US";
import { accountMessagesFrFR } from "./i18n/fr-FR";
import { PASSWORD_RULE_MESSAGE_ID, passwordProblems, passwordRulesFor, type PasswordRule } from "./password-rules";

describe("BOOST_POS: the five rules of spec §5", () => {
  it.each<[string, PasswordRule[]]>([
    ["Demo-2026!", []],
    ["Aa1!aaaa", []],
    ["Élan-2026", []],
    ["Aa1!aaa", ["length"]],
    ["", ["length", "lowercase", "uppercase", "number", "special"]],
    ["DEMO-2026!", ["lowercase"]],
    ["demo-2026!", ["uppercase"]],
    ["Demo-Demo!", ["number"]],
    ["Demo2026ab", ["special"]],
    ["Demo 2026x", ["special"]],
    ["abcdefgh", ["uppercase", "number", "special"]],
    ["12345678", ["lowercase", "uppercase", "special"]],
    ["éÉ1€abcd", []],
  ])("%j breaks %j", (password, problems) => {
    expect(passwordProblems(password, "BOOST_POS")).toEqual(problems);
  });

  it("counts characters, not UTF-16 units", () => {
    expect(passwordProblems("Aa1!😀😀😀", "BOOST_POS")).toEqual(["length"]);
    expect(passwordProblems("Aa1!😀😀😀😀", "BOOST_POS")).toEqual([]);
  });
});

describe("every other provider: at least 8 characters only", () => {
  const others: LoyaltyProvider[] = ["BOOST_POS_WITHOUT_LOYALTY", "TAPOS", "CGR", "RTS", "NONE"];

  it.each(others)("%s checks the length alone", (provider) => {
    expect(passwordRulesFor(provider)).toEqual(["length"]);
    expect(passwordProblems("abcdefgh", provider)).toEqual([]);
    expect(passwordProblems("abcdefg", provider)).toEqual(["length"]);
    expect(passwordProblems("", provider)).toEqual(["length"]);
  });

  it("BOOST_POS lists all five, in checklist order", () => {
    expect(passwordRulesFor("BOOST_POS")).toEqual(["length", "lowercase", "uppercase", "number", "special"]);
  });
});

it("every rule has an English text", () => {
  expect(Object.values(PASSWORD_RULE_MESSAGE_ID).map((id) => accountMessagesEnUS[id])).toEqual([
    "at least 8 characters",
    "1 lowercase letter",
    "1 uppercase letter",
    "1 number",
    "1 special character",
  ]);
});

// Both places that show a rule put it after a lead-in: the checklist's title ("Your password must
// have:") and the field's error ("Your password still needs: 1 number and 1 special character").
it.each([
  ["English", accountMessagesEnUS],
  ["French", accountMessagesFrFR],
])("every %s rule text reads as the end of a sentence: no capital at its start", (_, messages) => {
  for (const id of Object.values(PASSWORD_RULE_MESSAGE_ID)) {
    const text = messages[id];
    expect([id, text.charAt(0)]).toEqual([id, text.charAt(0).toLocaleLowerCase()]);
  }
});
