// A publish worker in a process of its own, for src/publish/bullmq-workers.test.ts: the Redis
// queue's worker (PUBLISH_REDIS_URL, PUBLISH_TEST_PREFIX) over a fake build that appends
// "start|end <siteId> <publishId> <pid>" to PUBLISH_TEST_LOG and takes PUBLISH_TEST_BUILD_MS; the
// build of a site whose id begins with "held" also waits for the file <log>.release-<publishId>;
// one whose id begins with "crash" brings its process down (SIGKILL), as a build out of memory,
// PUBLISH_TEST_CRASH_AFTER_MS into its build. BullMQ looks for stopped builds every
// PUBLISH_TEST_STALLED_CHECK_MS.
// Says "ready" on stdout once it takes jobs; SIGTERM closes it after its build under way.
import { appendFileSync, existsSync } from "node:fs";
import { bullmqQueue } from "../publish/bullmq-queue";

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};
const log = env("PUBLISH_TEST_LOG");
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main(): Promise<void> {
  const queue = await bullmqQueue({
    redisUrl: env("PUBLISH_REDIS_URL"),
    prefix: env("PUBLISH_TEST_PREFIX"),
    lockMs: Number(env("PUBLISH_TEST_LOCK_MS")),
    stalledCheckMs: Number(env("PUBLISH_TEST_STALLED_CHECK_MS")),
    maxStalls: Number(env("PUBLISH_TEST_MAX_STALLS")),
    busyRetryMs: 50,
    buildRelease: async ({ siteId, id }) => {
      appendFileSync(log, `start ${siteId} ${id} ${process.pid}\n`);
      if (siteId.startsWith("crash")) {
        await pause(Number(env("PUBLISH_TEST_CRASH_AFTER_MS")));
        process.kill(process.pid, "SIGKILL");
      }
      await pause(Number(env("PUBLISH_TEST_BUILD_MS")));
      if (siteId.startsWith("held")) while (!existsSync(`${log}.release-${id}`)) await pause(20);
      appendFileSync(log, `end ${siteId} ${id} ${process.pid}\n`);
    },
  });
  process.once("SIGTERM", () => void queue.close().then(() => process.exit(0)));
  process.stdout.write("ready\n");
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
