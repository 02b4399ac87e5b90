import { countrySchema, hexColour, httpUrl, isoDate, roundnessSchema, slug, timeZone } from "./common";

describe("hexColour", () => {
  it.each(["#abc", "#ABC", "#1a2b3c", "#A1B2C3", "#000000"])("accepts %s", (value) => {
    expect(hexColour.safeParse(value).success).toBe(true);
  });
  it.each(["abc", "#abcd", "#12345", "#1234567", "#12345g", "red", "rgb(0,0,0)", "", " #abc"])(
    "refuses %j with a hint",
    (value) => {
      const result = hexColour.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toContain("expected a hex colour");
    },
  );
});

describe("isoDate", () => {
  it.each(["2026-11-18", "2028-02-29", "2026-12-31"])("accepts %s", (value) => {
    expect(isoDate.safeParse(value).success).toBe(true);
  });
  it.each(["2027-02-29", "2026-02-30", "2026-13-01", "18/11/2026", "2026-1-1", "2026-11-18T00:00:00Z", ""])(
    "refuses %j",
    (value) => {
      const result = isoDate.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toContain('expected a date written "YYYY-MM-DD"');
    },
  );
});

describe("slug", () => {
  it.each(["", "about", "infos-pratiques", "a/b-c", "films2026", "2026"])("accepts %j", (value) => {
    expect(slug.safeParse(value).success).toBe(true);
  });
  it.each(["/about", "about/", "About", "a--b", "a//b", "a b", "-a", "a-", "café", "a_b"])("refuses %j", (value) => {
    const result = slug.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain("expected a slug");
  });
});

describe("httpUrl", () => {
  it.each(["http://example.com", "https://example.com/a?b=c#d", "https://billetterie.cinema-lumiere.fr"])(
    "accepts %s",
    (value) => {
      expect(httpUrl.safeParse(value).success).toBe(true);
    },
  );
  it.each(["javascript:alert(1)", "data:text/html,hi", "ftp://example.com", "/relative/path", "example.com", ""])(
    "refuses %j",
    (value) => {
      const result = httpUrl.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toContain("expected an absolute http:// or https:// URL");
    },
  );
});

describe("timeZone", () => {
  it.each(["UTC", "Europe/Paris", "America/Chicago", "Australia/Sydney"])("accepts %s", (value) => {
    expect(timeZone.safeParse(value).success).toBe(true);
  });
  it.each(["Europe/Atlantis", "Mars/Olympus_Mons", "", "GMT+25"])("refuses %j", (value) => {
    const result = timeZone.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain("expected an IANA time zone");
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
