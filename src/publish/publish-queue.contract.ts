// What every publish queue does (./publish-queue.ts), as tests any backend runs against itself:
// its builds are a fake that starts when the queue calls it and ends when a test says, so that a
// test can look at the queue while a build is under way. Assertions wait for what they expect
// (a backend on Redis moves on its own time), never for a fixed time.
import type { Publish, PublishStep } from "./publish";
import type { PublishQueue, ReleaseBuild } from "./publish-queue";

/** A build the queue started, held until the test ends it. */
export interface HeldBuild {
  readonly siteId: string;
  readonly id: string;
  /** Tells the queue the build's step, as a real build does; resolves once the queue has it. */
  step(step: PublishStep): Promise<void>;
  finish(): void;
  fail(message: string): void;
}

export interface FakeBuilds {
  readonly buildRelease: ReleaseBuild;
  /** Every build started, in order. */
  readonly started: HeldBuild[];
  /** The builds started and not yet ended. */
  underWay(): HeldBuild[];
}

export function fakeBuilds(): FakeBuilds {
  const started: HeldBuild[] = [];
  const ended = new Set<HeldBuild>();
  return {
    started,
    underWay: () => started.filter((build) => !ended.has(build)),
    buildRelease: (publish, onStep) =>
      new Promise<void>((resolve, reject) => {
        const build: HeldBuild = {
          ...publish,
          step: async (step) => {
            if (!onStep) throw new Error("The queue gave this build no way to tell its step");
            await onStep(step);
          },
          finish: () => {
            ended.add(build);
            resolve();
          },
          fail: (message) => {
            ended.add(build);
            reject(new Error(message));
          },
        };
        started.push(build);
      }),
  };
}

/** Retries `assertion` until it passes (or the time is up, when its last failure is thrown). */
export async function eventually(assertion: () => unknown | Promise<unknown>, timeoutMs = 5_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      await assertion();
      return;
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
}

export type QueueMaker = (options: {
  buildRelease: ReleaseBuild;
  concurrency: number;
  settleMs: number;
}) => Promise<PublishQueue>;

export function publishQueueContract(makeQueue: QueueMaker): void {
  let queue: PublishQueue;
  let builds: FakeBuilds;
  const open = async (concurrency = 1, settleMs = 0) => {
    builds = fakeBuilds();
    queue = await makeQueue({ buildRelease: builds.buildRelease, concurrency, settleMs });
  };
  afterEach(async () => {
    for (const build of builds.underWay()) build.finish();
    await queue.close();
  });

  const stateOf = async (siteId: string, id: string) => (await queue.publishOf(siteId, id))?.state;
  const buildsOf = (siteId: string) => builds.started.filter((build) => build.siteId === siteId);

  it("a save queues a publish, which builds and goes live", async () => {
    await open();
    const publish = await queue.requestPublish("lumiere", "new poster");
    expect(publish).toMatchObject({ siteId: "lumiere", state: "queued", error: null, finishedAt: null });
    await eventually(() => expect(builds.underWay()).toMatchObject([{ siteId: "lumiere", id: publish.id }]));
    expect(await stateOf("lumiere", publish.id)).toBe("building");
    builds.started[0]!.finish();
    await eventually(async () => expect(await stateOf("lumiere", publish.id)).toBe("live"));
    const live = (await queue.publishOf("lumiere", publish.id)) as Publish;
    expect(Date.parse(live.queuedAt)).toBeLessThanOrEqual(Date.parse(live.startedAt ?? ""));
    expect(Date.parse(live.startedAt ?? "")).toBeLessThanOrEqual(Date.parse(live.finishedAt ?? ""));
  });

  it("a build's step shows on its publish while it builds, and is gone once it is live", async () => {
    await open();
    const publish = await queue.requestPublish("lumiere");
    expect(publish.step).toBeNull();
    await eventually(() => expect(builds.underWay()).toHaveLength(1));
    expect(await queue.publishOf("lumiere", publish.id)).toMatchObject({ state: "building", step: null });
    const build = builds.started[0]!;
    // Once a step is told, the publish says it (the report resolves once it is recorded).
    for (const step of ["config", "build", "check", "swap"] as const) {
      await build.step(step);
      expect(await queue.publishOf("lumiere", publish.id)).toMatchObject({ state: "building", step });
    }
    expect((await queue.recentPublishes("lumiere"))[0]).toMatchObject({ id: publish.id, step: "swap" });
    build.finish();
    await eventually(async () => expect(await stateOf("lumiere", publish.id)).toBe("live"));
    expect((await queue.publishOf("lumiere", publish.id))?.step).toBeNull();
  });

  it("a step told once the build has ended changes nothing", async () => {
    await open();
    const publish = await queue.requestPublish("lumiere");
    await eventually(() => expect(builds.underWay()).toHaveLength(1));
    const build = builds.started[0]!;
    await build.step("build");
    build.finish();
    await eventually(async () => expect(await stateOf("lumiere", publish.id)).toBe("live"));
    await build.step("swap");
    expect(await queue.publishOf("lumiere", publish.id)).toMatchObject({ state: "live", step: null });
  });

  it("saves while a publish of the site waits join it: one build for them all", async () => {
    await open();
    const first = await queue.requestPublish("lumiere");
    await eventually(() => expect(builds.underWay()).toHaveLength(1));
    const saves: Publish[] = [];
    for (const reason of ["a", "b", "c"]) saves.push(await queue.requestPublish("lumiere", reason));
    expect(new Set(saves.map((publish) => publish.id)).size).toBe(1);
    expect(saves[0]!.id).not.toBe(first.id);
    expect(saves[2]).toMatchObject({ state: "queued", saves: 3, reasons: ["a", "b", "c"] });

    builds.started[0]!.finish();
    await eventually(() => expect(buildsOf("lumiere")).toHaveLength(2));
    expect(buildsOf("lumiere")[1]!.id).toBe(saves[0]!.id);
    builds.started[1]!.finish();
    await eventually(async () => expect(await stateOf("lumiere", saves[0]!.id)).toBe("live"));
    expect(buildsOf("lumiere")).toHaveLength(2);
  });

  it("a publish that settles first makes one build of a burst of saves", async () => {
    // The window outlasts the burst's five calls: on Redis under a loaded runner, three took 465 ms.
    await open(1, 2_000);
    const first = await queue.requestPublish("lumiere");
    for (let save = 0; save < 4; save += 1) expect((await queue.requestPublish("lumiere")).id).toBe(first.id);
    expect(builds.started).toHaveLength(0);
    await eventually(() => expect(builds.started).toHaveLength(1));
    builds.started[0]!.finish();
    await eventually(async () => expect(await stateOf("lumiere", first.id)).toBe("live"));
    expect((await queue.publishOf("lumiere", first.id))?.saves).toBe(5);
    expect(builds.started).toHaveLength(1);
  });

  it("a site builds one publish at a time: a save while it builds waits for that build", async () => {
    await open(2);
    const first = await queue.requestPublish("lumiere");
    await eventually(() => expect(builds.underWay()).toHaveLength(1));
    const second = await queue.requestPublish("lumiere");
    expect(second.id).not.toBe(first.id);
    // Two may build at once, yet the site's second publish waits.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(builds.underWay()).toHaveLength(1);
    expect(await stateOf("lumiere", second.id)).toBe("queued");
    builds.started[0]!.finish();
    await eventually(() => expect(builds.underWay()).toMatchObject([{ siteId: "lumiere", id: second.id }]));
  });

  it("another site builds beside it, up to the number built at once", async () => {
    await open(2);
    await queue.requestPublish("lumiere");
    await queue.requestPublish("starlight");
    await eventually(() =>
      expect(
        builds
          .underWay()
          .map((build) => build.siteId)
          .sort(),
      ).toEqual(["lumiere", "starlight"]),
    );
    const third = await queue.requestPublish("odeon");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await stateOf("odeon", third.id)).toBe("queued");
    // Whichever ends first frees the place.
    builds.started.find((build) => build.siteId === "starlight")!.finish();
    await eventually(() => expect(buildsOf("odeon")).toHaveLength(1));
  });

  it("with one build at a time, sites take turns in the order they were saved", async () => {
    await open(1);
    await queue.requestPublish("lumiere");
    await eventually(() => expect(builds.underWay()).toHaveLength(1));
    await queue.requestPublish("starlight");
    await queue.requestPublish("lumiere");
    builds.started[0]!.finish();
    await eventually(() => expect(builds.started).toHaveLength(2));
    expect(builds.started[1]!.siteId).toBe("starlight");
    builds.started[1]!.finish();
    await eventually(() => expect(builds.started).toHaveLength(3));
    expect(builds.started[2]!.siteId).toBe("lumiere");
  });

  it("a failed build is recorded with its words, and the next publish still builds", async () => {
    await open();
    const failing = await queue.requestPublish("lumiere");
    await eventually(() => expect(builds.underWay()).toHaveLength(1));
    const next = await queue.requestPublish("lumiere");
    await builds.started[0]!.step("build");
    builds.started[0]!.fail("site-config/lumiere/settings.json › loyalty.version: expected 1 or 3 (received 2)");
    await eventually(async () => expect(await stateOf("lumiere", failing.id)).toBe("failed"));
    expect(await queue.publishOf("lumiere", failing.id)).toMatchObject({
      error: "site-config/lumiere/settings.json › loyalty.version: expected 1 or 3 (received 2)",
      finishedAt: expect.any(String),
      step: null,
    });
    await eventually(() => expect(builds.underWay()).toMatchObject([{ id: next.id }]));
  });

  it("remembers a site's last 20 publishes, newest first, and no other site's", async () => {
    await open();
    const ids: string[] = [];
    for (let publish = 0; publish < 22; publish += 1) {
      ids.push((await queue.requestPublish("lumiere")).id);
      await eventually(() => expect(builds.underWay()).toHaveLength(1));
      builds.underWay()[0]!.finish();
      await eventually(async () => expect(await stateOf("lumiere", ids.at(-1)!)).toBe("live"));
    }
    const recent = await queue.recentPublishes("lumiere");
    expect(recent.map((publish) => publish.id)).toEqual(ids.slice(2).reverse());
    expect(await queue.publishOf("starlight", ids[21]!)).toBeNull();
    expect(await queue.recentPublishes("starlight")).toEqual([]);
  });
}
