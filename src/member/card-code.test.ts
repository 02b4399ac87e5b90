import { cardCodeAsTyped, normaliseCardCode } from "./card-code";

describe("card codes go uppercase (spec §3 Loyalty card)", () => {
  it.each([
    ["cyp0001", "CYP0001", "CYP0001"],
    ["Cyp 0001 ab", "CYP 0001 AB", "CYP0001AB"],
    [" cyp\t0001\n", " CYP\t0001\n", "CYP0001"],
    ["ÉTÉ-42", "ÉTÉ-42", "ÉTÉ-42"],
    ["", "", ""],
  ])("%j: typed %j, sent %j", (input, typed, sent) => {
    expect(cardCodeAsTyped(input)).toBe(typed);
    expect(normaliseCardCode(input)).toBe(sent);
  });

  it("what the field shows is sent unchanged apart from whitespace", () => {
    expect(normaliseCardCode(cardCodeAsTyped("ab cd"))).toBe(normaliseCardCode("ab cd"));
  });
});
