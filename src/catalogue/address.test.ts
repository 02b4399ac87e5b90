import { addressLines } from "./address";

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
