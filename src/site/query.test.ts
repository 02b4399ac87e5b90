import { parseQuery } from "./query";

// Spec §2: "The current query string is parsed into an object. The texts true and false become
// booleans and numeric text becomes numbers."
describe("parseQuery", () => {
  it.each([
    ["true becomes a boolean", "?flag=true", { flag: true }],
    ["false becomes a boolean", "?flag=false", { flag: false }],
    ["numeric text becomes a number", "?perfCode=1234", { perfCode: 1234 }],
    ["negative and decimal numbers", "?a=-5&b=2.5", { a: -5, b: 2.5 }],
    ["other text stays text", "?return=/websales/sales/LUM01", { return: "/websales/sales/LUM01" }],
    ["leading zeros stay text (codes survive)", "?code=007", { code: "007" }],
    ["exponent and hex forms stay text", "?a=1e3&b=0x1F", { a: "1e3", b: "0x1F" }],
    ["numbers beyond safe integers stay text", "?id=12345678901234567890", { id: "12345678901234567890" }],
    ["percent-encoding is decoded", "?email=a%40b.fr", { email: "a@b.fr" }],
    ["a repeated key collects its values", "?t=1&t=two&t=true", { t: [1, "two", true] }],
    ["an empty query is an empty object", "", {}],
    ["the leading ? is optional", "a=1", { a: 1 }],
    ["TRUE in capitals is text", "?flag=TRUE", { flag: "TRUE" }],
  ])("%s", (_sentence, search, expected) => {
    expect(parseQuery(search)).toEqual(expected);
  });
});
