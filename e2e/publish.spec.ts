// Issue 47 in the browser: an operator saves a change and presses the sandbox editor's Publish
// button; the publisher builds the site incrementally in the browser tests' kept copy, checks it
// and swaps it live under the real production server, which never fails a request meanwhile. A
// broken save fails with the build's own file › field words and leaves the live site as it was;
// Roll back brings the previous build back at once.
//
// Everything runs on copies: the configuration (a temporary site-config/), the served folder (the
// release `build:e2e`'s build:sites run made, copied with its link), so the other specs and
// `test:sites` see their own builds untouched.
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import { setTimeout as delay } from "node:timers/promises";
import path from "node:path";
import { expect, test } from "./fixtures";
import { ROOT, startServer, type ServerProcess } from "./fixtures/server-process";
import {
  EDITOR_URL,
  PUBLISH_E2E_PORT,
  PUBLISH_E2E_TOKEN,
  SANDBOX_TICKETING_URL,
  SANDBOX_URL,
  SITES_RUN,
  VARIANTS,
} from "./variants";

const SITE = "lumiere";
const ORIGINAL_NAME = "Cinéma Lumière";
const PUBLISHED_NAME = "Cinéma Lumière, publié";

test.describe.configure({ mode: "serial" });

let scratch: string;
let settingsFile: string;
let server: ServerProcess;
/** The served site, by name: a service worker registers on localhost, not on 127.0.0.1. */
let siteUrl: string;
let publisher: ChildProcess;
let publisherOutput = "";

test.beforeAll(async () => {
  scratch = mkdtempSync(path.join(os.tmpdir(), "publish-e2e-"));
  const configRoot = path.join(scratch, "site-config");
  cpSync(path.join(ROOT, "site-config", SITE), path.join(configRoot, SITE), { recursive: true });
  settingsFile = path.join(configRoot, SITE, "settings.json");
  const outDir = path.join(scratch, "dist");
  // The release and the relative link to it, as build:sites left them.
  cpSync(path.join(ROOT, SITES_RUN.out), outDir, { recursive: true, verbatimSymlinks: true });
  rmSync(path.join(outDir, SITES_RUN.brokenSite), { force: true, recursive: true });

  publisher = spawn(path.join(ROOT, "node_modules", ".bin", "tsx"), ["scripts/publisher.ts"], {
    cwd: ROOT,
    // The build's settings are the default browser-test site's (scripts/build-e2e.ts).
    env: {
      ...process.env,
      ...VARIANTS.lumiere.env,
      TICKETING_URL: SANDBOX_TICKETING_URL,
      GATSBY_TELEMETRY_DISABLED: "1",
      SITE_CONFIG_DIR: configRoot,
      PUBLISH_DIR: outDir,
      // The kept copy build:e2e built this site in: the publish is incremental.
      PUBLISH_WORK_DIR: path.join(ROOT, SITES_RUN.work),
      PUBLISH_PORT: String(PUBLISH_E2E_PORT),
      PUBLISH_HOST: "127.0.0.1",
      PUBLISH_TOKEN: PUBLISH_E2E_TOKEN,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  publisher.stdout?.on("data", (chunk: Buffer) => (publisherOutput += chunk.toString()));
  publisher.stderr?.on("data", (chunk: Buffer) => (publisherOutput += chunk.toString()));
  server = await startServer([path.join(outDir, SITE)], { CYPHER_API_URL: SANDBOX_URL });
  siteUrl = `http://localhost:${server.port}`;
  await expect
    .poll(() => publisherOutput, { timeout: 30_000, message: "the publisher starts" })
    .toContain(`Publisher on port ${PUBLISH_E2E_PORT}`);
});

test.afterAll(async () => {
  publisher?.kill("SIGINT");
  publisher?.kill("SIGINT");
  await server?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

/** The served home page's title. */
async function servedTitle(): Promise<string> {
  const html = await (await fetch(`${siteUrl}/`)).text();
  return /<title[^>]*>([^<]*)<\/title>/.exec(html)?.[1] ?? "";
}

/**
 * Requests pages until stopped, one after another with a short pause between them; every answer
 * that is not a 200 is kept. Without the pause the loop took a core of its own (about 400 requests
 * a second, with the server) from the build it waits on.
 */
function steadyLoad(paths: readonly string[]) {
  let running = true;
  let answered = 0;
  const failures: string[] = [];
  const loop = (async () => {
    while (running)
      for (const pathname of paths) {
        try {
          const response = await fetch(`${siteUrl}${pathname}`);
          await response.arrayBuffer();
          if (response.status !== 200) failures.push(`${pathname}: ${response.status}`);
        } catch (error) {
          failures.push(`${pathname}: ${error instanceof Error ? error.message : String(error)}`);
        }
        answered += 1;
        await delay(PAUSE_MS);
      }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { answered, failures };
    },
  };
}

/**
 * Between two requests of the steady load: about 80 a second, so a fault that lasts longer than
 * the pause (a release read half-written) is met. The swap itself is one rename
 * (src/publish/release-site.ts).
 */
const PAUSE_MS = 10;

function saveSettings(change: (settings: Record<string, unknown>) => Record<string, unknown>): void {
  const settings = JSON.parse(readFileSync(settingsFile, "utf8")) as Record<string, unknown>;
  writeFileSync(settingsFile, `${JSON.stringify(change(settings), null, 2)}\n`);
}

test("Publish in the editor: the saved change goes live, in the preview and on the site, and no request fails meanwhile", async ({
  page,
}) => {
  test.setTimeout(300_000);
  expect(await servedTitle()).toBe(ORIGINAL_NAME);
  saveSettings((settings) => ({ ...settings, name: PUBLISHED_NAME }));
  await page.goto(`${EDITOR_URL}/?site=${encodeURIComponent(`${siteUrl}/`)}`);
  // The preview's footer: "© 2026 Cinéma Lumière".
  const previewName = page.frameLocator("#site").locator("footer small");
  await expect(previewName).toContainText(ORIGINAL_NAME);
  await expect(previewName).not.toContainText(PUBLISHED_NAME);

  await page.waitForLoadState("networkidle");
  const load = steadyLoad(["/", "/films/", "/films/1000021001-les-ombres-du-lac/"]);
  await page.getByRole("button", { name: "Publish" }).click();
  const status = page.getByRole("status");
  await expect(status).toHaveText(/Queued|Building/);
  await expect(status).toHaveText(/^Live: published in \d+\.\d s\.$/, { timeout: 280_000 });
  await expect.poll(servedTitle, { message: "the served site changed" }).toBe(PUBLISHED_NAME);
  const { answered, failures } = await load.stop();
  expect(failures, "answers other than 200 while the release was swapped").toEqual([]);
  expect(answered).toBeGreaterThan(30);
  await expect(previewName).toContainText(PUBLISHED_NAME);
});

test("a broken save fails with the build's file › field words, and the live site stays as it was", async ({ page }) => {
  test.setTimeout(120_000);
  saveSettings((settings) => ({ ...settings, timeZone: "Mars/Olympus_Mons" }));
  await page.goto(`${EDITOR_URL}/?site=${encodeURIComponent(`${siteUrl}/`)}`);
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("status")).toHaveText("The publish failed; the live site is unchanged.", {
    timeout: 100_000,
  });
  await expect(page.locator("#publish-error")).toContainText("settings.json › timeZone");
  expect(await servedTitle()).toBe(PUBLISHED_NAME);
  await expect(page.getByRole("button", { name: "Publish" })).toBeEnabled();
});

test("Roll back makes the build before the live one live again at once", async ({ page }) => {
  await page.goto(`${EDITOR_URL}/?site=${encodeURIComponent(`${siteUrl}/`)}`);
  // The preview loaded whole first: the rollback reloads it, which would cut its loading short.
  await page.waitForLoadState("networkidle");
  await page.getByRole("button", { name: "Roll back" }).click();
  await expect(page.getByRole("status")).toHaveText("Rolled back: the previous build is live again.");
  await expect.poll(servedTitle, { message: "the served site is the first build again" }).toBe(ORIGINAL_NAME);
  await expect(page.frameLocator("#site").locator("footer small")).not.toContainText(PUBLISHED_NAME);
});
