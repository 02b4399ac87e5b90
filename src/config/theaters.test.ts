import { minimalTheaters } from "./__fixtures__/minimal";
import { problemsOf } from "./__fixtures__/issues";
import { theatersFileSchema } from "./theaters";

const base = minimalTheaters.theaters[0];

describe("theatersFileSchema", () => {
  it("parses a minimal theater; accessibility defaults to [] and the optional fields stay unset", () => {
    const [theater] = theatersFileSchema.parse(minimalTheaters).theaters;
    expect(theater).toEqual({ ...base, accessibility: [], openingHours: [] });
    expect(theater?.timeZone).toBeUndefined();
    expect(theater?.theaterCode).toBeUndefined();
    expect(theater?.slug).toBeUndefined();
  });

  it.each<[string, unknown, string, string]>([
    ["no theaters", { theaters: [] }, "theaters", "expected array to have >=1 items"],
    [
      "a theater code with a space",
      { theaters: [{ ...base, theaterCode: "LUM 01" }] },
      "theaters[0].theaterCode",
      "expected letters, digits, '-' or '_'",
    ],
    [
      "a slug with a leading slash",
      { theaters: [{ ...base, slug: "/annecy" }] },
      "theaters[0].slug",
      "expected a slug",
    ],
    [
      "an unknown time zone",
      { theaters: [{ ...base, timeZone: "Europe/Annecy" }] },
      "theaters[0].timeZone",
      "expected an IANA time zone",
    ],
    [
      "a missing city",
      { theaters: [{ ...base, address: { line1: "1 Main St", postalCode: "1" } }] },
      "theaters[0].address.city",
      "(missing)",
    ],
    ["zero screens", { theaters: [{ ...base, screens: 0 }] }, "theaters[0].screens", "expected number to be >0"],
    ["a misspelled field", { theaters: [{ ...base, adress: {} }] }, "theaters[0].adress", "unknown field"],
    // Shown in every page's footer: a pasted document is a mistake, not a name.
    [
      "a name of 2,000,000 characters",
      { theaters: [{ ...base, name: "n".repeat(2_000_000) }] },
      "theaters[0].name",
      "expected at most 200 characters",
    ],
    [
      "an address line of 500 characters",
      { theaters: [{ ...base, address: { ...base!.address, line1: "l".repeat(500) } }] },
      "theaters[0].address.line1",
      "expected at most 200 characters",
    ],
    [
      "a postal code of 50 characters",
      { theaters: [{ ...base, address: { ...base!.address, postalCode: "7".repeat(50) } }] },
      "theaters[0].address.postalCode",
      "expected at most 20 characters",
    ],
    [
      "a phone number of 100 characters",
      { theaters: [{ ...base, phone: "0".repeat(100) }] },
      "theaters[0].phone",
      "expected at most 40 characters",
    ],
    // Issue 42: amenities are short labels, listed on the theater list.
    ["an empty amenity", { theaters: [{ ...base, amenities: ["Bar", ""] }] }, "theaters[0].amenities[1]", ">=1"],
    [
      "an amenity of 150 characters",
      { theaters: [{ ...base, amenities: ["a".repeat(150)] }] },
      "theaters[0].amenities[0]",
      "expected at most 100 characters",
    ],
    [
      "21 amenities",
      { theaters: [{ ...base, amenities: Array.from({ length: 21 }, (_, i) => `Amenity ${i}`) }] },
      "theaters[0].amenities",
      "expected at most 20 amenities",
    ],
    ["amenities as one text", { theaters: [{ ...base, amenities: "Bar, parking" }] }, "theaters[0].amenities", "array"],
  ])("refuses %s at %s", (_case, data, field, fragment) => {
    expect(problemsOf(theatersFileSchema, data)).toEqual([{ field, message: expect.stringContaining(fragment) }]);
  });

  it("keeps a theater's amenities as given, in order", () => {
    const amenities = ["Recliner seats", "Bar & kitchen"];
    expect(theatersFileSchema.parse({ theaters: [{ ...base, amenities }] }).theaters[0]?.amenities).toEqual(amenities);
  });
});
