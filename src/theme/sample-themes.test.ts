// Issue 18: links, focus rings, form errors and the logo plate come from the same contrast
// guarantee as text, on both sample sites (the French light theme, the US dark one).
import { readFileSync } from "node:fs";
import path from "node:path";
import { contrastRatio, deltaE2000, isLight } from "./colour";
import { deriveColourTokens, type Palette, type ThemeSurfaceSettings } from "./tokens";

type ThemeFile = { colors: { palette: Palette }; settings: ThemeSurfaceSettings };

function sampleTokens(site: string) {
  const file = path.join(__dirname, "..", "..", "site-config", site, "theme.json");
  const theme = JSON.parse(readFileSync(file, "utf8")) as ThemeFile;
  return deriveColourTokens(theme.colors.palette, theme.settings);
}

const SITES = ["lumiere", "starlight"] as const;

describe.each(SITES)("the %s sample theme", (site) => {
  const tokens = sampleTokens(site);
  const surfaces = [tokens.background, tokens.backgroundWithOffset, tokens.pageBackground];
  const worst = (colour: string) => Math.min(...surfaces.map((surface) => contrastRatio(colour, surface)));

  it("links reach 4.5:1 on every content surface (the US site had the browser's blue at 1.61:1)", () => {
    expect(worst(tokens.link)).toBeGreaterThanOrEqual(4.5);
  });

  it("links stay the brand's primary where it is readable", () => {
    expect(tokens.link).toBe(tokens.readablePrimary);
  });

  it("the focus ring reaches 3:1 on every content surface", () => {
    expect(worst(tokens.focusRing)).toBeGreaterThanOrEqual(3);
  });

  it("the ring of primary-filled buttons reaches 3:1 on the surfaces and is not the button's own colour", () => {
    expect(worst(tokens.focusRingOnPrimary)).toBeGreaterThanOrEqual(3);
    expect(tokens.focusRingOnPrimary).not.toBe(tokens.primary);
    expect(deltaE2000(tokens.focusRingOnPrimary, tokens.primary)).toBeGreaterThan(20);
  });

  it("form errors are readable (4.5:1) on every content surface", () => {
    expect(worst(tokens.error)).toBeGreaterThanOrEqual(4.5);
  });

  it("the logo sits on a light plate, never on a dark header's colour", () => {
    expect(isLight(tokens.logoPlate)).toBe(true);
  });
});

it("the US header is dark, so its logo gets a plate of its own (not the header's blue)", () => {
  const tokens = sampleTokens("starlight");
  expect(isLight(tokens.headerBackground)).toBe(false);
  expect(tokens.logoPlate).not.toBe(tokens.headerBackground);
  // The logo's own navy (#0B3C5D, the header's colour) stands out on the plate.
  expect(contrastRatio("#0b3c5d", tokens.logoPlate)).toBeGreaterThanOrEqual(4.5);
});

it("the French header is light: the logo shows on the header itself", () => {
  const tokens = sampleTokens("lumiere");
  expect(tokens.logoPlate).toBe(tokens.headerBackground);
});
