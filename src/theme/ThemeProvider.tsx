import type { ReactNode } from "react";
import { ThemeProvider, createGlobalStyle, css } from "styled-components";
import { REDUCED_MOTION } from "./scales";
import type { SiteTheme } from "./theme";

export type SiteThemeProviderProps = { theme: SiteTheme; children?: ReactNode };

export function SiteThemeProvider({ theme, children }: SiteThemeProviderProps) {
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}

/** Hidden visually but still read by screen readers (unlike display:none). */
export const visuallyHiddenCss = css`
  position: absolute !important;
  width: 1px !important;
  height: 1px !important;
  padding: 0 !important;
  margin: -1px !important;
  overflow: hidden !important;
  clip: rect(0, 0, 0, 0) !important;
  white-space: nowrap !important;
  border: 0 !important;
`;

/**
 * The focus ring colour (the focusRing token: 3:1 or more on every content surface, as WCAG asks
 * of focus indicators). Regions with their own background (header, footer, buttons) override
 * `--focus-ring-colour` with the matching readableOn token.
 */
export const focusRingColour = (theme: SiteTheme): string => theme.colours.focusRing;

export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after {
    box-sizing: border-box;
  }

  html {
    -webkit-text-size-adjust: 100%;
  }

  body {
    margin: 0;
    font-family: ${({ theme }) => theme.fonts.body};
    font-weight: ${({ theme }) => theme.fontWeights.body};
    color: ${({ theme }) => theme.colours.text};
    background-color: ${({ theme }) => theme.colours.pageBackground};
  }

  h1, h2, h3, h4, h5, h6 {
    font-family: ${({ theme }) => theme.fonts.heading};
    font-weight: ${({ theme }) => theme.fontWeights.heading};
  }

  b, strong {
    font-weight: ${({ theme }) => theme.fontWeights.bold};
  }

  /* The static rules that use these are in global.css (no JavaScript weight). */
  :root {
    --link-colour: ${({ theme }) => theme.colours.link};
    --error-colour: ${({ theme }) => theme.colours.error};
  }

  :focus-visible {
    outline: 3px solid var(--focus-ring-colour, ${({ theme }) => focusRingColour(theme)});
    outline-offset: 2px;
  }

  ${REDUCED_MOTION} {
    *, *::before, *::after {
      animation-duration: 0.01ms !important;
      animation-iteration-count: 1 !important;
      transition-duration: 0.01ms !important;
      scroll-behavior: auto !important;
    }
  }

  .visually-hidden {
    ${visuallyHiddenCss}
  }
`;
