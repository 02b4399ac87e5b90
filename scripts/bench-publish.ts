// npm run bench:publish -- [--sites N] [--workers W] [--redis redis://host:port] [--keep]
//
// Publishes N copies of the sample sites (lumiere-1, starlight-2, lumiere-3, …) through the publish
// queue (src/publish/) with W workers, in three rounds: cold (no kept copy yet: what a publish costs
// on a worker that does not hold the site's copy), then on the copies the cold round left, one field
// (each site's name) and a theme change (its highlight colour). For each publish it prints the time
// to live from the publish call, the wait in the queue and the build (config, Gatsby, release
// check, swap), then each round's throughput.
//
// Workers: by default the in-process queue building W sites at once (this machine's cores are then
// shared by W Gatsby builds); with --redis, W BullMQ workers on that Redis, as W publisher
// processes would share it. Every build writes to a scratch folder, never to dist/ or .sites/;
// --keep keeps it, with each round's Gatsby logs in logs/<round>-<site>.log.
// Settings: BENCH_BUILD_DATE fixes the programme's "today" (default: today 08:00 UTC), so that
// the rounds differ only in the changed fields.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { bullmqQueue } from "../src/publish/bullmq-queue";
import { inProcessQueue } from "../src/publish/in-process-queue";
import type { Publish } from "../src/publish/publish";
import type { PublishQueue } from "../src/publish/publish-queue";
import { releaseSite } from "../src/publish/release-site";
import { buildSite, copyDeployable } from "./build-sites";
import { median } from "./figures";

type Args = { sites: number; workers: number; redisUrl: string | null; keep: boolean };

export function parseBenchPublishArgs(argv: readonly string[]): Args {
  const args: Args = { sites: 2, workers: 1, redisUrl: null, keep: false };
  const count = (flag: string, value: string | undefined) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1) throw new Error(`${flag}: expected a whole number from 1, got "${value ?? ""}"`);
    return n;
  };
  for (let index = 0; index < argv.length; index += 1) {
    const flag = argv[index];
    if (flag === "--sites") args.sites = count(flag, argv[(index += 1)]);
    else if (flag === "--workers") args.workers = count(flag, argv[(index += 1)]);
    else if (flag === "--redis") {
      const url = argv[(index += 1)] ?? "";
      if (!/^rediss?:\/\//.test(url)) throw new Error(`--redis: expected redis://host:port, got "${url}"`);
      args.redisUrl = url;
    } else if (flag === "--keep") args.keep = true;
    else throw new Error(`Unknown option ${flag} (known: --sites N, --workers W, --redis url, --keep)`);
  }
  return args;
}

const SAMPLE_SITES = ["lumiere", "starlight"] as const;

/** The bench's site ids: the sample sites in turn, numbered. */
export const benchSiteIds = (count: number): string[] =>
  Array.from({ length: count }, (_, i) => `${SAMPLE_SITES[i % SAMPLE_SITES.length]}-${i + 1}`);

/** One publish's figures, in seconds from its publish call. */
export type PublishTiming = { siteId: string; state: string; wait: number; build: number; live: number };

export function timingOf(publish: Publish): PublishTiming {
  const at = (iso: string | null) => (iso ? Date.parse(iso) : NaN);
  const queued = at(publish.queuedAt);
  const started = at(publish.startedAt);
  const finished = at(publish.finishedAt);
  return {
    siteId: publish.siteId,
    state: publish.state,
    wait: (started - queued) / 1000,
    build: (finished - started) / 1000,
    live: (finished - queued) / 1000,
  };
}

/** A round's summary: time to live (median, worst), mean queue wait, sites made live per minute. */
export function roundSummary(timings: readonly PublishTiming[], roundSeconds: number) {
  const live = timings.filter((t) => t.state === "live");
  const sorted = live.map((t) => t.live).sort((a, b) => a - b);
  return {
    live: live.length,
    failed: timings.length - live.length,
    medianLive: median(sorted),
    worstLive: sorted.at(-1) ?? NaN,
    meanWait: live.reduce((sum, t) => sum + t.wait, 0) / (live.length || NaN),
    meanBuild: live.reduce((sum, t) => sum + t.build, 0) / (live.length || NaN),
    perMinute: (live.length / roundSeconds) * 60,
  };
}

/** A hex colour one step darker in each channel: a theme change no contrast check notices. */
export const nudged = (hex: string): string =>
  `#${[1, 3, 5]
    .map((at) =>
      Math.max(0, parseInt(hex.slice(at, at + 2), 16) - 1)
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;

type Json = Record<string, unknown>;
/** The changes of the incremental rounds, made to every site in turn, each published warm. */
const CHANGES: readonly { label: string; file: string; apply: (json: Json) => Json }[] = [
  {
    label: "incremental: one field (each site's name changed, warm copy)",
    file: "settings.json",
    apply: (settings) => ({ ...settings, name: `${String(settings.name)} (bench)` }),
  },
  {
    label: "incremental: theme (each site's highlight colour changed, warm copy)",
    file: "theme.json",
    apply: (theme) => {
      const colors = theme.colors as { palette: Record<string, string> };
      const palette = { ...colors.palette, highlight: nudged(colors.palette.highlight ?? "#000000") };
      return { ...theme, colors: { ...colors, palette } };
    },
  },
];

const s = (seconds: number) => `${seconds.toFixed(1)} s`;

/** Publishes every site at once and waits until each is live or failed. */
async function round(queue: PublishQueue, siteIds: readonly string[], reason: string): Promise<PublishTiming[]> {
  const started = Date.now();
  const requested = await Promise.all(siteIds.map((siteId) => queue.requestPublish(siteId, reason)));
  const ended = new Map<string, Publish>();
  while (ended.size < requested.length) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    for (const publish of requested) {
      const now = await queue.publishOf(publish.siteId, publish.id);
      if (now && (now.state === "live" || now.state === "failed")) ended.set(publish.id, now);
    }
  }
  const timings = requested.map((publish) => timingOf(ended.get(publish.id)!));
  const roundSeconds = (Date.now() - started) / 1000;
  console.log(`${reason}:`);
  for (const [index, timing] of timings.entries()) {
    const failure = ended.get(requested[index]!.id)?.error;
    console.log(
      `  ${timing.siteId.padEnd(14)} ${timing.state.padEnd(6)} live after ${s(timing.live).padStart(7)}  (queue ${s(timing.wait)}, build ${s(timing.build)})${failure ? `\n    ${failure.split("\n")[0]}` : ""}`,
    );
  }
  const summary = roundSummary(timings, roundSeconds);
  console.log(
    `  ${summary.live} live, ${summary.failed} failed in ${s(roundSeconds)}: ${summary.perMinute.toFixed(2)} sites/min; ` +
      `time to live median ${s(summary.medianLive)}, worst ${s(summary.worstLive)}; ` +
      `mean queue wait ${s(summary.meanWait)}, mean build ${s(summary.meanBuild)}`,
  );
  return timings;
}

async function main() {
  const args = parseBenchPublishArgs(process.argv.slice(2));
  const root = process.cwd();
  const scratch = mkdtempSync(path.join(os.tmpdir(), "venue-bench-publish-"));
  const configRoot = path.join(scratch, "site-config");
  const siteIds = benchSiteIds(args.sites);
  for (const [index, siteId] of siteIds.entries())
    cpSync(path.join(root, "site-config", SAMPLE_SITES[index % SAMPLE_SITES.length]!), path.join(configRoot, siteId), {
      recursive: true,
    });
  const env = {
    ...process.env,
    BUILD_DATE: process.env.BENCH_BUILD_DATE ?? `${new Date().toISOString().slice(0, 10)}T08:00:00.000Z`,
  };
  const buildRelease = releaseSite({
    buildSite: (siteId, onBuilding) =>
      buildSite(siteId, { configRoot, work: path.join(scratch, "work"), env, root, onBuilding }),
    copyDeployable,
    outDir: path.join(scratch, "dist"),
  });
  const workers: PublishQueue[] = [];
  let queue: PublishQueue;
  if (args.redisUrl) {
    const prefix = `bench-publish-${process.pid}`;
    for (let i = 0; i < args.workers; i += 1)
      workers.push(await bullmqQueue({ redisUrl: args.redisUrl, prefix, buildRelease, concurrency: 1 }));
    queue = await bullmqQueue({ redisUrl: args.redisUrl, prefix });
  } else queue = inProcessQueue({ buildRelease, concurrency: args.workers });

  console.log(
    `bench:publish  sites=${args.sites} workers=${args.workers} queue=${args.redisUrl ? `BullMQ (${args.redisUrl})` : "in-process"} cores=${os.cpus().length} scratch=${scratch}`,
  );
  try {
    // Each build's Gatsby log, kept per round (a copy's build.log is its last build's).
    const keepLogs = (round: number) => {
      for (const siteId of siteIds) {
        const log = path.join(scratch, "work", siteId, "build.log");
        if (existsSync(log)) cpSync(log, path.join(scratch, "logs", `${round}-${siteId}.log`));
      }
    };
    const timings = await round(queue, siteIds, "cold (no kept copy: a worker without the site's copy)");
    keepLogs(0);
    for (const [index, change] of CHANGES.entries()) {
      for (const siteId of siteIds) {
        const file = path.join(configRoot, siteId, change.file);
        writeFileSync(file, JSON.stringify(change.apply(JSON.parse(readFileSync(file, "utf8"))), null, 2));
      }
      timings.push(...(await round(queue, siteIds, change.label)));
      keepLogs(index + 1);
    }
    if (timings.some((t) => t.state !== "live")) process.exitCode = 1;
  } finally {
    await Promise.all([queue, ...workers].map((q) => q.close()));
    if (!args.keep) rmSync(scratch, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) {
  main().catch((error: unknown) => {
    console.error(`bench:publish  ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
