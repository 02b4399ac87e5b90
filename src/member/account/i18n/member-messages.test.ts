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

  it("every message is translated, with the same placeholders", () => {
    const problems = ids.filter((id) => {
      const english = accountMemberMessagesEnUS[id];
      const french = accountMemberMessagesFrFR[id];
      return (
        french.trim() === "" ||
        (!SAME_IN_FRENCH.includes(id) && french === english) ||
        placeholders(french).join() !== placeholders(english).join()
      );
    });
    expect(problems).toEqual([]);
  });
});
