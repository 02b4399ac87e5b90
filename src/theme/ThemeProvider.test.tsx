import { render, screen } from "@testing-library/react";
import { declaredInState, declaredUnderMedia } from "../test/css";
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
        <h2>Heading</h2>
        <p>
          Text with <strong>bold</strong> words.
        </p>
        <button type="button">Book</button>
        <span className="visually-hidden">For screen readers</span>
      </SiteThemeProvider>,
    );
  });

  it("the body is set in the body font, in the text colour, on the page background", () => {
    expect(document.body).toHaveStyle({
      fontFamily: theme.fonts.body,
      color: theme.colours.text,
      backgroundColor: theme.colours.pageBackground,
    });
  });

  it("headings use the heading font and weight; bold text the bold weight", () => {
    expect(screen.getByRole("heading", { name: "Heading" })).toHaveStyle({
      fontFamily: theme.fonts.heading,
      fontWeight: "600",
    });
    expect(screen.getByText("bold")).toHaveStyle({ fontWeight: "700" });
  });

  it("boxes are sized border-box, so padding never widens a layout", () => {
    expect(screen.getByRole("button")).toHaveStyle({ boxSizing: "border-box" });
  });

  it("a focused control shows a 3 px outline in the focus colour, which a region can override", () => {
    expect(declaredInState(screen.getByRole("button"), ":focus-visible", "outline")).toBe(
      `3px solid var(--focus-ring-colour, ${focusRingColour(theme)})`,
    );
  });

  it("with reduced motion asked for, animations and transitions end at once", () => {
    const button = screen.getByRole("button");
    const reduce = "(prefers-reduced-motion: reduce)";
    expect(declaredUnderMedia(button, reduce, "animation-duration")).toBe("0.01ms");
    expect(declaredUnderMedia(button, reduce, "transition-duration")).toBe("0.01ms");
  });

  it(".visually-hidden text is kept for screen readers but takes a 1 px box out of the flow", () => {
    expect(screen.getByText("For screen readers")).toHaveStyle({ position: "absolute", width: "1px", height: "1px" });
  });

  it("the focus outline reaches 3:1 against every content surface (yellow primary is darkened for it)", () => {
    const ring = focusRingColour(theme);
    expect(ring).not.toBe("#ffcc00");
    for (const bg of [theme.colours.background, theme.colours.backgroundWithOffset, theme.colours.pageBackground]) {
      expect(contrastRatio(ring, bg)).toBeGreaterThanOrEqual(3);
    }
  });
});
