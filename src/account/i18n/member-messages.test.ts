import { accountMemberMessagesEnUS, type AccountMemberMessageId } from "./member-en-US";
import { accountMemberMessagesFrFR } from "./member-fr-FR";

const placeholders = (text: string): string[] => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? "").sort();
const ids = Object.keys(accountMemberMessagesEnUS) as AccountMemberMessageId[];

/** Written the same in both languages (a name, a count of points, "Active"). */
const SAME_IN_FRENCH: readonly AccountMemberMessageId[] = [
  "account.overview.fullName",
  "account.overview.pointsValue",
  "account.rewards.cost",
  "account.history.transaction.points",
  "account.cards.status.active",
];

describe("account member screen messages", () => {
  it("French has exactly the English ids, all under the screens' prefixes", () => {
    expect(Object.keys(accountMemberMessagesFrFR).sort()).toEqual([...ids].sort());
    expect(
      ids.filter((id) => !/^account\.(overview|profile|history|rewards|cards|giftCard|delete|wallet)\./.test(id)),
    ).toEqual([]);
  });

  it.each(ids)("%s: translated, same placeholders", (id) => {
    const english = accountMemberMessagesEnUS[id];
    const french = accountMemberMessagesFrFR[id];
    expect(french.trim()).not.toBe("");
    if (!SAME_IN_FRENCH.includes(id)) expect(french).not.toBe(english);
    expect(placeholders(french)).toEqual(placeholders(english));
  });
});
