import { inProcessQueue } from "./in-process-queue";
import { PublishQueueClosedError } from "./publish-queue";
import { eventually, fakeBuilds, publishQueueContract } from "./publish-queue.contract";

describe("the in-process publish queue", () => {
  publishQueueContract(async (options) => inProcessQueue(options));

  it("dates each move by its clock and names publishes by their time", async () => {
    const builds = fakeBuilds();
    let clock = Date.UTC(2026, 10, 23, 10, 15, 2, 123);
    const queue = inProcessQueue({ buildRelease: builds.buildRelease, now: () => new Date((clock += 1000)) });
    const publish = await queue.requestPublish("lumiere");
    expect(publish.id).toMatch(/^20261123T101503123Z-[0-9a-f]{6}$/);
    builds.started[0]!.finish();
    await eventually(async () => expect((await queue.publishOf("lumiere", publish.id))?.state).toBe("live"));
    expect(await queue.publishOf("lumiere", publish.id)).toMatchObject({
      queuedAt: "2026-11-23T10:15:03.123Z",
      startedAt: "2026-11-23T10:15:04.123Z",
      finishedAt: "2026-11-23T10:15:05.123Z",
    });
  });

  it("tells its listener of every move", async () => {
    const builds = fakeBuilds();
    const moves: string[] = [];
    const queue = inProcessQueue({
      buildRelease: builds.buildRelease,
      onChange: (publish) => moves.push(`${publish.siteId} ${publish.state} ${publish.saves}`),
    });
    await queue.requestPublish("lumiere");
    await queue.requestPublish("lumiere");
    await queue.requestPublish("lumiere");
    builds.started[0]!.finish();
    await eventually(() => expect(builds.started).toHaveLength(2));
    builds.started[1]!.fail("boom");
    await queue.close();
    expect(moves).toEqual([
      "lumiere queued 1",
      "lumiere building 1",
      "lumiere queued 1",
      "lumiere queued 2",
      "lumiere live 1",
      "lumiere building 2",
      "lumiere failed 2",
    ]);
  });

  it("once closed takes no save, and waits for the build under way", async () => {
    const builds = fakeBuilds();
    const queue = inProcessQueue({ buildRelease: builds.buildRelease });
    const publish = await queue.requestPublish("lumiere");
    let closed = false;
    const closing = queue.close().then(() => (closed = true));
    await expect(queue.requestPublish("lumiere")).rejects.toThrow(PublishQueueClosedError);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(closed).toBe(false);
    builds.started[0]!.finish();
    await closing;
    expect((await queue.publishOf("lumiere", publish.id))?.state).toBe("live");
  });

  it("builds at least one site at a time", () => {
    expect(() => inProcessQueue({ buildRelease: fakeBuilds().buildRelease, concurrency: 0 })).toThrow(RangeError);
  });
});
