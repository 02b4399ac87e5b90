// Which site key minted a captcha token, when that key is a page's own (pages.json
// `captchaSiteKey`, spec §5 "Captcha": the key may change per page). Tokens travel as plain strings
// from the captcha provider through the screens to the client; the client looks the key up here
// when it sends a token (reqMetadata.captchaSiteKey), so the proxy verifies the token with that
// key's secret (RECAPTCHA_PAGE_SECRETS). Tokens of the deploy's key are never recorded: their calls
// go exactly as before. No React: the client imports this.

/** Tokens are single-use and sent at once: a few recent ones are plenty. */
const REMEMBERED_TOKENS = 8;
const pageKeyByToken = new Map<string, string>();

/** Called by the captcha provider for a token minted with a page's own key. */
export function rememberPageKeyToken(token: string, siteKey: string): void {
  pageKeyByToken.delete(token);
  pageKeyByToken.set(token, siteKey);
  for (const oldest of pageKeyByToken.keys()) {
    if (pageKeyByToken.size <= REMEMBERED_TOKENS) break;
    pageKeyByToken.delete(oldest);
  }
}

/** The page key that minted `token`; undefined for the deploy's key (or a token not minted here). */
export function pageKeyOfToken(token: string): string | undefined {
  return pageKeyByToken.get(token);
}

/** Tests: a fresh window. */
export function forgetPageKeyTokens(): void {
  pageKeyByToken.clear();
}
