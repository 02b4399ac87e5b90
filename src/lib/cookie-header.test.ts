import { cookieValue } from "./cookie-header";

describe("reading one cookie from a Cookie header", () => {
  it.each<[string, string | undefined, string | null]>([
    ["the only cookie", "clubToken=abc", "abc"],
    ["among others, with spaces", "a=1; clubToken=abc ; b=2", "abc"],
    ["percent-encoded", "clubToken=a%2Fb%3D", "a/b="],
    ["a name that only ends the same", "xclubToken=abc", null],
    ["a name that only starts the same", "clubTokenX=abc", null],
    ["absent", "a=1; b=2", null],
    ["empty", "clubToken=", null],
    ["not decodable", "clubToken=%E0%A4%A", null],
    ["no header", undefined, null],
    ["the first of two", "clubToken=first; clubToken=second", "first"],
  ])("%s", (_case, header, expected) => {
    expect(cookieValue(header, "clubToken")).toBe(expected);
  });
});

describe("reading a raw cookie value (one the server set without encoding)", () => {
  it.each<[string, string | undefined, string | null]>([
    ["kept as sent", "memberRefresh=a%2Fb", "a%2Fb"],
    ["even when not decodable", "a=1; memberRefresh=%E0%A4%A", "%E0%A4%A"],
    ["empty", "memberRefresh=", null],
    ["absent", "a=1", null],
  ])("%s", (_case, header, expected) => {
    expect(cookieValue(header, "memberRefresh", { raw: true })).toBe(expected);
  });
});
