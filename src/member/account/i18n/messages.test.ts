import { accountMessagesEnUS } from "./en-US";
import { accountMessagesFrFR } from "./fr-FR";

const placeholders = (text: string): string[] => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? "").sort();

describe("account messages", () => {
  it("French has exactly the English ids", () => {
    expect(Object.keys(accountMessagesFrFR).sort()).toEqual(Object.keys(accountMessagesEnUS).sort());
  });

  it("every message is translated, with the same placeholders", () => {
    const ids = Object.keys(accountMessagesEnUS) as (keyof typeof accountMessagesEnUS)[];
    const problems = ids.filter((id) => {
      const english = accountMessagesEnUS[id];
      const french = accountMessagesFrFR[id];
      return french.trim() === "" || french === english || placeholders(french).join() !== placeholders(english).join();
    });
    expect(problems).toEqual([]);
  });
});
