import { normaliseForSearch, titleMatches } from "./search";

describe("the film search", () => {
  it.each([
    ["Orbite basse", "orbite", true],
    ["Orbite basse", "  ORBITE  basse ", true],
    ["Les Ombres du lac", "ombres lac", false],
    ["L'Été dernier", "lete", true],
    ["L'Été dernier", "L'Été", true],
    ["Fast & Furious", "fast  furious", true],
    ["Fast & Furious", "Fast & Furious", true],
    ['Le "Grand" Soir', "le grand soir", true],
    ["Mère et fille", "mere", true],
    ["Mère et fille", "pere", false],
  ])("%j answers %j: %s", (title, query, expected) => {
    expect(titleMatches(title, query)).toBe(expected);
  });

  it("drops what the search box drops as it is typed (spec §5), and the spaces left behind", () => {
    expect(normaliseForSearch(" <b>Fast</b> & 'Furious' ")).toBe("bfast/b furious");
  });
});
