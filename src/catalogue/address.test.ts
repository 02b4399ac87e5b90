import { addressLines, mapsUrl } from "./address";

const base = { line1: "1 Main St", city: "Austin", postalCode: "78701" };

describe("a theater's address, in the way of its country", () => {
  it.each([
    ["US: the ZIP code after the state", "US", { ...base, region: "TX" }, ["1 Main St", "Austin, TX 78701"]],
    ["US without a state", "US", base, ["1 Main St", "Austin 78701"]],
    ["Canada like the US", "CA", { ...base, region: "ON" }, ["1 Main St", "Austin, ON 78701"]],
    [
      "France: the postal code before the town; a second line kept",
      "FR",
      { line1: "12 rue Oberkampf", line2: "Cour B", city: "Paris", postalCode: "75011" },
      ["12 rue Oberkampf", "Cour B", "75011 Paris"],
    ],
    [
      "UK: town and postcode on lines of their own",
      "GB",
      { line1: "1 High St", city: "London", postalCode: "N1 9GU" },
      ["1 High St", "London", "N1 9GU"],
    ],
    ["a lower-case country code", "us", { ...base, region: "TX" }, ["1 Main St", "Austin, TX 78701"]],
  ])("%s", (_rule, country, address, expected) => {
    expect(addressLines(address, country)).toEqual(expected);
  });
});

describe("a theater's map link", () => {
  it.each([
    [
      "US: the address as the country writes it, on one line, encoded",
      "US",
      { line1: "401 Main Street", city: "Austin", postalCode: "78701", region: "TX" },
      "https://www.google.com/maps/search/?api=1&query=401%20Main%20Street%2C%20Austin%2C%20TX%2078701",
    ],
    [
      "France: accents and a second line",
      "FR",
      { line1: "12 rue Royale", line2: "Cour B", city: "Annecy", postalCode: "74000" },
      "https://www.google.com/maps/search/?api=1&query=12%20rue%20Royale%2C%20Cour%20B%2C%2074000%20Annecy",
    ],
    [
      "signs of the query's own (& # ?) stay inside it",
      "US",
      { line1: "1 A&B Plaza #2?", city: "Austin", postalCode: "78701" },
      "https://www.google.com/maps/search/?api=1&query=1%20A%26B%20Plaza%20%232%3F%2C%20Austin%2078701",
    ],
  ])("%s", (_rule, country, address, expected) => {
    expect(mapsUrl(address, country)).toBe(expected);
    expect(new URL(expected).protocol).toBe("https:");
  });
});
