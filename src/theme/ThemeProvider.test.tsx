import { render, screen } from "@testing-library/react";
import styled from "styled-components";
import { contrastRatio } from "./colour";
import { GlobalStyle, SiteThemeProvider, focusRingColour } from "./ThemeProvider";
import { type ThemeInput, buildTheme } from "./theme";

// Jest resolves styled-components' "main" (its server build), which never injects
// createGlobalStyle rules into the DOM; the browser build is what Gatsby ships.
jest.mock("styled-components", () => jest.requireActual("styled-components/dist/styled-components.browser.cjs.js"));

const input: ThemeInput = {
  palette: {
    primary: "#ffcc00",
    accent: "#0077c8",
    highlight: "#c8102e",
    muted: "#8a8a8a",
    background: "#ffffff",
    footerBackground: "#212020",
    headerBackground: "#f7f7f7",
  },
  fonts: { body: { family: "Inter", weights: ["400"] }, heading: { family: "Oswald", weights: ["600"] } },
  fontWeights: { body: 400, heading: 600, bold: 700 },
};
const theme = buildTheme(input);

const styleText = (): string =>
  Array.from(document.querySelectorAll("style"))
    .map((s) => s.textContent ?? "")
    .join("\n");

// styled-components may minify whitespace; compare without it.
const squash = (s: string): string => s.replace(/\s+/g, "");

describe("SiteThemeProvider", () => {
  it("hands the theme to styled components", () => {
    const Probe = styled.p`
      color: ${({ theme: t }) => t.colours.readablePrimary};
    `;
    render(
      <SiteThemeProvider theme={theme}>
        <Probe>probe</Probe>
      </SiteThemeProvider>,
    );
    expect(screen.getByText("probe")).toHaveStyle({ color: theme.colours.readablePrimary });
  });
});

describe("GlobalStyle", () => {
  beforeEach(() => {
    render(
      <SiteThemeProvider theme={theme}>
        <GlobalStyle />
      </SiteThemeProvider>,
    );
  });

  it.each([
    ["box-sizing: border-box everywhere", "*,*::before,*::after{box-sizing:border-box;}"],
    ["body font is the body stack", `font-family:${theme.fonts.body}`],
    ["body colour is the text token", `color:${theme.colours.text}`],
    ["body background is the page background token", `background-color:${theme.colours.pageBackground}`],
    ["headings use the heading stack and weight", `font-family:${theme.fonts.heading};font-weight:600`],
    ["bold uses the bold weight", "b,strong{font-weight:700;}"],
    [
      "focus-visible outline uses the focus token",
      `outline:3pxsolidvar(--focus-ring-colour,${theme.colours.readablePrimary})`,
    ],
    [
      "prefers-reduced-motion turns animation off",
      "@media(prefers-reduced-motion:reduce){*,*::before,*::after{animation-duration:0.01ms!important;",
    ],
    ["prefers-reduced-motion turns transitions off", "transition-duration:0.01ms!important"],
    [
      ".visually-hidden utility",
      ".visually-hidden{position:absolute!important;width:1px!important;height:1px!important;",
    ],
  ])("%s", (_rule, fragment) => {
    expect(squash(styleText())).toContain(squash(fragment));
  });

  it("the focus outline reaches 3:1 against every content surface (yellow primary is darkened for it)", () => {
    const ring = focusRingColour(theme);
    expect(ring).not.toBe("#ffcc00");
    for (const bg of [theme.colours.background, theme.colours.backgroundWithOffset, theme.colours.pageBackground]) {
      expect(contrastRatio(ring, bg)).toBeGreaterThanOrEqual(3);
    }
  });
});
