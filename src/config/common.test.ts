import type { ZodType } from "zod";
import { countrySchema, hexColour, httpUrl, isoDate, roundnessSchema, slug, timeZone } from "./common";

// The string fields a config file writes: each takes its good values as written and refuses the
// bad ones with a hint that names the form it expected.
describe.each<[string, ZodType, string[], string[], string]>([
  [
    "hexColour",
    hexColour,
    ["#abc", "#ABC", "#1a2b3c", "#A1B2C3", "#000000"],
    ["abc", "#abcd", "#12345", "#1234567", "#12345g", "red", "rgb(0,0,0)", "", " #abc"],
    "expected a hex colour",
  ],
  [
    "isoDate",
    isoDate,
    ["2026-11-18", "2028-02-29", "2026-12-31"],
    ["2027-02-29", "2026-02-30", "2026-13-01", "18/11/2026", "2026-1-1", "2026-11-18T00:00:00Z", ""],
    'expected a date written "YYYY-MM-DD"',
  ],
  [
    "slug",
    slug,
    ["", "about", "infos-pratiques", "a/b-c", "films2026", "2026"],
    ["/about", "about/", "About", "a--b", "a//b", "a b", "-a", "a-", "café", "a_b"],
    "expected a slug",
  ],
  [
    "httpUrl",
    httpUrl,
    ["http://example.com", "https://example.com/a?b=c#d", "https://billetterie.cinema-lumiere.fr"],
    ["javascript:alert(1)", "data:text/html,hi", "ftp://example.com", "/relative/path", "example.com", ""],
    "expected an absolute http:// or https:// URL",
  ],
  [
    "timeZone",
    timeZone,
    ["UTC", "Europe/Paris", "America/Chicago", "Australia/Sydney"],
    ["Europe/Atlantis", "Mars/Olympus_Mons", "", "GMT+25"],
    "expected an IANA time zone",
  ],
])("%s", (_name, schema, accepted, refused, hint) => {
  it.each(accepted)("accepts %j", (value) => {
    expect(schema.safeParse(value).success).toBe(true);
  });
  it.each(refused)("refuses %j with a hint", (value) => {
    const result = schema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain(hint);
  });
});

describe("countrySchema", () => {
  it("accepts the three codes", () => {
    expect(countrySchema.parse({ code: "FR", iso31661A2: "FR", iso31661A3: "FRA" })).toEqual({
      code: "FR",
      iso31661A2: "FR",
      iso31661A3: "FRA",
    });
  });
  it.each([
    [{ code: "fr", iso31661A2: "FR", iso31661A3: "FRA" }, "code", "two-letter country code"],
    [{ code: "FR", iso31661A2: "FRA", iso31661A3: "FRA" }, "iso31661A2", "ISO 3166-1 alpha-2"],
    [{ code: "FR", iso31661A2: "FR", iso31661A3: "FR" }, "iso31661A3", "ISO 3166-1 alpha-3"],
  ])("refuses %j at %s", (value, field, fragment) => {
    const issue = countrySchema.safeParse(value).error?.issues[0];
    expect(issue?.path).toEqual([field]);
    expect(issue?.message).toContain(fragment);
  });
});

describe("roundnessSchema", () => {
  it.each(["NONE", "MEDIUM", "HIGH"])("accepts %s", (value) => {
    expect(roundnessSchema.parse(value)).toBe(value);
  });
  it.each(["LOW", "high", ""])("refuses %j", (value) => {
    expect(roundnessSchema.safeParse(value).success).toBe(false);
  });
});
