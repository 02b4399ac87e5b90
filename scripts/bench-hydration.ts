// What a film page's hydration spends its time on, per component (issue 44): a benchmark, it prints
// figures and checks nothing.
//
//   E2E_SANDBOX_PORT=9151 REACT_PROFILE=1 npx tsx scripts/build-e2e.ts lumiere   # a profiling build
//   npm run bench:hydration -- [site-dir | page-url] [--runs 5] [--top 25] [--path /films/…/] [--cpu 4]
//                                [--consent disagree|agree]
//
// REACT_PROFILE=1 builds the browser bundle with React's profiling renderer and named components
// (src/build/react-profile.ts); any other build gives the totals and long tasks only. Without a URL
// the site folder (default .e2e-builds/lumiere) is served as `npm run serve` serves it, on
// HYDRATION_BENCH_PORT (default 9150), with the sandbox's stand-ins on the port the build points at
// (started there unless something answers already). Each run is a first visit in headless Chromium
// (no cache, no offline worker, the consent answer stored beforehand: --consent, default disagree;
// agree adds the analytics and ads runtimes' work) with the CPU slowed down
// (--cpu, default 4, as Lighthouse's mobile), and a minimal React devtools hook that reads the
// fiber tree of each commit: the first is the hydration. A component's self time is its
// actualDuration less its children's (what React's Profiler shows as "self"); base is its
// selfBaseDuration. Figures are the median of the runs. Long tasks come from the page's own
// PerformanceObserver; "blocking" adds up what each one after the first contentful paint lasted
// past 50 ms, as total blocking time does (Lighthouse stops at interactive; this stops 5 s after load).
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import { CONSENT_STORAGE_KEY, storedConsent } from "../sandbox/consent/standin";
import { median } from "./figures";

const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const CHROME_ARGS = ["--no-sandbox", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
const SETTLE_MS = 5_000;

type ComponentFigures = { self: number; base: number; count: number };
type CommitFigures = {
  at: number;
  render: number;
  fibers: number;
  components: Record<string, ComponentFigures>;
  /** The components React rendered again whose parent it did not: where each update started. */
  updated: string[];
};
type PageFigures = {
  profiling: boolean;
  commits: CommitFigures[];
  longTasks: { start: number; duration: number }[];
  fcp: number | null;
  load: number;
};

/**
 * Runs in the page before any of its scripts: the devtools hook React's renderer injects itself
 * into, and the long-task observer. Serialised by Playwright, so it is self-contained.
 */
function pageProbe(): void {
  type Fiber = {
    tag: number;
    type: unknown;
    child: Fiber | null;
    sibling: Fiber | null;
    flags: number;
    actualDuration?: number;
    selfBaseDuration?: number;
  };
  type Figures = { self: number; base: number; count: number };
  const w = window as unknown as Record<string, unknown>;
  const state = {
    profiling: false,
    commits: [] as {
      at: number;
      render: number;
      fibers: number;
      components: Record<string, Figures>;
      updated: string[];
    }[],
    longTasks: [] as { start: number; duration: number }[],
  };
  w.__hydrationBench = state;
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) state.longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: "longtask", buffered: true });
  } catch {
    // No long-task timing in this browser: the figures say none.
  }
  const nameOf = (fiber: Fiber): string => {
    const type = fiber.type as
      | (((...args: unknown[]) => unknown) & { displayName?: string })
      | {
          displayName?: string;
          render?: { displayName?: string; name?: string };
          type?: { displayName?: string; name?: string };
        }
      | string
      | null;
    if (typeof type === "string") return `<${type}>`;
    if (fiber.tag === 6) return "#text";
    if (fiber.tag === 3) return "(root)";
    if (!type) return `(tag ${fiber.tag})`;
    if (typeof type === "function") return type.displayName || type.name || "(anonymous)";
    if (type.displayName) return type.displayName;
    if (fiber.tag === 11) return type.render?.displayName || type.render?.name || "(forwardRef)";
    if (fiber.tag === 14 || fiber.tag === 15) return type.type?.displayName || type.type?.name || "(memo)";
    if (fiber.tag === 10) return "(context provider)";
    if (fiber.tag === 9) return "(context consumer)";
    return `(tag ${fiber.tag})`;
  };
  // Fibers of the tree the last commit left: a fiber React did not render again in a later commit
  // is the very same object (one it rendered is that object's alternate, or new).
  let previous = new WeakSet<Fiber>();
  w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject() {
      return 1;
    },
    onCommitFiberRoot(_id: number, root: { current: Fiber }) {
      const at = performance.now();
      const rendered = (fiber: Fiber) => !previous.has(fiber);
      const seen = new WeakSet<Fiber>();
      const components: Record<string, Figures> = {};
      const updated: string[] = [];
      let fibers = 0;
      // A component that ran (PerformedWork) under none that did: an update started there.
      const composite = (fiber: Fiber) => [0, 1, 11, 14, 15].includes(fiber.tag);
      const ran = (fiber: Fiber) => rendered(fiber) && (fiber.flags & 1) === 1;
      const first = state.commits.length === 0;
      const stack: [Fiber, boolean][] = [[root.current, false]];
      while (stack.length) {
        const [fiber, underRun] = stack.pop()!;
        seen.add(fiber);
        let childTime = 0;
        const runs = composite(fiber) ? ran(fiber) : underRun;
        for (let child = fiber.child; child; child = child.sibling) {
          stack.push([child, runs]);
          if (rendered(child)) childTime += child.actualDuration ?? 0;
        }
        // After the hydration, React also copies the fibers on the way to an update without running
        // them; their actualDuration then adds up children it did not touch. Only what ran counts.
        if (!rendered(fiber) || (!first && !(composite(fiber) ? ran(fiber) : underRun))) continue;
        if (composite(fiber) && ran(fiber) && !underRun) updated.push(nameOf(fiber));
        if (typeof fiber.actualDuration === "number") state.profiling = true;
        fibers++;
        const name = nameOf(fiber);
        const figures = (components[name] ??= { self: 0, base: 0, count: 0 });
        figures.self += Math.max(0, (fiber.actualDuration ?? 0) - childTime);
        figures.base += fiber.selfBaseDuration ?? 0;
        figures.count++;
      }
      previous = seen;
      state.commits.push({ at, render: root.current.actualDuration ?? 0, fibers, components, updated });
    },
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    checkDCE() {},
  };
}

async function measure(page: Page, url: string, cpu: number): Promise<PageFigures> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpu });
  await page.goto(url, { waitUntil: "load" });
  await page.waitForFunction(
    () =>
      ((window as unknown as { __hydrationBench?: { commits: unknown[] } }).__hydrationBench?.commits.length ?? 0) > 0,
    undefined,
    { timeout: 60_000 },
  );
  await page.waitForTimeout(SETTLE_MS);
  return page.evaluate(() => {
    const state = (window as unknown as { __hydrationBench: Omit<PageFigures, "fcp" | "load"> }).__hydrationBench;
    const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null;
    const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
    return { ...state, fcp, load: navigation?.loadEventEnd ?? 0 };
  });
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const blocking = (run: PageFigures) =>
  run.longTasks
    .filter((t) => run.fcp === null || t.start >= run.fcp)
    .reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0);

/** Per component, the median over the runs of its time in the given commits (0 in a run without it). */
function table(runs: PageFigures[], commitsOf: (run: PageFigures) => CommitFigures[]) {
  const names = new Set(runs.flatMap((run) => commitsOf(run).flatMap((commit) => Object.keys(commit.components))));
  return [...names].map((name) => {
    const perRun = runs.map((run) =>
      commitsOf(run).reduce(
        (sum, commit) => {
          const figures = commit.components[name];
          return figures
            ? { self: sum.self + figures.self, base: sum.base + figures.base, count: sum.count + figures.count }
            : sum;
        },
        { self: 0, base: 0, count: 0 },
      ),
    );
    return {
      name,
      self: median(perRun.map((r) => r.self)),
      base: median(perRun.map((r) => r.base)),
      count: median(perRun.map((r) => r.count)),
    };
  });
}

function printTable(rows: ReturnType<typeof table>, top: number): void {
  const total = rows.reduce((sum, row) => sum + row.self, 0);
  console.log(`  ${"component".padEnd(44)} ${"self".padStart(10)} ${"base".padStart(10)} ${"fibers".padStart(7)}`);
  for (const row of [...rows].sort((a, b) => b.self - a.self).slice(0, top))
    console.log(
      `  ${row.name.slice(0, 44).padEnd(44)} ${ms(row.self).padStart(10)} ${ms(row.base).padStart(10)} ${String(row.count).padStart(7)}`,
    );
  console.log(`  (sum of the medians of every component: ${ms(total)})`);
}

async function waitFor(url: string, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).status < 500) return true;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const option = (name: string): string | undefined => {
    const at = args.indexOf(name);
    return at >= 0 ? args[at + 1] : undefined;
  };
  const optionValues = new Set(["--runs", "--top", "--path", "--cpu", "--consent"].map((name) => option(name)));
  const positional = args.filter((arg) => !arg.startsWith("--") && !optionValues.has(arg));
  const runs = Number(option("--runs") ?? 5);
  const top = Number(option("--top") ?? 25);
  const cpu = Number(option("--cpu") ?? 4);
  const consent = option("--consent") ?? "disagree";
  if (consent !== "agree" && consent !== "disagree") throw new Error("--consent: agree or disagree");
  const children: ChildProcess[] = [];
  const scratch: string[] = [];
  const stop = () => {
    for (const child of children) child.kill("SIGTERM");
    for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
  };
  process.on("SIGINT", () => {
    stop();
    process.exit(130);
  });

  let url = positional.find((arg) => /^https?:\/\//.test(arg));
  try {
    if (!url) {
      const dir = path.resolve(positional[0] ?? ".e2e-builds/lumiere");
      const port = Number(process.env.HYDRATION_BENCH_PORT || 9150);
      const origin = `http://localhost:${port}`;
      const server = spawn("node", ["scripts/serve.mjs", dir], {
        stdio: ["ignore", "ignore", "inherit"],
        env: { ...process.env, PORT: String(port), RECAPTCHA_OFF: "true", MEMBER_RATE_LIMIT: "off" },
      });
      children.push(server);
      if (!(await waitFor(`${origin}/`, 60_000))) throw new Error(`the site did not answer on ${origin}`);
      let pagePath = option("--path");
      if (!pagePath) {
        const list = await (await fetch(`${origin}/films/`)).text();
        pagePath = /href="(\/films\/\d+-[^"]+\/)"/.exec(list)?.[1];
        if (!pagePath) throw new Error(`no film page linked from ${origin}/films/`);
      }
      url = `${origin}${pagePath}`;
      // The stand-ins the build points at (consent SDK, analytics): started there unless already answering.
      const html = await (await fetch(url)).text();
      const sandbox = /(http:\/\/127\.0\.0\.1:(\d+))\/__consent\//.exec(html);
      if (sandbox && !(await waitFor(`${sandbox[1]}/__sandbox/health`, 500))) {
        const data = mkdtempSync(path.join(tmpdir(), "hydration-bench-sandbox-"));
        scratch.push(data);
        children.push(
          spawn(path.join("node_modules", ".bin", "tsx"), ["sandbox/loyalty-provider/server.ts"], {
            stdio: ["ignore", "ignore", "inherit"],
            env: { ...process.env, SANDBOX_PORT: sandbox[2], SANDBOX_DATA_DIR: data },
          }),
        );
        if (!(await waitFor(`${sandbox[1]}/__sandbox/health`, 30_000)))
          throw new Error(`the sandbox did not answer on ${sandbox[1]}`);
      }
    }
    const htmlBytes = Buffer.byteLength(await (await fetch(url)).text());

    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_ARGS });
    const results: PageFigures[] = [];
    try {
      for (let run = 0; run < runs; run++) {
        const context = await browser.newContext({ serviceWorkers: "block" });
        await context.addInitScript(
          ([key, value]) => {
            try {
              localStorage.setItem(key, value);
            } catch {
              // no storage on this document
            }
          },
          [CONSENT_STORAGE_KEY, storedConsent(consent)] as const,
        );
        // tsx names the functions it compiles with a helper of its own (__name), which the page lacks.
        await context.addInitScript({ content: `window.__name = (fn) => fn;\n(${pageProbe.toString()})();` });
        const page = await context.newPage();
        try {
          results.push(await measure(page, url, cpu));
        } finally {
          await context.close();
        }
      }
    } finally {
      await browser.close();
    }

    const profiling = results.every((run) => run.profiling);
    console.log(
      `${url} (HTML ${(htmlBytes / 1024).toFixed(1)} KiB), CPU ×${cpu}, median of ${runs} run(s)${profiling ? "" : ", NOT a profiling build (REACT_PROFILE=1): totals and long tasks only"}`,
    );
    const hydration = (run: PageFigures) => run.commits.slice(0, 1);
    const later = (run: PageFigures) => run.commits.slice(1);
    const render = (commits: CommitFigures[]) => commits.reduce((sum, c) => sum + c.render, 0);
    console.log(
      `hydration (first commit): render ${ms(median(results.map((r) => render(hydration(r)))))} (runs ${results.map((r) => render(hydration(r)).toFixed(0)).join("/")}), ${median(results.map((r) => r.commits[0]?.fibers ?? 0))} fibers, committed at ${ms(median(results.map((r) => r.commits[0]?.at ?? 0)))}`,
    );
    console.log(
      `later commits in ${SETTLE_MS / 1000} s: ${median(results.map((r) => later(r).length))}, render ${ms(median(results.map((r) => render(later(r)))))}`,
    );
    console.log(
      `first contentful paint ${ms(median(results.map((r) => r.fcp ?? 0)))}, load ${ms(median(results.map((r) => r.load)))}`,
    );
    const byBlocking = [...results].sort((a, b) => blocking(a) - blocking(b));
    const typical = byBlocking[Math.floor(byBlocking.length / 2)]!;
    console.log(
      `long tasks: ${median(results.map((r) => r.longTasks.length))}, ${ms(median(results.map((r) => r.longTasks.reduce((s, t) => s + t.duration, 0))))} in all, blocking ${ms(median(results.map(blocking)))} (runs ${results.map((r) => blocking(r).toFixed(0)).join("/")}); the median run's: ${typical.longTasks.map((t) => `${t.start.toFixed(0)}+${t.duration.toFixed(0)}`).join(", ") || "none"}`,
    );
    if (!profiling) return;
    // Where the later commits' updates started, in the median run (by blocking time).
    console.log(
      `later commits of the median run, where each update started: ${
        typical.commits
          .slice(1)
          .map((c, i) => `#${i + 2} at ${c.at.toFixed(0)} ms, ${c.render.toFixed(0)} ms: ${c.updated.join(", ")}`)
          .join("; ") || "none"
      }`,
    );
    console.log(`top ${top} components of the hydration by self time:`);
    printTable(table(results, hydration), top);
    console.log(`top 10 components of the later commits by self time:`);
    printTable(table(results, later), 10);
  } finally {
    stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
