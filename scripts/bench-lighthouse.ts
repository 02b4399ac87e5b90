// Lighthouse (mobile, its default throttling) on pages of a served site: prints the performance,
// accessibility, best-practices and SEO scores of each page, the median of --runs runs, and the
// metrics behind the performance score. Lighthouse is fetched from the npm registry on first use
// (`npx lighthouse@12`, the last line that runs on Node 20) rather than installed with the
// project: it is 200 packages that only this bench needs. Chromium is Debian's (CHROMIUM_PATH).
//
//   npm start                         # in another terminal: the default site on :9000
//   npm run bench:lighthouse -- [urls…] [--runs 3] [--consent agree|disagree|none] [--floor]
//                                 [--throttling simulate|devtools] [--cpu 4|calibrated]
//
// --floor builds a bare Gatsby site (the floor of `bench:build`: same Gatsby and React, one trivial
// film template) and measures its film page first, in the same run: what any Gatsby page scores on
// this machine, the figure to judge the site's pages against (LIGHTHOUSE_FLOOR_PORT, default 9132).
//
// Without urls: the home page, /films/ and the first film page of http://localhost:9000.
// --consent answers the consent manager beforehand (a first visit sees its notice: `none`).
//
// --throttling: `simulate` (Lighthouse's default) loads the page at full speed and estimates the
// metrics from that trace; `devtools` slows the CPU (4×) and the network (slow 4G) for real while
// it loads, and measures. On this machine the simulation starts from a trace whose first paint
// comes after the load event (2.2 s, where the page's own PerformanceObserver sees it at 0.3 s),
// on the bare floor too, so it counts all of the page's script as delaying LCP: both are printed
// with each page's observed first paint and load, to judge which to believe.
//
// --cpu: Lighthouse's CPU slowdown. Its default, a fixed 4×, is relative to the host: Lighthouse
// sets it so that a high-end desktop (benchmark index 1500–2000) runs like a mid-tier phone, and
// asks for calibration elsewhere (docs/throttling.md in Lighthouse's repository). This machine's index
// moves between about 1,000 and 3,500 from one hour to the next, and blocking time with it. `calibrated`
// runs each page once more first, and slows every run by what Lighthouse's calculator gives for the
// index the run before it measured (calibratedSlowdown), so fast and slow moments aim at one phone.
import { execFile, spawnSync } from "node:child_process";
import { promisify } from "node:util";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import Fastify from "fastify";
import fastifyCompress from "@fastify/compress";
import fastifyStatic from "@fastify/static";
import { CONSENT_STORAGE_KEY, storedConsent, type StoredChoice } from "../sandbox/consent/standin";
import { floorInstall, writeFloorSite } from "./bench-floor-site";
import { median } from "./figures";

const LIGHTHOUSE = "lighthouse@12.8.2";
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const METRICS = [
  "first-contentful-paint",
  "largest-contentful-paint",
  "total-blocking-time",
  "cumulative-layout-shift",
  "speed-index",
] as const;
const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

type Throttling = "simulate" | "devtools";

type Report = {
  /** Lighthouse's measure of this machine's CPU (a mid-range phone is about 500–1000, a desktop 1500+). */
  environment?: { benchmarkIndex?: number };
  categories: Record<(typeof CATEGORIES)[number], { score: number | null }>;
  audits: Record<
    string,
    {
      score: number | null;
      numericValue?: number;
      displayValue?: string;
      title: string;
      details?: { items?: Record<string, unknown>[] };
    }
  >;
};

/**
 * A Chromium profile whose localStorage holds the visitor's consent answer for `origin`, and
 * nothing else of the site: no cached files, no compiled scripts, no offline worker. Lighthouse
 * runs with it keep their storage (--disable-storage-reset, or the answer would go), so each run
 * gets a profile of its own: otherwise every run after the first would be a returning visit, its
 * scripts served by the worker an earlier run installed and its HTTP cache warm.
 */
async function profileWithConsent(origin: string, choice: StoredChoice): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), "lighthouse-profile-"));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    args: CHROME_FLAGS,
    serviceWorkers: "block",
  });
  const page = await context.newPage();
  // localStorage is per origin: a page of the origin that runs none of the site's scripts will do.
  await page.goto(`${origin}/robots.txt`).catch(() => undefined);
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    CONSENT_STORAGE_KEY,
    storedConsent(choice),
  ] as const);
  await context.close();
  return dir;
}

// Asynchronous: the floor site is served from this process, which must keep answering meanwhile.
async function lighthouse(
  url: string,
  profile: string | null,
  throttling: Throttling,
  cpuSlowdown: number,
): Promise<Report> {
  const flags = [...CHROME_FLAGS, ...(profile ? [`--user-data-dir=${profile}`] : [])];
  const { stdout: output } = await promisify(execFile)(
    "npx",
    [
      "-y",
      LIGHTHOUSE,
      url,
      "--quiet",
      "--output=json",
      "--output-path=stdout",
      `--only-categories=${CATEGORIES.join(",")}`,
      `--chrome-flags=${flags.join(" ")}`,
      `--throttling-method=${throttling}`,
      `--throttling.cpuSlowdownMultiplier=${cpuSlowdown}`,
      // With a profile, keep its storage (the consent answer) instead of clearing the origin's.
      ...(profile ? ["--disable-storage-reset"] : []),
    ],
    { env: { ...process.env, CHROME_PATH: CHROMIUM }, maxBuffer: 256 * 1024 * 1024, encoding: "utf8" },
  );
  // LIGHTHOUSE_REPORT_DIR=dir keeps each whole report there, to read what an audit found.
  const keep = process.env.LIGHTHOUSE_REPORT_DIR;
  if (keep) {
    mkdirSync(keep, { recursive: true });
    writeFileSync(
      path.join(keep, `${new URL(url).port || "80"}-${url.replace(/\W+/g, "_").slice(-60)}-${Date.now()}.json`),
      output,
    );
  }
  return JSON.parse(output) as Report;
}

async function firstFilmPage(origin: string): Promise<string> {
  const html = await (await fetch(`${origin}/films/`)).text();
  const href = /href="(\/films\/\d+-[^"]+\/)"/.exec(html)?.[1];
  if (!href) throw new Error(`no film page linked from ${origin}/films/`);
  return `${origin}${href}`;
}

const DEFAULT_CPU_SLOWDOWN = 4;

/**
 * The slowdown that makes a machine of this benchmark index run like the mid-tier phone Lighthouse's
 * mobile preset stands for: the piecewise line of Lighthouse's CPU throttling calculator (by its
 * maintainer, linked from Lighthouse's docs/throttling.md), where 1533 → 4×, 2000 → 6×, 800 → 2×, 150 → 1×.
 */
export function calibratedSlowdown(benchmarkIndex: number | undefined): number {
  if (!benchmarkIndex || !Number.isFinite(benchmarkIndex)) return DEFAULT_CPU_SLOWDOWN;
  const slowdown =
    benchmarkIndex >= 1300
      ? 3 + (benchmarkIndex - 1300) / 233
      : benchmarkIndex >= 800
        ? 2 + (benchmarkIndex - 800) / 500
        : 1 + (benchmarkIndex - 150) / 650;
  return Math.round(Math.max(1, slowdown) * 10) / 10;
}

const ms = (value: unknown) => `${Math.round(Number(value) || 0)} ms`;
const score = (value: number | null | undefined): string => (value == null ? "n/a" : String(Math.round(value * 100)));

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const option = (name: string): string | undefined => {
    const at = args.indexOf(name);
    return at >= 0 ? args[at + 1] : undefined;
  };
  const runs = Number(option("--runs") ?? 3);
  const consent = (option("--consent") ?? "none") as StoredChoice | "none";
  const throttling = (option("--throttling") ?? "simulate") as Throttling;
  if (throttling !== "simulate" && throttling !== "devtools") throw new Error("--throttling: simulate or devtools");
  const cpu = option("--cpu") ?? String(DEFAULT_CPU_SLOWDOWN);
  const calibrated = cpu === "calibrated";
  if (!calibrated && !(Number(cpu) >= 1)) throw new Error("--cpu: a slowdown of 1 or more, or calibrated");
  let urls = args.filter((arg) => /^https?:\/\//.test(arg));
  if (urls.length === 0) {
    const origin = "http://localhost:9000";
    urls = [`${origin}/`, `${origin}/films/`, await firstFilmPage(origin)];
  }
  const floor = args.includes("--floor") ? await startFloorSite() : null;
  if (floor) urls = [floor.url, ...urls];
  console.log(
    `${LIGHTHOUSE}, mobile, ${throttling} throttling, CPU ${calibrated ? "calibrated (Lighthouse's calculator)" : `${cpu}×`}, median of ${runs} run(s), consent: ${consent}`,
  );
  for (const url of urls) {
    if (url === floor?.url) console.log("floor: a bare Gatsby film page (same Gatsby and React, no plugins)");
    const reports: Report[] = [];
    const slowdowns: number[] = [];
    // Calibrated: a first run, at Lighthouse's 4×, only measures the machine (its figures are dropped).
    let slowdown = calibrated ? DEFAULT_CPU_SLOWDOWN : Number(cpu);
    for (let run = calibrated ? -1 : 0; run < runs; run++) {
      const profile = consent === "none" ? null : await profileWithConsent(new URL(url).origin, consent);
      try {
        const report = await lighthouse(url, profile, throttling, slowdown);
        if (run >= 0) {
          reports.push(report);
          slowdowns.push(slowdown);
        }
        if (calibrated) slowdown = calibratedSlowdown(report.environment?.benchmarkIndex);
      } finally {
        if (profile) rmSync(profile, { recursive: true, force: true });
      }
    }
    const medianReport = [...reports].sort(
      (a, b) => (a.categories.performance.score ?? 0) - (b.categories.performance.score ?? 0),
    )[Math.floor(reports.length / 2)]!;
    const perfRuns = reports.map((report) => score(report.categories.performance.score)).join("/");
    console.log(
      `${url}\n  ${CATEGORIES.map((c) => `${c} ${score(medianReport.categories[c].score)}`).join(", ")} (performance runs: ${perfRuns})`,
    );
    console.log(`  ${METRICS.map((m) => `${m} ${medianReport.audits[m]?.displayValue ?? "n/a"}`).join(", ")}`);
    const blocking = reports.map((r) => Math.round(r.audits["total-blocking-time"]?.numericValue ?? 0));
    // Blocking time moves most from run to run, with the machine's speed (a fixed slowdown is of
    // whatever the machine gives at that moment): each run's, beside its index and its slowdown.
    console.log(
      `  per run: total-blocking-time ${blocking.join("/")} ms (median ${median(blocking)} ms), benchmarkIndex ${reports.map((r) => Math.round(r.environment?.benchmarkIndex ?? 0)).join("/")}, CPU slowdown ${slowdowns.map((s) => s.toFixed(1)).join("/")}×`,
    );
    const observed = medianReport.audits.metrics?.details?.items?.[0] ?? {};
    console.log(
      `  observed in the trace: first paint ${ms(observed.observedFirstContentfulPaint)}, load ${ms(observed.observedLoad)}; this machine's benchmarkIndex: ${medianReport.environment?.benchmarkIndex ?? "n/a"}`,
    );
    const failing = Object.entries(medianReport.audits)
      .filter(
        ([id, audit]) => audit.score !== null && audit.score < 0.9 && !(METRICS as readonly string[]).includes(id),
      )
      .map(([id, audit]) => `${id} (${score(audit.score)})`);
    if (failing.length) console.log(`  below 90: ${failing.join(", ")}`);
    // Where the main thread's time went (what total blocking time is made of), and by script.
    const items = (id: string) => medianReport.audits[id]?.details?.items ?? [];
    console.log(
      `  main thread: ${items("mainthread-work-breakdown")
        .map((item) => `${String(item.groupLabel ?? item.group)} ${ms(item.duration)}`)
        .join(", ")}`,
    );
    console.log(
      `  scripts (total / scripting): ${items("bootup-time")
        .slice(0, 6)
        .map((item) => `${String(item.url).replace(new URL(url).origin, "")} ${ms(item.total)} / ${ms(item.scripting)}`)
        .join(", ")}`,
    );
  }
  await floor?.stop();
}

/** Builds the bare Gatsby site and serves it compressed, as the production server serves ours. */
async function startFloorSite(): Promise<{ url: string; stop(): Promise<void> }> {
  // The bare site of bench:build's floor, on its own install (scripts/bench-floor-site.ts).
  const install = floorInstall(process.cwd());
  const dir = path.join(install.dir, "lighthouse-site");
  const synopsis = "A lake, a summer and the people who wait for it: a quiet film about what stays.";
  const films = [1, 2, 3].map((id) => ({ id, title: `Film ${id}`, synopsis }));
  writeFloorSite(dir, films);
  console.log("floor: building a bare Gatsby site…");
  const build = spawnSync(path.join(install.dir, "node_modules", ".bin", "gatsby"), ["build"], {
    cwd: dir,
    encoding: "utf8",
    env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1" },
  });
  if (build.status !== 0) throw new Error(`floor build failed:\n${build.stdout}\n${build.stderr}`);
  const server = Fastify();
  await server.register(fastifyCompress);
  await server.register(fastifyStatic, { root: path.join(dir, "public") });
  const port = Number(process.env.LIGHTHOUSE_FLOOR_PORT || 9132);
  await server.listen({ port, host: "127.0.0.1" });
  return {
    url: `http://localhost:${port}/films/1/`,
    async stop() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// Run as a script; imported (by its test), only the calculator.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename))
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
