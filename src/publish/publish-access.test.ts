import { itReturnsPerCase } from "../test/tables";
import { bearerTokenOf, mayPublish, tokenMatches } from "./publish-access";

const TOKEN = "c2VjcmV0LXB1Ymxpc2gtdG9rZW4tMjAyNg";

describe("who may publish", () => {
  itReturnsPerCase(
    (authorization: string | undefined) => mayPublish(authorization, TOKEN),
    [
      ["the token", `Bearer ${TOKEN}`, true],
      ["the scheme in any case", `bearer ${TOKEN}`, true],
      ["no header", undefined, false],
      ["an empty header", "", false],
      ["another token", "Bearer c2VjcmV0LXB1Ymxpc2gtdG9rZW4tMjAyNw", false],
      ["the token with more after it", `Bearer ${TOKEN}x`, false],
      ["the token's beginning", `Bearer ${TOKEN.slice(0, 10)}`, false],
      ["the token in another scheme", `Basic ${TOKEN}`, false],
      ["the token without a scheme", TOKEN, false],
      ["the scheme without a token", "Bearer ", false],
      ["two tokens", `Bearer ${TOKEN} ${TOKEN}`, false],
    ],
  );
});

describe("the bearer token of a header", () => {
  itReturnsPerCase(bearerTokenOf, [
    ["RFC 6750's characters", "Bearer a-b.c_d~e+f/g==", "a-b.c_d~e+f/g=="],
    ["spaces around", "Bearer   abc ", "abc"],
    ["a character outside them", "Bearer abc\u00e9", null],
    ["a line break", "Bearer abc\ndef", null],
  ]);
});

it("tokens of different lengths compare without throwing", () => {
  expect(tokenMatches("a", "a much longer expected token")).toBe(false);
  expect(tokenMatches("same", "same")).toBe(true);
});
