import { formatDuration } from "./format";

// Issue 18: a running time reads in the locale's own units (Intl.DurationFormat's "short" style),
// not "2h12min". Spaces inside a unit are the locale's non-breaking ones, so the test folds them.
const folded = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("formatDuration", () => {
  it.each<[string, number, string]>([
    ["fr-FR", 132, "2 h 12 min"],
    ["fr-FR", 120, "2 h"],
    ["fr-FR", 45, "45 min"],
    ["fr-FR", 61, "1 h 1 min"],
    ["en-US", 132, "2 hr 12 min"],
    ["en-US", 120, "2 hr"],
    ["en-US", 45, "45 min"],
    ["en-US", 0, "0 min"],
  ])("%s: %i minutes read %j", (locale, minutes, expected) => {
    expect(folded(formatDuration(locale, minutes))).toBe(expected);
  });

  it("keeps a unit with its number on one line (no plain space inside a unit)", () => {
    const text = formatDuration("fr-FR", 132);
    expect(text.split(" ")).toHaveLength(2);
  });
});
