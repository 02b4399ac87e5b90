import { configTextItems, fillConfigText } from "./config-text";
import { itReturns } from "../test/tables";

describe("spec §3 [theaterName] and §9 '{0}' in config texts", () => {
  it.each<[string, string, Parameters<typeof fillConfigText>[1], string]>([
    [
      "the current theater",
      "Welcome to [theaterName]",
      { siteName: "Starlight", theaterName: "Starlight Austin" },
      "Welcome to Starlight Austin",
    ],
    ["no theater: the site's name", "Welcome to [theaterName]", { siteName: "Starlight" }, "Welcome to Starlight"],
    ["every occurrence", "[theaterName] · [theaterName]", { siteName: "S", theaterName: "T" }, "T · T"],
    ["{0}", "Hello {0}", { siteName: "S", first: "Ada" }, "Hello Ada"],
    ["{0} with nothing to put there", "Hello {0}", { siteName: "S" }, "Hello"],
    ["no placeholder", "Mon compte", { siteName: "S", first: "Ada" }, "Mon compte"],
  ])("%s", (_case, text, values, expected) => {
    expect(fillConfigText(text, values)).toBe(expected);
  });
});

describe("spec §9 list separator '|'", () => {
  itReturns(
    configTextItems,
    [
      ["One text", ["One text"]],
      [
        "Points on every ticket | Free popcorn on your birthday",
        ["Points on every ticket", "Free popcorn on your birthday"],
      ],
      ["a||b|", ["a", "b"]],
      ["", []],
    ],
    "%j",
  );
});
