// Browser-safe entry point. font-assets.ts is deliberately not re-exported:
// it uses node:fs and must only be imported from Gatsby's Node APIs.
export * from "./colour";
export * from "./tokens";
export * from "./scales";
export * from "./fonts";
export * from "./theme";
export { SiteThemeProvider, GlobalStyle, focusRingColour, visuallyHiddenCss } from "./ThemeProvider";
export type { SiteThemeProviderProps } from "./ThemeProvider";
export { Spinner } from "./Spinner";
export type { SpinnerProps } from "./Spinner";
