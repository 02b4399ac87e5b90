// A stand-in for Lighthouse's performance score where Lighthouse is not installed: loads a page in
// Chromium under Lighthouse's mobile throttling (4x CPU, 150 ms RTT, 1.6 Mbps), reads FCP, LCP,
// CLS and the blocking time of long tasks from the Performance API, and scores them with
// Lighthouse 10's log-normal curves and weights. Speed Index is not measured: FCP stands in for
// it, so the figure is an approximation, not a Lighthouse score.
//
//   npx tsx scripts/bench-vitals.ts http://localhost:9123/films/<id>-<slug>/ [--consent agree|disagree|none]
//     [--runs 3] [--cpu 4] [--block-third-parties]
//
// --block-third-parties measures the same page with the consent manager and tags unreachable,
// a baseline to compare with on a busy machine, where absolute figures mean little.
import { chromium } from "@playwright/test";
import { CONSENT_STORAGE_KEY, storedConsent, type StoredChoice } from "../sandbox/consent/standin";

type Vitals = { fcp: number; lcp: number; cls: number; tbt: number };

// Lighthouse 10 (mobile): [p10, median, weight]. Speed Index scored on FCP (see above).
const CURVES = {
  fcp: [1800, 3000, 0.1],
  si: [3387, 5800, 0.1],
  lcp: [2500, 4000, 0.25],
  tbt: [200, 600, 0.3],
  cls: [0.1, 0.25, 0.25],
} as const;

/** Lighthouse's getLogNormalScore. */
function logNormalScore(p10: number, median: number, value: number): number {
  if (value <= 0) return 1;
  const INVERSE_ERFC_ONE_FIFTH = 0.9061938024368232;
  const standardized =
    (Math.log(Math.max(Number.MIN_VALUE, value / median)) * INVERSE_ERFC_ONE_FIFTH) /
    -Math.log(Math.max(Number.MIN_VALUE, p10 / median));
  return Math.min(1, Math.max(0, erfc(standardized) / 2));
}

/** Numerical Recipes' erfc (fractional error < 1.2e-7), as Lighthouse uses. */
function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + z / 2);
  const r =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t *
                          (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? r : 2 - r;
}

export function performanceScore(v: Vitals): number {
  const s = (key: keyof typeof CURVES, value: number) =>
    logNormalScore(CURVES[key][0], CURVES[key][1], value) * CURVES[key][2];
  return Math.round(100 * (s("fcp", v.fcp) + s("si", v.fcp) + s("lcp", v.lcp) + s("tbt", v.tbt) + s("cls", v.cls)));
}

async function measure(
  url: string,
  consent: StoredChoice | null,
  options: { blockThirdParties: boolean; cpuRate: number },
): Promise<Vitals> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    args: ["--no-sandbox"],
  });
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
    });
    const page = await context.newPage();
    // The baseline: the same page with every third party (consent manager, gtag, tags) unreachable.
    if (options.blockThirdParties) {
      const origin = new URL(url).origin;
      await page.route(
        (target) => target.origin !== origin,
        (route) => route.abort(),
      );
    }
    if (consent)
      await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [
        CONSENT_STORAGE_KEY,
        storedConsent(consent),
      ] as const);
    await page.addInitScript(() => {
      const store = { lcp: 0, cls: 0, tasks: [] as { start: number; duration: number }[] };
      (window as unknown as { __vitals: typeof store }).__vitals = store;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) store.lcp = entry.startTime;
      }).observe({ type: "largest-contentful-paint", buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
          if (!entry.hadRecentInput) store.cls += entry.value;
      }).observe({ type: "layout-shift", buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) store.tasks.push({ start: entry.startTime, duration: entry.duration });
      }).observe({ type: "longtask", buffered: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: options.cpuRate });
    await page.goto(url, { waitUntil: "load" });
    // Everything after hydration (the consent manager, analytics, tags) happens in these seconds.
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(5000);
    return await page.evaluate(() => {
      const store = (
        window as unknown as { __vitals: { lcp: number; cls: number; tasks: { start: number; duration: number }[] } }
      ).__vitals;
      const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0;
      // Blocking time of every long task after first paint, to the end of the window: at least
      // Lighthouse's TBT, which stops at time-to-interactive.
      const tbt = store.tasks.filter((t) => t.start >= fcp).reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0);
      return { fcp, lcp: store.lcp, cls: store.cls, tbt };
    });
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const url = args.find((a) => /^https?:/.test(a));
  if (!url) throw new Error("usage: bench-vitals.ts <url> [--consent agree|disagree|none] [--runs 3]");
  const flag = (name: string) => args[args.indexOf(name) + 1];
  const consent = (args.includes("--consent") ? flag("--consent") : "agree") as StoredChoice | "none";
  const runs = Number(args.includes("--runs") ? flag("--runs") : 3);
  const blockThirdParties = args.includes("--block-third-parties");
  const cpuRate = Number(args.includes("--cpu") ? flag("--cpu") : 4);
  const results: (Vitals & { score: number })[] = [];
  for (let i = 0; i < runs; i += 1) {
    const vitals = await measure(url, consent === "none" ? null : consent, { blockThirdParties, cpuRate });
    results.push({ ...vitals, score: performanceScore(vitals) });
    console.log(
      `run ${i + 1}: FCP ${vitals.fcp.toFixed(0)} ms, LCP ${vitals.lcp.toFixed(0)} ms, TBT ${vitals.tbt.toFixed(0)} ms, CLS ${vitals.cls.toFixed(3)} → ${performanceScore(vitals)}`,
    );
  }
  const median = [...results].sort((a, b) => a.score - b.score)[Math.floor(results.length / 2)]!;
  console.log(
    `median score ${median.score} (consent: ${consent}${blockThirdParties ? ", third parties blocked" : ""}, CPU x${cpuRate})`,
  );
}

if (process.argv[1] && process.argv[1].endsWith("bench-vitals.ts"))
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
