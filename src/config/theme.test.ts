import { minimalTheme } from "./__fixtures__/minimal";
import { edited, problemsOf } from "./__fixtures__/issues";
import { siteThemeSchema } from "./theme";

type Mutable = Record<string, unknown>;

describe("siteThemeSchema defaults", () => {
  const parsed = siteThemeSchema.parse(minimalTheme);

  it("rounds buttons HIGH and content MEDIUM", () => {
    expect(parsed.roundness).toEqual({ buttons: "HIGH", content: "MEDIUM" });
  });

  it("uses the classic header, column footer, medium logo, with search and mobile footer links", () => {
    expect(parsed.layout).toEqual({
      headerLayout: "classic",
      footerLayout: "columns",
      logoSize: "medium",
      hasSearch: true,
      footerMobileLinks: true,
    });
  });

  it("weights body 400, heading 700, bold 700 and loads 400 and 700 of each font", () => {
    expect(parsed.fontWeights).toEqual({ body: 400, heading: 700, bold: 700 });
    expect(parsed.fonts).toEqual({
      body: { family: "Inter", weights: ["400", "700"] },
      heading: { family: "Lora", weights: ["400", "700"] },
    });
  });

  it("has no font styles, no brand colours and no surface settings", () => {
    expect(parsed.fontStyles).toEqual({});
    expect(parsed.colors.brand1).toBeUndefined();
    expect(parsed.settings).toBeUndefined();
  });

  it("parsing the parsed defaults again changes nothing", () => {
    expect(siteThemeSchema.parse(parsed)).toEqual(parsed);
  });

  it.each([
    ["only buttons", { buttons: "NONE" }, { buttons: "NONE", content: "MEDIUM" }],
    ["only content", { content: "HIGH" }, { buttons: "HIGH", content: "HIGH" }],
    ["nothing", {}, { buttons: "HIGH", content: "MEDIUM" }],
  ])("roundness giving %s fills the other default", (_case, roundness, expected) => {
    expect(siteThemeSchema.parse({ ...minimalTheme, roundness }).roundness).toEqual(expected);
  });

  it("a partial layout keeps the other layout defaults", () => {
    expect(siteThemeSchema.parse({ ...minimalTheme, layout: { logoSize: "large", hasSearch: false } }).layout).toEqual({
      headerLayout: "classic",
      footerLayout: "columns",
      logoSize: "large",
      hasSearch: false,
      footerMobileLinks: true,
    });
  });
});

describe("siteThemeSchema refuses, naming the field and what was expected", () => {
  it.each<[string, (t: Mutable) => void, string, string]>([
    [
      "a named colour",
      (t) => (t.colors = { palette: { ...minimalTheme.colors.palette, primary: "crimson" } }),
      "colors.palette.primary",
      'expected a hex colour such as "#1a2b3c" (received "crimson")',
    ],
    [
      "a 5-digit colour",
      (t) => (t.colors = { palette: { ...minimalTheme.colors.palette, accent: "#12345" } }),
      "colors.palette.accent",
      "expected a hex colour",
    ],
    [
      "a bad brand colour",
      (t) => (t.colors = { ...minimalTheme.colors, brand3: "#ggg" }),
      "colors.brand3",
      "expected a hex colour",
    ],
    [
      "a missing palette colour",
      (t) => {
        const { muted: _muted, ...palette } = minimalTheme.colors.palette;
        t.colors = { palette };
      },
      "colors.palette.muted",
      "expected string, received undefined (missing)",
    ],
    [
      "an unknown palette colour",
      (t) => (t.colors = { palette: { ...minimalTheme.colors.palette, secondary: "#fff" } }),
      "colors.palette.secondary",
      "unknown field",
    ],
    [
      "a font weight of 450",
      (t) => (t.fonts = { body: { family: "Inter", weights: ["450"] }, heading: { family: "Lora" } }),
      "fonts.body.weights[0]",
      'expected a weight from "100" to "900"',
    ],
    [
      "no font family",
      (t) => (t.fonts = { body: { family: "" }, heading: { family: "Lora" } }),
      "fonts.body.family",
      "expected string to have >=1 characters",
    ],
    [
      "a numeric weight of 450",
      (t) => (t.fontWeights = { body: 450, heading: 700, bold: 700 }),
      "fontWeights.body",
      "multiple of 100",
    ],
    [
      "an unknown roundness",
      (t) => (t.roundness = { buttons: "ROUND" }),
      "roundness.buttons",
      'expected one of "NONE"|"MEDIUM"|"HIGH"',
    ],
    [
      "an unknown header layout",
      (t) => (t.layout = { headerLayout: "left" }),
      "layout.headerLayout",
      'expected one of "classic"|"centered"',
    ],
    ["a misspelled layout field", (t) => (t.layout = { logosize: "large" }), "layout.logosize", "unknown field"],
    [
      "a tint beyond 100%",
      (t) =>
        (t.settings = {
          background: { tintShade: 120, paletteColor: "background" },
          footerBackground: { tintShade: 0, paletteColor: "footerBackground" },
          headerBackground: { tintShade: 0, paletteColor: "headerBackground" },
          combination: { name: "x", swap: false },
        }),
      "settings.background.tintShade",
      "expected number to be <=100",
    ],
  ])("%s", (_case, breakIt, field, fragment) => {
    const problems = problemsOf(siteThemeSchema, edited<Mutable>({ ...minimalTheme }, breakIt));
    expect(problems).toEqual([{ field, message: expect.stringContaining(fragment) }]);
  });
});
