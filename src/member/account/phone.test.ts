import { checkMobileNumber } from "./phone";

/** Numbers typed on a site of the country: the valid ones with their E.164 form, the invalid ones with why. */
const NUMBERS: readonly [string, "FR" | "US", readonly [string, string][], readonly [string, string][]][] = [
  [
    "France",
    "FR",
    [
      ["06 12 34 56 78", "+33612345678"],
      ["0612345678", "+33612345678"],
      ["06.12.34.56.78", "+33612345678"],
      ["+33 6 12 34 56 78", "+33612345678"],
      ["0033 6 12 34 56 78", "+33612345678"],
      ["07 81 23 45 67", "+33781234567"],
      // A landline: accepted, the choice documented in phone.ts (valid for the country is enough).
      ["01 23 45 67 89", "+33123456789"],
    ],
    [
      ["06 12 34 56", "too short"],
      ["06 12 34 56 78 9", "too long"],
      ["+33 6 12 34 56 78 9", "too long, international"],
      ["00 12 34 56 78", "no such prefix"],
      ["abc", "not a number"],
      ["+1 201 555 0123", "a US number"],
      ["+44 7400 123456", "a UK number"],
    ],
  ],
  [
    "the United States",
    "US",
    [
      ["(201) 555-0123", "+12015550123"],
      ["201-555-0123", "+12015550123"],
      ["201.555.0123", "+12015550123"],
      ["+1 212 555 0199", "+12125550199"],
      ["1 (202) 555-0145", "+12025550145"],
    ],
    [
      ["555-0100", "seven digits, no area code"],
      ["(123) 456-7890", "area codes do not start with 1"],
      ["(201) 555-01234", "too long"],
      ["+1 416 555 0123", "a Canadian number: not the site's country"],
      ["06 12 34 56 78", "a French national number"],
    ],
  ],
];

describe.each(NUMBERS)("checkMobileNumber for %s", (_name, country, valid, invalid) => {
  it.each(valid)("%j is valid → %s", (text, e164) => {
    expect(checkMobileNumber(text, country)).toEqual({ ok: true, e164 });
  });

  it.each(invalid)("%j is invalid (%s)", (text) => {
    expect(checkMobileNumber(text, country)).toEqual({ ok: false, reason: "invalid" });
  });
});

describe("checkMobileNumber for France", () => {
  it.each(["", "   "])("%j is empty", (text) => {
    expect(checkMobileNumber(text, "FR")).toEqual({ ok: false, reason: "empty" });
  });

  it("the country code may come lower-case", () => {
    expect(checkMobileNumber("06 12 34 56 78", "fr")).toEqual({ ok: true, e164: "+33612345678" });
  });
});

describe("a country the metadata does not know", () => {
  it("accepts a valid international number, refuses a national one", () => {
    expect(checkMobileNumber("+33 6 12 34 56 78", "ZZ")).toEqual({ ok: true, e164: "+33612345678" });
    expect(checkMobileNumber("06 12 34 56 78", "ZZ")).toEqual({ ok: false, reason: "invalid" });
  });
});
