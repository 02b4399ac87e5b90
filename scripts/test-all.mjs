// npm test: every check, then where the time went. Two lanes run side by side, and a failure in
// either stops everything:
//   site:   build:e2e lumiere → test:budget → ┬ build:e2e (the other four) ┬ → test:e2e (late) → test:sites
//                                            └ test:e2e (early)          ┘
//   checks: test:unit → typecheck → lint     (need nothing built)
// Why this shape: a Gatsby build keeps about 1.4 of the 2 cores busy (webpack is mostly
// single-threaded) and the browser tests about 0.6 (they mostly wait on pages), so one after the
// other they left a core idle for most of the run. The default site's browser tests (the early
// projects, about 70 % of them) need only its build, so they start as soon as it is made and run
// beside the other four builds; the tests that need those (the other projects, and the default
// site's specs that open another build, playwright.config.ts ACROSS_BUILDS) run once all are made.
// The checks run at a lower priority and take what the site lane leaves idle: Jest first, at nice 5
// (its tests wait on timers, so it must not starve), then the type check and the lint at nice 15.
// Jest runs one worker here (`npm run test:unit` alone runs two). Buffered steps print their output
// whole when they end, so parallel steps' logs do not interleave line by line.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** The builds after the default site's, in build:e2e's order (like next to like for webpack's cache). */
const LATER_BUILDS = ["lumiere-pos", "lumiere-consent-off", "starlight-v3", "starlight"];
/** Playwright projects (playwright.config.ts) by the builds they need: the default site's alone, or all. */
const EARLY_PROJECTS = ["lumiere"];
const LATE_PROJECTS = ["lumiere-across", "server", "starlight", "lumiere-pos", "lumiere-consent-off", "starlight-v3"];
const projects = (names) => names.flatMap((name) => ["--project", name]);

const timings = [];
// Where each step's shell writes the CPU time its processes used (`times`), for the summary.
const cpuDir = mkdtempSync(path.join(tmpdir(), "npm-test-"));
const running = new Set();
let failed = false;

/** Runs `npm run <script>` in its own process group (so a failure elsewhere can stop all of it). */
function run(lane, script, { args = [], label = script, nice = 0, env = {}, buffered = false } = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    // Each step runs in a session of its own (detached), and Linux's autogroup scheduler shares the
    // CPU between sessions whatever the niceness of their processes: the session's own niceness
    // (/proc/self/autogroup) is what ranks it; `nice` covers kernels without autogroup.
    const cpuFile = path.join(cpuDir, label.replace(/\W/g, "-"));
    const priority = nice ? `echo ${nice} > /proc/self/autogroup 2>/dev/null; nice -n ${nice} ` : "";
    const extra = args.length ? ` -- ${args.join(" ")}` : "";
    const command = `${priority}npm run ${script} --silent${extra}; status=$?; times > '${cpuFile}'; exit $status`;
    const child = spawn("sh", ["-c", command], {
      stdio: buffered ? ["ignore", "pipe", "pipe"] : "inherit",
      env: { ...process.env, ...env },
      detached: true,
    });
    running.add(child);
    let output = "";
    if (buffered) {
      child.stdout.on("data", (chunk) => (output += chunk));
      child.stderr.on("data", (chunk) => (output += chunk));
    }
    child.on("close", (status, signal) => {
      running.delete(child);
      const seconds = (Date.now() - started) / 1000;
      const ok = status === 0;
      timings.push([
        lane,
        label,
        started,
        seconds,
        cpuSeconds(cpuFile),
        ok ? "" : signal ? `stopped (${signal})` : "FAILED",
      ]);
      if (buffered && output) process.stdout.write(output);
      if (!signal)
        console.log(
          `npm test  ${lane} › ${label}: ${ok ? "passed" : `FAILED (exit ${status})`} in ${seconds.toFixed(0)} s`,
        );
      resolve(ok);
    });
  });
}

/**
 * The CPU seconds (user + system) a step's processes used, from `times` in its shell (its second
 * line: the children's); null when the step was stopped before writing it.
 */
function cpuSeconds(file) {
  try {
    const children = readFileSync(file, "utf8").trim().split("\n")[1] ?? "";
    const seconds = [...children.matchAll(/(\d+)m([\d.]+)s/g)].map(([, m, s]) => Number(m) * 60 + Number(s));
    return seconds.length === 2 ? seconds[0] + seconds[1] : null;
  } catch {
    return null;
  }
}

/** Runs a step unless the run has already failed; a failure stops every other step running. */
async function step(lane, script, options) {
  if (failed) return false;
  const ok = await run(lane, script, options);
  if (!ok && !failed) {
    failed = true;
    // The other steps are stopped: their results would not change this run's.
    for (const child of running) process.kill(-child.pid, "SIGTERM");
  }
  return ok;
}

async function siteLane() {
  if (!(await step("site", "build:e2e", { args: ["lumiere"], label: "build:e2e lumiere" }))) return;
  if (!(await step("site", "test:budget"))) return;
  const [built, early] = await Promise.all([
    step("site", "build:e2e", { args: LATER_BUILDS, label: "build:e2e others" }),
    step("site", "test:e2e", {
      args: projects(EARLY_PROJECTS),
      label: "test:e2e early",
      env: { E2E_SERVE: "lumiere" },
      buffered: true,
    }),
  ]);
  if (!built || !early) return;
  if (!(await step("site", "test:e2e", { args: projects(LATE_PROJECTS), label: "test:e2e late" }))) return;
  await step("site", "test:sites");
}

async function checksLane() {
  if (!(await step("checks", "test:unit", { nice: 5, env: { JEST_WORKERS: "1" }, buffered: true }))) return;
  if (!(await step("checks", "typecheck", { nice: 15, buffered: true }))) return;
  await step("checks", "lint", { nice: 15, buffered: true });
}

function summary(started) {
  const total = (Date.now() - started) / 1000;
  console.log("\nnpm test  where the time went (start → end in seconds from the start; wall time; CPU time):");
  let cpuTotal = 0;
  for (const [laneName, script, at, seconds, cpu, note] of timings.sort((a, b) => a[2] - b[2])) {
    const from = (at - started) / 1000;
    cpuTotal += cpu ?? 0;
    console.log(
      `  ${laneName.padEnd(7)} ${script.padEnd(18)} ${from.toFixed(0).padStart(5)} → ${(from + seconds).toFixed(0).padStart(5)}  ${seconds.toFixed(0).padStart(5)} s  ${cpu === null ? "    ?" : cpu.toFixed(0).padStart(5)} cpu-s ${note}`,
    );
  }
  console.log(`  ${"total".padEnd(26)} ${total.toFixed(0).padStart(21)} s  ${cpuTotal.toFixed(0).padStart(5)} cpu-s`);
  rmSync(cpuDir, { recursive: true, force: true });
}

// The steps run in process groups of their own: an interrupt of `npm test` is passed on to them.
for (const signal of ["SIGINT", "SIGTERM"])
  process.on(signal, () => {
    for (const child of running) process.kill(-child.pid, signal);
    process.exit(130);
  });

const started = Date.now();
await Promise.all([siteLane(), checksLane()]);
summary(started);
process.exit(failed ? 1 : 0);
