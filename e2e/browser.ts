// The browser the tests run in. Debian's headless build of Chromium (package
// chromium-headless-shell), the kind Playwright runs headless tests in by default: on 2 cores the
// same specs take about 30 % less time than in the full browser (layout and account specs: 166 s
// against 235 s). The full browser where the shell is not installed; CHROMIUM_PATH overrides both.
import { existsSync } from "node:fs";

const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
export const FULL_BROWSER = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
export const BROWSER = process.env.CHROMIUM_PATH || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_BROWSER);

/** The flags every test browser starts with (playwright.config.ts). */
export const BROWSER_ARGS = [
  "--no-sandbox",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  // A point-of-sale host on its public origin framing the site served on localhost
  // (embedding.spec.ts): Chrome's Local Network Access checks would block what production,
  // with both on public origins, never meets.
  "--disable-features=LocalNetworkAccessChecks",
];
