// The publish queue on Redis (PUBLISH_REDIS_URL), for publishers on several processes or machines:
// BullMQ carries the jobs (one per publish, its id the publish's) to whichever worker is free,
// and takes a job over from a worker that stopped mid-build (its stalled-job check), up to a
// limit, past which the publish fails rather than take every worker down. What BullMQ
// has no word for is kept beside its keys, under the same prefix:
//
//   <prefix>:publisher:publishes:<id>        a publish record (JSON), its build's step in it
//   <prefix>:publisher:sites:<site>:queued   the id of the site's publish waiting to build: saves join it
//   <prefix>:publisher:sites:<site>:history  its last 20 publish ids, newest first
//   <prefix>:publisher:sites:<site>:building a lock (expiring, renewed while it builds): one build of a site at a time
//
// A job whose site is building elsewhere goes back to wait a moment (BullMQ's delayed jobs) and its
// publish stays queued, so saves meanwhile still join it. Records change in WATCH/MULTI
// transactions through the publish state machine, so that two processes never both move one
// publish, and a worker writes the end of a build only while it still holds the site's lock.
import { randomBytes } from "node:crypto";
import { DelayedError, Queue, Worker, type Job } from "bullmq";
import { Redis } from "ioredis";
import { z } from "zod";
import { newReleaseId } from "../server/http/site-releases";
import {
  nextPublish,
  PUBLISH_STEPS,
  queuedPublish,
  type Publish,
  type PublishEvent,
  type PublishStep,
} from "./publish";
import { failureMessage, PUBLISH_HISTORY, PublishQueueClosedError } from "./publish-queue";
import type { PublishQueue, ReleaseBuild } from "./publish-queue";

export interface BullmqQueueOptions {
  /** redis://[user:password@]host:port[/db] */
  readonly redisUrl: string;
  /** Namespaces every key (BullMQ's and these); default "publish". */
  readonly prefix?: string;
  /** Given, this process is also a worker: it builds the publishes it takes. */
  readonly buildRelease?: ReleaseBuild;
  /** Sites this worker builds at once (default 1). */
  readonly concurrency?: number;
  /** How long a new publish waits before it may build, so that a burst of saves joins it (default 0). */
  readonly settleMs?: number;
  /**
   * How long a worker's hold on a build lasts unless renewed (BullMQ's job lock and the site's lock);
   * a worker that stops is noticed after it, and its build taken over. Default 30 s.
   */
  readonly lockMs?: number;
  /** How often BullMQ looks for builds whose worker stopped (default: lockMs). */
  readonly stalledCheckMs?: number;
  /**
   * How many times a build may stop its worker and still be taken over (default 3); once more, and
   * it is given up, its publish failed (a build that brings its process down every time, out of
   * memory say, would otherwise take every worker down in turn).
   */
  readonly maxStalls?: number;
  /** How long a publish whose site is building elsewhere waits before it asks again (default 1 s). */
  readonly busyRetryMs?: number;
  /** How long a start waits for Redis to answer (default 10 s). */
  readonly connectTimeoutMs?: number;
  readonly now?: () => Date;
  readonly onChange?: (publish: Publish) => void;
}

export const PUBLISH_JOB_QUEUE = "publishes";

const publishSchema = z.object({
  id: z.string(),
  siteId: z.string(),
  state: z.enum(["queued", "building", "live", "failed"]),
  queuedAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  // Records written before publishes had steps have none.
  step: z.enum(PUBLISH_STEPS).nullable().default(null),
  error: z.string().nullable(),
  saves: z.number().int().positive(),
  reasons: z.array(z.string()),
});
const jobSchema = z.object({ siteId: z.string(), id: z.string() });

/** Deletes the key only while it still holds the value (a lock is released by its holder alone). */
const RELEASE_LOCK = `if redis.call("GET", KEYS[1]) == ARGV[1] then return redis.call("DEL", KEYS[1]) else return 0 end`;
/** Extends the key's life only while it still holds the value. */
const RENEW_LOCK = `if redis.call("GET", KEYS[1]) == ARGV[1] then return redis.call("PEXPIRE", KEYS[1], ARGV[2]) else return 0 end`;

/** A transaction that found its keys changed by another process: tried again. */
const CONFLICT = Symbol("conflict");
/** A publish whose site a worker holds for it: not to be given up yet. */
const HELD = Symbol("held");
const MAX_TRIES = 100;
const CONNECT_TIMEOUT_MS = 10_000;

export async function bullmqQueue(options: BullmqQueueOptions): Promise<PublishQueue> {
  const prefix = options.prefix ?? "publish";
  const now = options.now ?? (() => new Date());
  const lockMs = options.lockMs ?? 30_000;
  const busyRetryMs = options.busyRetryMs ?? 1000;
  const redis = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
  // Commands wait for a connection for ever (what a worker wants once running): a start says why it cannot.
  let noAnswer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      redis.ping(),
      new Promise((_, reject) => {
        const waitMs = options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS;
        noAnswer = setTimeout(() => reject(new Error(`no answer within ${waitMs / 1000} s`)), waitMs);
      }),
    ]);
  } catch (error) {
    redis.disconnect();
    throw new Error(`The publish queue cannot reach Redis: ${failureMessage(error)}`);
  } finally {
    clearTimeout(noAnswer);
  }
  const queue = new Queue(PUBLISH_JOB_QUEUE, { connection: redis, prefix });
  const keys = {
    publish: (id: string) => `${prefix}:publisher:publishes:${id}`,
    queued: (siteId: string) => `${prefix}:publisher:sites:${siteId}:queued`,
    history: (siteId: string) => `${prefix}:publisher:sites:${siteId}:history`,
    building: (siteId: string) => `${prefix}:publisher:sites:${siteId}:building`,
  };
  let closed = false;

  // WATCH belongs to a connection: this process's transactions take turns on it.
  let turn: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const result = turn.then(work);
    turn = result.catch(() => undefined);
    return result;
  };
  /** Runs `attempt` (WATCH, reads, MULTI…EXEC) until no other process changed what it watched. */
  const transaction = <T>(attempt: () => Promise<T | typeof CONFLICT>): Promise<T> =>
    inTurn(async () => {
      for (let tries = 0; tries < MAX_TRIES; tries += 1) {
        const result = await attempt();
        if (result !== CONFLICT) return result;
      }
      throw new Error("The publish records kept changing under this transaction");
    });

  const readPublish = async (id: string): Promise<Publish | null> => {
    const text = await redis.get(keys.publish(id));
    return text === null ? null : publishSchema.parse(JSON.parse(text));
  };

  /** Its job, added once: adding it again (a save joining it) restores one a crash lost before it was added. */
  const addJob = (publish: Publish, delay = 0) =>
    queue.add(
      "publish",
      { siteId: publish.siteId, id: publish.id },
      { jobId: publish.id, delay, removeOnComplete: true, removeOnFail: true },
    );

  const forgetBeyondHistory = async (siteId: string) => {
    const dropped = await redis.lrange(keys.history(siteId), PUBLISH_HISTORY, -1);
    if (dropped.length === 0) return;
    await redis
      .multi()
      .ltrim(keys.history(siteId), 0, PUBLISH_HISTORY - 1)
      .del(...dropped.map(keys.publish))
      .exec();
  };

  const requestPublish = async (siteId: string, reason?: string): Promise<Publish> => {
    if (closed) throw new PublishQueueClosedError();
    const { publish, isNew } = await transaction(async () => {
      await redis.watch(keys.queued(siteId));
      const queuedId = await redis.get(keys.queued(siteId));
      if (queuedId) {
        await redis.watch(keys.publish(queuedId));
        const waiting = await readPublish(queuedId);
        if (!waiting || waiting.state !== "queued") {
          // Its build began between the two reads: this save queues the next publish.
          await redis.unwatch();
          return CONFLICT;
        }
        const joined = nextPublish(waiting, { type: "joined", reason });
        const done = await redis.multi().set(keys.publish(joined.id), JSON.stringify(joined)).exec();
        return done ? { publish: joined, isNew: false } : CONFLICT;
      }
      const at = now();
      const queued = queuedPublish(
        siteId,
        options.now ? newReleaseId(at.getTime()) : newReleaseId(),
        at.toISOString(),
        reason,
      );
      const done = await redis
        .multi()
        .set(keys.queued(siteId), queued.id)
        .set(keys.publish(queued.id), JSON.stringify(queued))
        .lpush(keys.history(siteId), queued.id)
        .exec();
      return done ? { publish: queued, isNew: true } : CONFLICT;
    });
    await addJob(publish, isNew ? (options.settleMs ?? 0) : 0);
    if (isNew) await forgetBeyondHistory(siteId);
    options.onChange?.(publish);
    return publish;
  };

  /**
   * Moves a publish on, if the lock `holder` still holds its site (so a worker that stalled and was
   * replaced writes nothing more). `event` null: nothing to do for this publish (it is finished).
   */
  const moveHolding = (
    siteId: string,
    id: string,
    holder: string,
    eventFor: (publish: Publish) => PublishEvent | null,
  ) =>
    transaction(async () => {
      await redis.watch(keys.building(siteId), keys.publish(id), keys.queued(siteId));
      const [lockedBy, publish, queuedId] = await Promise.all([
        redis.get(keys.building(siteId)),
        readPublish(id),
        redis.get(keys.queued(siteId)),
      ]);
      const event = publish ? eventFor(publish) : null;
      if (lockedBy !== holder || !publish || !event) {
        await redis.unwatch();
        return null;
      }
      const next = nextPublish(publish, event);
      const multi = redis.multi().set(keys.publish(id), JSON.stringify(next));
      // Once it builds, the next save of the site queues another publish.
      if (queuedId === id) multi.del(keys.queued(siteId));
      return (await multi.exec()) ? next : CONFLICT;
    });

  const build = async (job: Job, token: string | undefined) => {
    const { siteId, id } = jobSchema.parse(job.data);
    const holder = `${id}:${randomBytes(6).toString("hex")}`;
    const locked = await redis.set(keys.building(siteId), holder, "PX", lockMs, "NX");
    if (!locked) {
      // The site builds elsewhere: this publish waits, still queued, still joined by saves.
      await job.moveToDelayed(Date.now() + busyRetryMs, token);
      throw new DelayedError();
    }
    const renewal = setInterval(
      () => void redis.eval(RENEW_LOCK, 1, keys.building(siteId), holder, lockMs).catch(() => undefined),
      Math.max(10, Math.floor(lockMs / 3)),
    );
    try {
      const started = await moveHolding(siteId, id, holder, (publish) => {
        const at = now().toISOString();
        if (publish.state === "queued") return { type: "buildStarted", at };
        // Its worker stopped mid-build (BullMQ gave the job back): this one builds it again.
        if (publish.state === "building") return { type: "buildRestarted", at };
        return null;
      });
      if (!started) return;
      options.onChange?.(started);
      // Its steps go on its record as its other moves do (while this worker holds the site), in order:
      // this process's transactions take turns, its end after them.
      const onStep = async (step: PublishStep) => {
        try {
          const stepped = await moveHolding(siteId, id, holder, (publish) =>
            publish.state === "building" ? { type: "stepped", step } : null,
          );
          if (stepped) options.onChange?.(stepped);
        } catch {
          // A step only informs: one Redis did not take leaves the build to go on.
        }
      };
      let outcome: PublishEvent;
      try {
        await options.buildRelease?.({ siteId, id }, onStep);
        outcome = { type: "wentLive", at: now().toISOString() };
      } catch (error) {
        outcome = { type: "failed", at: now().toISOString(), error: failureMessage(error) };
      }
      const finished = await moveHolding(siteId, id, holder, (publish) =>
        publish.state === "building" ? outcome : null,
      );
      if (finished) options.onChange?.(finished);
    } finally {
      clearInterval(renewal);
      await redis.eval(RELEASE_LOCK, 1, keys.building(siteId), holder);
    }
  };

  /**
   * A job BullMQ failed without its build ending it (stopped its worker more than maxStalls times,
   * or an error of Redis in the build's own moves): its publish said "building" for ever, and the
   * editor with it. It fails, unless a worker holds its site for it (HELD).
   */
  const giveUp = (siteId: string, id: string, error: string) =>
    transaction(async (): Promise<Publish | null | typeof HELD | typeof CONFLICT> => {
      await redis.watch(keys.building(siteId), keys.publish(id));
      const [lockedBy, publish] = await Promise.all([redis.get(keys.building(siteId)), readPublish(id)]);
      if (publish?.state !== "building" || lockedBy?.startsWith(`${id}:`)) {
        await redis.unwatch();
        return publish?.state === "building" ? HELD : null;
      }
      const failed = nextPublish(publish, { type: "failed", at: now().toISOString(), error });
      return (await redis.multi().set(keys.publish(id), JSON.stringify(failed)).exec()) ? failed : CONFLICT;
    });
  /**
   * The hold of a worker that stopped mid-build lasts until it expires (lockMs), and BullMQ may give
   * the job up before then (its own lock on the job expired first: a clean-clone run left such a
   * publish "building" for good). Asked again until the hold is gone: a stopped worker's expires; a
   * worker still building renews it and ends the publish itself.
   */
  const giveUpOnceReleased = async (siteId: string, id: string, error: string): Promise<Publish | null> => {
    for (;;) {
      const result = await giveUp(siteId, id, error);
      if (result !== HELD) return result;
      if (closed) return null;
      await new Promise((resolve) => setTimeout(resolve, Math.max(10, Math.floor(lockMs / 2))));
    }
  };
  const maxStalls = options.maxStalls ?? 3;
  const stalledError = (error: Error) =>
    /stalled more than allowable limit/.test(error.message)
      ? `The build stopped its worker ${maxStalls + 1} times (out of memory?) and was given up`
      : failureMessage(error);

  // BullMQ closes only the connections it made: these two are closed here.
  const workerRedis = options.buildRelease ? redis.duplicate({ maxRetriesPerRequest: null }) : null;
  const worker = workerRedis
    ? new Worker(PUBLISH_JOB_QUEUE, build, {
        connection: workerRedis,
        prefix,
        concurrency: options.concurrency ?? 1,
        lockDuration: lockMs,
        stalledInterval: options.stalledCheckMs ?? lockMs,
        maxStalledCount: maxStalls,
      })
    : null;
  worker?.on("failed", (job, error) => {
    const parsed = jobSchema.safeParse(job?.data);
    if (!parsed.success) return;
    void giveUpOnceReleased(parsed.data.siteId, parsed.data.id, stalledError(error)).then(
      (failed) => failed && options.onChange?.(failed),
      () => undefined,
    );
  });
  if (worker) await worker.waitUntilReady();

  return {
    requestPublish,
    async publishOf(siteId, id) {
      const publish = await readPublish(id);
      return publish?.siteId === siteId ? publish : null;
    },
    async recentPublishes(siteId) {
      const ids = await redis.lrange(keys.history(siteId), 0, PUBLISH_HISTORY - 1);
      if (ids.length === 0) return [];
      const texts = await redis.mget(...ids.map(keys.publish));
      return texts.flatMap((text) => (text === null ? [] : [publishSchema.parse(JSON.parse(text))]));
    },
    async close() {
      closed = true;
      // A worker's close waits for its builds under way.
      await worker?.close();
      await queue.close();
      await turn;
      workerRedis?.disconnect();
      redis.disconnect();
    },
  };
}
