// The publish queue on Redis with its workers in processes of their own (src/test/publish-worker.ts,
// a fake build each), as a deploy runs them: two workers, three sites. A burst of saves of each
// site builds each site once, and every site goes live; a worker killed mid-build has its build
// taken over by the other (BullMQ's stalled-job check), which makes it live; a build that kills
// its worker every time is given up after the takeovers allowed, and its publish says so.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startTestRedis, type TestRedis } from "../test/redis-server";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { bullmqQueue, PUBLISH_JOB_QUEUE } from "./bullmq-queue";
import type { Publish } from "./publish";
import type { PublishQueue } from "./publish-queue";
import { eventually } from "./publish-queue.contract";

jest.setTimeout(120_000);

/**
 * Short, so that a stopped worker is noticed within seconds; not shorter, because a worker that
 * cannot renew its lock in time on a loaded machine has its own build taken as stalled (a clean-clone
 * run, beside a Gatsby build and Jest, saw the takeover never come within 20 s at 1 s).
 */
const LOCK_MS = 2_000;
/**
 * Often, so that BullMQ notices a stopped worker soon after its lock on the job expires, and
 * gives a crashing build up before the dead worker's hold on the site (renewed every third of
 * LOCK_MS) has expired too: the case a clean-clone run met, where the publish stayed "building".
 */
const STALLED_CHECK_MS = 250;
/** After the hold on the site was renewed once (at LOCK_MS / 3), before BullMQ's job lock was (LOCK_MS / 2). */
const CRASH_AFTER_MS = 700;
/** A build is taken over once; stopping its worker a second time, it is given up. */
const MAX_STALLS = 1;
const PREFIX = `workers-${process.pid}`;
const SITES = ["lumiere", "starlight", "odeon"];

let redis: TestRedis;
let tmp: string;
let log: string;
let publisher: PublishQueue;
const workers: ChildProcess[] = [];
/** The workers still running (a killed one stays in `workers`). */
const aliveWorkers = () => workers.filter((worker) => worker.exitCode === null && worker.signalCode === null);

function startWorker(): Promise<ChildProcess> {
  const worker = spawn(process.execPath, ["--import", "tsx", path.join(__dirname, "..", "test", "publish-worker.ts")], {
    env: {
      ...process.env,
      PUBLISH_REDIS_URL: redis.url,
      PUBLISH_TEST_PREFIX: PREFIX,
      PUBLISH_TEST_LOG: log,
      PUBLISH_TEST_LOCK_MS: String(LOCK_MS),
      PUBLISH_TEST_STALLED_CHECK_MS: String(STALLED_CHECK_MS),
      PUBLISH_TEST_CRASH_AFTER_MS: String(CRASH_AFTER_MS),
      PUBLISH_TEST_MAX_STALLS: String(MAX_STALLS),
      PUBLISH_TEST_BUILD_MS: "150",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  workers.push(worker);
  return new Promise((resolve, reject) => {
    worker.stdout?.on("data", (data: Buffer) => {
      if (data.toString().includes("ready")) resolve(worker);
    });
    worker.once("exit", (code) => reject(new Error(`a worker stopped before it was ready (exit ${code})`)));
  });
}

/** The fake builds' lines: [what, siteId, publishId, pid]. */
const lines = (): string[][] =>
  existsSync(log)
    ? readFileSync(log, "utf8")
        .trim()
        .split("\n")
        .filter(Boolean)
        .map((line) => line.split(" "))
    : [];
const startsOf = (siteId: string) => lines().filter(([what, site]) => what === "start" && site === siteId);

beforeAll(async () => {
  redis = await startTestRedis(1);
  tmp = mkdtempSync(path.join(os.tmpdir(), "publish-workers-"));
  log = path.join(tmp, "builds.log");
  // The API's side: takes saves, builds nothing; a burst of saves settles into one publish. 400 ms
  // of settling was shorter than the burst's twelve calls took on a loaded 2-core runner (a
  // clean-clone run saw a site's burst split in two publishes): 3 s is room enough.
  publisher = await bullmqQueue({ redisUrl: redis.url, prefix: PREFIX, settleMs: 3_000 });
  await Promise.all([startWorker(), startWorker()]);
});
afterAll(async () => {
  await publisher?.close();
  await Promise.all(
    aliveWorkers().map((worker) => new Promise((resolve) => worker.once("exit", resolve).kill("SIGTERM"))),
  );
  await redis?.stop();
  rmSync(tmp, { recursive: true, force: true });
});

const stateOf = async (siteId: string, id: string) => (await publisher.publishOf(siteId, id))?.state;

it("a burst of saves of three sites builds each site once, on two workers, and all go live", async () => {
  for (let burst = 1; burst <= 2; burst += 1) {
    const saves = await Promise.all(
      Array.from({ length: 4 }, (_, save) =>
        SITES.map((siteId) => publisher.requestPublish(siteId, `save ${save}`)),
      ).flat(),
    );
    const ids = new Map(saves.map((publish) => [publish.siteId, publish.id]));
    expect(ids.size).toBe(3);
    for (const siteId of SITES) expect(saves.filter((publish) => publish.id === ids.get(siteId))).toHaveLength(4);
    await eventually(async () => {
      for (const siteId of SITES) expect(await stateOf(siteId, ids.get(siteId)!)).toBe("live");
    }, 20_000);
    for (const siteId of SITES) expect(startsOf(siteId)).toHaveLength(burst);
  }
  // Both workers built.
  expect(new Set(lines().map(([, , , pid]) => pid)).size).toBe(2);
});

it("a worker killed mid-build: the other takes the build over and makes it live", async () => {
  const publish = await publisher.requestPublish("held-site", "taken over");
  await eventually(() => expect(startsOf("held-site")).toHaveLength(1), 10_000);
  const [, , , firstPid] = startsOf("held-site")[0]!;
  const killed = workers.find((worker) => String(worker.pid) === firstPid)!;
  killed.kill("SIGKILL");
  await new Promise((resolve) => killed.once("exit", resolve));
  const startedFirst = (await publisher.publishOf("held-site", publish.id))?.startedAt;

  await eventually(() => expect(startsOf("held-site")).toHaveLength(2), 45_000).catch(async (error: unknown) => {
    // What BullMQ made of the job, and whether the other worker still runs, say why it was not taken.
    const connection = new Redis(redis.url);
    const jobs = new Queue(PUBLISH_JOB_QUEUE, { connection, prefix: PREFIX });
    const job = await jobs.getJob(publish.id);
    const state = `job ${await jobs.getJobState(publish.id)} (stalled ${job?.stalledCounter ?? "?"} times, ${job?.failedReason ?? "no failure"}); workers alive: ${aliveWorkers().length}`;
    await jobs.close();
    connection.disconnect();
    throw new Error(`${state}\n${String(error)}`);
  });
  const [, , , secondPid] = startsOf("held-site")[1]!;
  expect(secondPid).not.toBe(firstPid);
  writeFileSync(`${log}.release-${publish.id}`, "");
  await eventually(async () => expect(await stateOf("held-site", publish.id)).toBe("live"), 10_000);
  const live = await publisher.publishOf("held-site", publish.id);
  // Dated from the build that made it live.
  expect(Date.parse(live?.startedAt ?? "")).toBeGreaterThan(Date.parse(startedFirst ?? ""));
  expect(lines().filter(([what, site]) => what === "end" && site === "held-site")).toEqual([
    ["end", "held-site", publish.id, secondPid],
  ]);
});

it("a build that brings its worker down every time: taken over as allowed, then given up, its publish failed", async () => {
  const publish = await publisher.requestPublish("crash-site", "a site too big to build");
  let finished: Publish | null = null;
  for (const until = Date.now() + 60_000; !finished && Date.now() < until;) {
    // A supervisor's part (systemd, a container's restart): a worker that went down is started again.
    if (aliveWorkers().length < 2) await startWorker();
    const now = await publisher.publishOf("crash-site", publish.id);
    if (now?.state === "failed" || now?.state === "live") finished = now;
    else await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(finished).toMatchObject({
    state: "failed",
    error: `The build stopped its worker ${MAX_STALLS + 1} times (out of memory?) and was given up`,
  });
  // Built by a worker, taken over once, given up at its second stall: no build of it ended.
  expect(startsOf("crash-site")).toHaveLength(MAX_STALLS + 1);
  expect(lines().filter(([what, site]) => what === "end" && site === "crash-site")).toEqual([]);
});
