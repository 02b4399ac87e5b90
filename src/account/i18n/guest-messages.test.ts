import { accountGuestMessagesEnUS } from "./guest-en-US";
import { accountGuestMessagesFrFR } from "./guest-fr-FR";

const placeholders = (text: string): string[] => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? "").sort();
const ids = Object.keys(accountGuestMessagesEnUS) as (keyof typeof accountGuestMessagesEnUS)[];

describe("account guest screen messages", () => {
  it("French has exactly the English ids, all under the screens' prefixes", () => {
    expect(Object.keys(accountGuestMessagesFrFR).sort()).toEqual([...ids].sort());
    expect(ids.filter((id) => !/^account\.(register|forgot|reset)\./.test(id))).toEqual([]);
  });

  it.each(ids)("%s: translated, same placeholders", (id) => {
    const english = accountGuestMessagesEnUS[id];
    const french = accountGuestMessagesFrFR[id];
    expect(french.trim()).not.toBe("");
    expect(french).not.toBe(english);
    expect(placeholders(french)).toEqual(placeholders(english));
  });
});
