// npm test: every check, then where the time went. Two lanes run side by side, each stopping at
// its first failure, and a failure in one stops the other:
//   site:   build:e2e → test:budget → test:e2e → test:sites  (the browser tests need the builds)
//   checks: test:unit → typecheck + lint                     (need nothing built)
// Why: a Gatsby build keeps only about 1.4 of the 2 cores busy (webpack is mostly single-threaded),
// and the checks fill the rest; one after the other they took the sum of both lanes. The site
// lane is the longer one (the five builds took 246 s alone on 2 cores, 342 s beside the checks at
// equal priority), so the checks run at a lower one and take what it leaves idle: Jest first, at
// nice 5 (its tests wait on timers, so it must not starve), then the type check and the lint at
// nice 15, side by side (run one behind the other, the lint ran alone for the run's last
// half-minute with a core idle), mostly while the browser tests wait on pages. Jest runs one
// worker here (`npm run test:unit` alone runs two). The checks lane prints each step's output
// whole when the step ends, so the lanes' logs do not interleave line by line.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";

/**
 * Each lane's steps, in order: the npm script, its niceness (see above) and its extra settings; a
 * step that is a list of such runs them side by side.
 */
const LANES = {
  site: { buffered: false, steps: [["build:e2e"], ["test:budget"], ["test:e2e"], ["test:sites"]] },
  checks: {
    buffered: true,
    steps: [
      ["test:unit", { nice: 5, env: { JEST_WORKERS: "1" } }],
      [
        ["typecheck", { nice: 15 }],
        ["lint", { nice: 15 }],
      ],
    ],
  },
};

const timings = [];
// Where each step's shell writes the CPU time its processes used (`times`), for the summary.
const cpuDir = mkdtempSync(path.join(tmpdir(), "npm-test-"));
const running = new Set();
let failed = false;

/** Runs `npm run <script>` in its own process group (so a failure elsewhere can stop all of it). */
function run(lane, script, { nice = 0, env = {} } = {}) {
  const started = Date.now();
  const { buffered } = LANES[lane];
  return new Promise((resolve) => {
    // Each step runs in a session of its own (detached), and Linux's autogroup scheduler shares the
    // CPU between sessions whatever the niceness of their processes: the session's own niceness
    // (/proc/self/autogroup) is what ranks it; `nice` covers kernels without autogroup.
    const cpuFile = path.join(cpuDir, script.replace(/\W/g, "-"));
    const priority = nice ? `echo ${nice} > /proc/self/autogroup 2>/dev/null; nice -n ${nice} ` : "";
    const command = `${priority}npm run ${script} --silent; status=$?; times > '${cpuFile}'; exit $status`;
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
        script,
        started,
        seconds,
        cpuSeconds(cpuFile),
        ok ? "" : signal ? `stopped (${signal})` : "FAILED",
      ]);
      if (buffered && output) process.stdout.write(output);
      if (!signal)
        console.log(
          `npm test  ${lane} › ${script}: ${ok ? "passed" : `FAILED (exit ${status})`} in ${seconds.toFixed(0)} s`,
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

/** The first failure stops every other step under way: their results would not change this run's. */
function stopAll() {
  if (failed) return;
  failed = true;
  for (const child of running) process.kill(-child.pid, "SIGTERM");
}

async function lane(name) {
  for (const step of LANES[name].steps) {
    if (failed) return;
    const together = Array.isArray(step[0]) ? step : [step];
    const results = await Promise.all(
      together.map(([script, options]) =>
        run(name, script, options).then((ok) => {
          if (!ok) stopAll();
          return ok;
        }),
      ),
    );
    if (!results.every(Boolean)) return;
  }
}

/**
 * The CPU seconds the whole machine has spent busy since boot (/proc/stat's first line: user, nice,
 * system, irq, softirq, steal), and how many CPUs it has; null where there is no /proc.
 */
function machineBusy() {
  try {
    const [, ...fields] = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/);
    const [user, nice, system, , , irq, softirq, steal = 0] = fields.map(Number);
    return (user + nice + system + irq + softirq + steal) / 100; // USER_HZ: 100 on Linux
  } catch {
    return null;
  }
}

function summary(started, busyAtStart) {
  const total = (Date.now() - started) / 1000;
  console.log("\nnpm test  where the time went (start → end in seconds from the start; wall time; CPU time):");
  let cpuTotal = 0;
  for (const [laneName, script, at, seconds, cpu, note] of timings.sort((a, b) => a[2] - b[2])) {
    const from = (at - started) / 1000;
    cpuTotal += cpu ?? 0;
    console.log(
      `  ${laneName.padEnd(7)} ${script.padEnd(12)} ${from.toFixed(0).padStart(5)} → ${(from + seconds).toFixed(0).padStart(5)}  ${seconds.toFixed(0).padStart(5)} s  ${cpu === null ? "    ?" : cpu.toFixed(0).padStart(5)} cpu-s ${note}`,
    );
  }
  console.log(`  ${"total".padEnd(20)} ${total.toFixed(0).padStart(21)} s  ${cpuTotal.toFixed(0).padStart(5)} cpu-s`);
  // The steps' own figures miss the browser tests' Chromium: its zygote forks the renderers out of
  // the step's process tree, so `times` never counts them (in a run on 2 cores, about 900 of the
  // browser tests' 1,400 busy seconds). What the machine spent is the figure to cut.
  const busy = machineBusy();
  if (busy !== null && busyAtStart !== null)
    console.log(
      `  the machine was busy ${(busy - busyAtStart).toFixed(0)} cpu-s of the ${(total * availableParallelism()).toFixed(0)} its ${availableParallelism()} CPUs had (anything else running counts too)`,
    );
  rmSync(cpuDir, { recursive: true, force: true });
}

// The steps run in process groups of their own: an interrupt of `npm test` is passed on to them.
for (const signal of ["SIGINT", "SIGTERM"])
  process.on(signal, () => {
    for (const child of running) process.kill(-child.pid, signal);
    process.exit(130);
  });

const started = Date.now();
const busyAtStart = machineBusy();
await Promise.all(Object.keys(LANES).map(lane));
summary(started, busyAtStart);
process.exit(failed ? 1 : 0);
