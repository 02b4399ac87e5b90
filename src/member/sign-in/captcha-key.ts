// Which reCAPTCHA site key a page runs with (spec §5 "Captcha": "The captcha site key can be
// changed per page, except when the page is opened in a popup or an iframe"). Pure, so the rule
// is tested without a browser.

export interface CaptchaKeyChoice {
  /** GATSBY_RECAPTCHA_SITE_KEY, the deploy's key; "" when the deploy has none. */
  readonly deployKey: string;
  /** The page's own key (pages.json `captchaSiteKey`), when it has one. */
  readonly pageKey?: string | null | undefined;
  /** The key the window loaded first, if any. */
  readonly keyInUse: string | null;
  /** Opened by another window (popup) or inside a frame. */
  readonly embedded: boolean;
}

/**
 * "" means no captcha on this page. A popup or a frame keeps the key it started with: its host
 * page owns the badge and the script, and swapping keys there would reload them under it.
 */
export function captchaSiteKeyFor({ deployKey, pageKey, keyInUse, embedded }: CaptchaKeyChoice): string {
  if (embedded && keyInUse) return keyInUse;
  return pageKey?.trim() || deployKey.trim();
}

/** True when this window is a popup or sits in a frame. A cross-origin parent counts as a frame. */
export function isEmbeddedWindow(win: Window): boolean {
  try {
    return win.opener != null || win.parent !== win;
  } catch {
    return true;
  }
}
