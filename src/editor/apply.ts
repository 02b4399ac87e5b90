// What each editor message does to the running site: the theme is derived again from the changed
// input with the build's own derivation (src/theme/), so a posted colour scheme gets the same AA
// guarantee for text tokens as a built theme, and the layout switches. Pure.
import type { SiteLayoutConfig, SiteThemeConfig } from "../config/theme";
import { parseFontWeights, type FontTarget } from "../theme/fonts";
import { buildTheme, type SiteTheme, type ThemeInput } from "../theme/theme";
import type { EditorMessage } from "./messages";

/** Everything the preview can change, starting from the site's built configuration. */
export type PreviewState = { input: ThemeInput; layout: SiteLayoutConfig };

/** What the page renders with while an editor drives it. */
export type PreviewOverrides = { siteTheme: SiteTheme; layout: SiteLayoutConfig };

export function initialPreviewState(theme: SiteThemeConfig): PreviewState {
  const { colors, settings, fonts, fontWeights, roundness, layout } = theme;
  return {
    input: { palette: colors.palette, surfaces: settings, fonts, fontWeights, roundness },
    layout: { ...layout },
  };
}

/**
 * The weight a target is set in once its family changes: kept when the new family was chosen with
 * it, else the chosen weight nearest to it (upright cuts first), so the page never asks the
 * browser to synthesise a weight the operator did not pick.
 */
export function weightFor(current: number, weights: readonly string[]): number {
  const variants = parseFontWeights(weights);
  const upright = variants.filter((v) => !v.italic);
  const pool = (upright.length > 0 ? upright : variants).map((v) => v.weight);
  if (pool.includes(current as (typeof pool)[number])) return current;
  return pool.reduce((best, w) => (Math.abs(w - current) < Math.abs(best - current) ? w : best), pool[0] ?? current);
}

function withFont(input: ThemeInput, target: FontTarget, family: string, weights: string[]): ThemeInput {
  return {
    ...input,
    fonts: { ...input.fonts, [target]: { family, weights } },
    fontWeights: { ...input.fontWeights, [target]: weightFor(input.fontWeights[target], weights) },
  };
}

/** The next state; throws when the derivation refuses it (the caller then keeps the page as it is). */
export function applyEditorMessage(state: PreviewState, message: EditorMessage): PreviewState {
  switch (message.type) {
    case "colorScheme":
      return { ...state, input: { ...state.input, palette: { ...message.payload.colorScheme } } };
    case "font": {
      const { target, family, weights } = message.payload.font;
      return { ...state, input: withFont(state.input, target, family, weights) };
    }
    case "headerLayout":
      return { ...state, layout: { ...state.layout, headerLayout: message.payload.headerLayout } };
    case "footerLayout":
      return { ...state, layout: { ...state.layout, footerLayout: message.payload.footerLayout } };
    case "logoSize":
      return { ...state, layout: { ...state.layout, logoSize: message.payload.logoSize } };
    case "hasSearch":
      return { ...state, layout: { ...state.layout, hasSearch: message.payload.hasSearch } };
    case "footerMobileLinks":
      return { ...state, layout: { ...state.layout, footerMobileLinks: message.payload.footerMobileLinks } };
  }
}

/** The theme and layout the page renders for a state (throws like buildTheme on a bad input). */
export function previewOverrides(state: PreviewState): PreviewOverrides {
  return { siteTheme: buildTheme(state.input), layout: state.layout };
}
