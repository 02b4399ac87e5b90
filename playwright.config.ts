import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { defineConfig, type PlaywrightTestConfig } from "@playwright/test";
import { BROWSER, BROWSER_ARGS } from "./e2e/browser";
import { TEST_PASSWORD_COST } from "./sandbox/loyalty-provider/passwords";
import {
  EDITOR_PORT,
  PUBLISH_E2E_PORT,
  PUBLISH_E2E_TOKEN,
  SANDBOX_PORT,
  SANDBOX_URL,
  VARIANTS,
  baseUrlOf,
  type Variant,
} from "./e2e/variants";

/**
 * Browser tests against the built sites (`npm run build:e2e`), each served by the same server
 * as `npm start`: the production server of src/server/http/, bundled into build/server.cjs, which
 * `npm run serve` rebuilds and runs. Here it is rebuilt once, below, and each variant's server runs
 * the bundle itself (`npm run serve` for each took a second more, and Playwright starts its servers
 * one after the other). The sandbox loyalty provider stands behind /api/cypher.
 * The `server` project starts its own server processes (e2e/server*.spec.ts) and opens no browser.
 *
 * Dedicated ports keep the tests off a developer's `npm start` on 9000 (see e2e/variants.ts).
 * Browsers are not downloaded here: the system Chromium is used (override with CHROMIUM_PATH).
 */
const isCI = !!process.env.CI;
const SANDBOX_ENTRY = "sandbox/loyalty-provider/server.ts";
const SANDBOX_DATA_DIR = ".e2e-builds/sandbox-data";
const TSX = "node_modules/.bin/tsx";

// The server bundle from the current sources, built by the runner only (its workers load this file too).
if (process.env.TEST_WORKER_INDEX === undefined)
  execFileSync(process.execPath, ["scripts/build-server.mjs"], { stdio: ["ignore", "ignore", "inherit"] });

const serve = (variant: Variant): NonNullable<Extract<PlaywrightTestConfig["webServer"], unknown[]>>[number] => ({
  command: `node build/server.cjs ${variant.dir}`,
  cwd: ".",
  // Every test signs in from 127.0.0.1: the per-address limits would refuse them, so they are lifted
  // here (server*.spec.ts and src/server/http/app.test.ts test them). Captcha is off where the
  // variant sets no secret (the server refuses to start with neither).
  env: {
    PORT: String(variant.port),
    CYPHER_API_URL: SANDBOX_URL,
    RECAPTCHA_OFF: "true",
    MEMBER_RATE_LIMIT: "off",
    MEMBER_RATE_LIMIT_SENSITIVE: "off",
    ...variant.serveEnv,
  },
  url: `${baseUrlOf(variant)}/`,
  reuseExistingServer: !isCI,
  timeout: 90_000,
  stdout: "ignore",
  stderr: "pipe",
  gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
});

// A variant not built yet (a fresh clone that built only the one it tests) gets no server, with a
// line saying so, rather than an opaque "spawn /bin/sh ENOENT" that stops every project.
const variants = [VARIANTS.lumiere, VARIANTS.starlight, VARIANTS["lumiere-pos"], VARIANTS["starlight-v3"]];
const unbuilt = variants.filter((variant) => !existsSync(`${variant.dir}/public`));
if (unbuilt.length && process.env.TEST_WORKER_INDEX === undefined)
  console.warn(
    `Not built, so not served (their tests will fail): ${unbuilt.map((variant) => variant.name).join(", ")}; npm run build:e2e -- <variant>`,
  );
const webServers = variants.filter((variant) => !unbuilt.includes(variant)).map(serve);
if (existsSync(SANDBOX_ENTRY)) {
  webServers.unshift({
    // A fresh database per run: the tests register, edit and delete members.
    command: `rm -rf ${SANDBOX_DATA_DIR} && ${TSX} ${SANDBOX_ENTRY}`,
    cwd: ".",
    // A cheaper password hash than the stand-in's default (sandbox/loyalty-provider/passwords.ts):
    // the tests sign members in hundreds of times.
    env: { SANDBOX_PORT: String(SANDBOX_PORT), SANDBOX_DATA_DIR, SANDBOX_PASSWORD_COST: TEST_PASSWORD_COST },
    url: `${SANDBOX_URL}/__sandbox/health`,
    reuseExistingServer: !isCI,
    timeout: 30_000,
    stdout: "ignore",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
  });
}

// The sandbox site editor, a second origin that frames the default site (editor-preview.spec.ts);
// its Publish button calls the publisher e2e/publish.spec.ts starts (issue 47).
webServers.push({
  command: `${TSX} sandbox/site-editor/server.ts`,
  cwd: ".",
  env: {
    EDITOR_PORT: String(EDITOR_PORT),
    EDITOR_SITE_URL: `${baseUrlOf(VARIANTS.lumiere)}/cms-preview/`,
    PUBLISH_URL: `http://127.0.0.1:${PUBLISH_E2E_PORT}`,
    PUBLISH_TOKEN: PUBLISH_E2E_TOKEN,
    EDITOR_SITE_ID: "lumiere",
  },
  url: `http://127.0.0.1:${EDITOR_PORT}/health`,
  reuseExistingServer: !isCI,
  timeout: 30_000,
  stdout: "ignore",
  stderr: "pipe",
  gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
});

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  fullyParallel: true,
  forbidOnly: isCI,
  retries: isCI ? 1 : 0,
  workers: 2,
  reporter: "list",
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    headless: true,
    locale: "fr-FR",
    timezoneId: "Europe/Paris",
    viewport: { width: 1280, height: 800 },
    // Recording a trace costs each test about a third more time (screencast and DOM snapshots of
    // every step), so only a retry records one: a test that fails on CI runs again, traced
    // (test-results/). Locally: `npx playwright test --trace on`.
    trace: "on-first-retry",
    launchOptions: {
      executablePath: BROWSER,
      args: BROWSER_ARGS,
    },
  },
  projects: [
    {
      name: "lumiere",
      testMatch: "**/*.spec.ts",
      testIgnore: [
        "**/*.starlight.spec.ts",
        "**/*.starlight-v3.spec.ts",
        "**/*.pos.spec.ts",
        "**/*.consent-off.spec.ts",
        "**/server*.spec.ts",
      ],
      use: { browserName: "chromium", baseURL: baseUrlOf(VARIANTS.lumiere) },
    },
    {
      name: "starlight",
      testMatch: "**/*.starlight.spec.ts",
      use: {
        browserName: "chromium",
        baseURL: baseUrlOf(VARIANTS.starlight),
        locale: "en-US",
        timezoneId: "America/Chicago",
      },
    },
    {
      name: "server",
      testMatch: "**/server*.spec.ts",
      use: { baseURL: baseUrlOf(VARIANTS.lumiere) },
    },
    {
      // One build for both (e2e/variants.ts): the point-of-sale deploy has no consent manager.
      name: "lumiere-pos",
      testMatch: ["**/*.pos.spec.ts", "**/*.consent-off.spec.ts"],
      use: { browserName: "chromium", baseURL: baseUrlOf(VARIANTS["lumiere-pos"]) },
    },
    {
      name: "starlight-v3",
      testMatch: "**/*.starlight-v3.spec.ts",
      use: {
        browserName: "chromium",
        baseURL: baseUrlOf(VARIANTS["starlight-v3"]),
        locale: "en-US",
        timezoneId: "America/Chicago",
      },
    },
  ],
  webServer: webServers,
});
