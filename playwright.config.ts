import { defineConfig } from "@playwright/test";

/**
 * Browser tests against the built site (public/), served by the same server as `npm start`:
 * `npm run serve` (scripts/serve.mjs → `gatsby serve`). Build first with `npm run build`.
 *
 * A dedicated port keeps the tests off a developer's `npm start` on 9000; override with E2E_PORT.
 * Browsers are not downloaded here: the system Chromium is used (override with CHROMIUM_PATH).
 */
const PORT = Number(process.env.E2E_PORT || 9123);
const baseURL = `http://localhost:${PORT}`;
const isCI = !!process.env.CI;

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.spec.ts",
  outputDir: "test-results",
  fullyParallel: true,
  forbidOnly: isCI,
  retries: isCI ? 1 : 0,
  workers: 2,
  reporter: "list",
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL,
    headless: true,
    locale: "fr-FR",
    timezoneId: "Europe/Paris",
    viewport: { width: 1280, height: 800 },
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
  webServer: {
    command: "npm run serve",
    env: { PORT: String(PORT) },
    url: `${baseURL}/`,
    reuseExistingServer: !isCI,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
  },
});
