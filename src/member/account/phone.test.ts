import { checkMobileNumber } from "./phone";

describe("checkMobileNumber for France", () => {
  it.each([
    ["06 12 34 56 78", "+33612345678"],
    ["0612345678", "+33612345678"],
    ["06.12.34.56.78", "+33612345678"],
    ["+33 6 12 34 56 78", "+33612345678"],
    ["0033 6 12 34 56 78", "+33612345678"],
    ["07 81 23 45 67", "+33781234567"],
    // A landline: accepted, the choice documented in phone.ts (valid for the country is enough).
    ["01 23 45 67 89", "+33123456789"],
  ])("%j is valid → %s", (text, e164) => {
    expect(checkMobileNumber(text, "FR")).toEqual({ ok: true, e164 });
  });

  it.each([
    ["06 12 34 56", "too short"],
    ["06 12 34 56 78 9", "too long"],
    ["+33 6 12 34 56 78 9", "too long, international"],
    ["00 12 34 56 78", "no such prefix"],
    ["abc", "not a number"],
    ["+1 201 555 0123", "a US number"],
    ["+44 7400 123456", "a UK number"],
  ])("%j is invalid (%s)", (text) => {
    expect(checkMobileNumber(text, "FR")).toEqual({ ok: false, reason: "invalid" });
  });

  it.each(["", "   "])("%j is empty", (text) => {
    expect(checkMobileNumber(text, "FR")).toEqual({ ok: false, reason: "empty" });
  });

  it("the country code may come lower-case", () => {
    expect(checkMobileNumber("06 12 34 56 78", "fr")).toEqual({ ok: true, e164: "+33612345678" });
  });
});

describe("checkMobileNumber for the United States", () => {
  it.each([
    ["(201) 555-0123", "+12015550123"],
    ["201-555-0123", "+12015550123"],
    ["201.555.0123", "+12015550123"],
    ["+1 212 555 0199", "+12125550199"],
    ["1 (202) 555-0145", "+12025550145"],
  ])("%j is valid → %s", (text, e164) => {
    expect(checkMobileNumber(text, "US")).toEqual({ ok: true, e164 });
  });

  it.each([
    ["555-0100", "seven digits, no area code"],
    ["(123) 456-7890", "area codes do not start with 1"],
    ["(201) 555-01234", "too long"],
    ["+1 416 555 0123", "a Canadian number: not the site's country"],
    ["06 12 34 56 78", "a French national number"],
  ])("%j is invalid (%s)", (text) => {
    expect(checkMobileNumber(text, "US")).toEqual({ ok: false, reason: "invalid" });
  });
});

describe("a country the metadata does not know", () => {
  it("accepts a valid international number, refuses a national one", () => {
    expect(checkMobileNumber("+33 6 12 34 56 78", "ZZ")).toEqual({ ok: true, e164: "+33612345678" });
    expect(checkMobileNumber("06 12 34 56 78", "ZZ")).toEqual({ ok: false, reason: "invalid" });
  });
});
