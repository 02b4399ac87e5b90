// The publish queue on Redis against the same contract as the in-process one (a Redis of its own,
// src/test/redis-server.ts), and what only it has to keep: several processes' saves and workers
// sharing one queue. Workers in other processes, and one killed mid-build: bullmq-workers.test.ts.
import { Redis } from "ioredis";
import { startTestRedis, type TestRedis } from "../test/redis-server";
import { bullmqQueue } from "./bullmq-queue";
import { eventually, fakeBuilds, publishQueueContract } from "./publish-queue.contract";
import type { PublishQueue } from "./publish-queue";

jest.setTimeout(30_000);

let redis: TestRedis;
beforeAll(async () => {
  redis = await startTestRedis(0);
});
afterAll(() => redis?.stop());

let namespaces = 0;
/** Each test its own keys. */
const nextPrefix = () => `test-${process.pid}-${(namespaces += 1)}`;

describe("the publish queue on Redis", () => {
  publishQueueContract((options) =>
    bullmqQueue({ redisUrl: redis.url, prefix: nextPrefix(), busyRetryMs: 20, lockMs: 5_000, ...options }),
  );
});

describe("several processes on one queue", () => {
  const opened: PublishQueue[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((queue) => queue.close()));
  });
  const open = async (options: Partial<Parameters<typeof bullmqQueue>[0]>) => {
    const queue = await bullmqQueue({ redisUrl: redis.url, busyRetryMs: 20, lockMs: 5_000, ...options });
    opened.push(queue);
    return queue;
  };

  it("a save taken by a publisher without a worker is built by a worker elsewhere, and both see it", async () => {
    const prefix = nextPrefix();
    const builds = fakeBuilds();
    const api = await open({ prefix });
    const worker = await open({ prefix, buildRelease: builds.buildRelease });
    const publish = await api.requestPublish("lumiere", "new times");
    await eventually(() => expect(builds.underWay()).toMatchObject([{ siteId: "lumiere", id: publish.id }]));
    builds.started[0]!.finish();
    await eventually(async () => expect((await api.publishOf("lumiere", publish.id))?.state).toBe("live"));
    expect(await worker.recentPublishes("lumiere")).toMatchObject([
      { id: publish.id, state: "live", reasons: ["new times"] },
    ]);
  });

  it("saves of one site from several publishers at once make one publish", async () => {
    const prefix = nextPrefix();
    const publishers = await Promise.all([open({ prefix }), open({ prefix }), open({ prefix })]);
    // Three saves from each: "p0 s0" … "p2 s2", in order.
    const reasons = publishers.flatMap((_, at) => [0, 1, 2].map((save) => `p${at} s${save}`));
    const saves = await Promise.all(
      reasons.map((reason, index) => publishers[Math.floor(index / 3)]!.requestPublish("lumiere", reason)),
    );
    expect(new Set(saves.map((publish) => publish.id)).size).toBe(1);
    const [recorded] = await publishers[0]!.recentPublishes("lumiere");
    expect(recorded).toMatchObject({ state: "queued", saves: 9 });
    expect([...(recorded?.reasons ?? [])].sort()).toEqual(reasons);
  });

  it("reads a publish recorded before publishes had a step (as one with none)", async () => {
    const prefix = nextPrefix();
    const client = new Redis(redis.url);
    try {
      await client.set(
        `${prefix}:publisher:publishes:20261123T101502123Z-abcdef`,
        JSON.stringify({
          id: "20261123T101502123Z-abcdef",
          siteId: "lumiere",
          state: "live",
          queuedAt: "2026-11-23T10:15:02.123Z",
          startedAt: "2026-11-23T10:15:03.123Z",
          finishedAt: "2026-11-23T10:15:04.123Z",
          error: null,
          saves: 1,
          reasons: [],
        }),
      );
    } finally {
      client.disconnect();
    }
    const queue = await open({ prefix });
    expect(await queue.publishOf("lumiere", "20261123T101502123Z-abcdef")).toMatchObject({ state: "live", step: null });
  });
});

it("a Redis that does not answer stops the start, saying so", async () => {
  await expect(
    bullmqQueue({ redisUrl: "redis://127.0.0.1:9", prefix: nextPrefix(), connectTimeoutMs: 300 }),
  ).rejects.toThrow("The publish queue cannot reach Redis: no answer within 0.3 s");
});
