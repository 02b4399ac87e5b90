import { accountGuestMessagesEnUS } from "./guest-en-US";
import { accountGuestMessagesFrFR } from "./guest-fr-FR";

const placeholders = (text: string): string[] => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? "").sort();
const ids = Object.keys(accountGuestMessagesEnUS) as (keyof typeof accountGuestMessagesEnUS)[];

describe("account guest screen messages", () => {
  it("French has exactly the English ids, all under the screens' prefixes", () => {
    expect(Object.keys(accountGuestMessagesFrFR).sort()).toEqual([...ids].sort());
    expect(ids.filter((id) => !/^account\.(register|forgot|reset)\./.test(id))).toEqual([]);
  });

  it("every message is translated, with the same placeholders", () => {
    const problems = ids.filter((id) => {
      const english = accountGuestMessagesEnUS[id];
      const french = accountGuestMessagesFrFR[id];
      return french.trim() === "" || french === english || placeholders(french).join() !== placeholders(english).join();
    });
    expect(problems).toEqual([]);
  });
});
