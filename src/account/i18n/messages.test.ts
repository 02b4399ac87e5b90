import { accountMessagesEnUS } from "./en-US";
import { accountMessagesFrFR } from "./fr-FR";

const placeholders = (text: string): string[] => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? "").sort();

describe("account messages", () => {
  it("French has exactly the English ids", () => {
    expect(Object.keys(accountMessagesFrFR).sort()).toEqual(Object.keys(accountMessagesEnUS).sort());
  });

  it.each(Object.keys(accountMessagesEnUS) as (keyof typeof accountMessagesEnUS)[])(
    "%s: translated, same placeholders",
    (id) => {
      const english = accountMessagesEnUS[id];
      const french = accountMessagesFrFR[id];
      expect(french.trim()).not.toBe("");
      expect(french).not.toBe(english);
      expect(placeholders(french)).toEqual(placeholders(english));
    },
  );
});
