// The publish queue in this process (the default: no server needed). Publishes live in memory and
// are forgotten when the process stops; the releases they made stay on disk.
import { newReleaseId } from "../server/http/site-releases";
import { nextPublish, queuedPublish, type Publish, type PublishEvent, type PublishStep } from "./publish";
import { failureMessage, PUBLISH_HISTORY, PublishQueueClosedError } from "./publish-queue";
import type { PublishQueue, ReleaseBuild } from "./publish-queue";

export interface InProcessQueueOptions {
  readonly buildRelease: ReleaseBuild;
  /** Sites built at once (default 1: a Gatsby build already uses every core). */
  readonly concurrency?: number;
  readonly now?: () => Date;
  /** A new publish's id from its time (default: a release id, time first). */
  readonly newId?: (at: number) => string;
  /** How long a new publish waits before it may build, so that a burst of saves joins it (default 0). */
  readonly settleMs?: number;
  /** Told of every publish that changed (the log). */
  readonly onChange?: (publish: Publish) => void;
}

/** One site's line: at most one publish waiting and one building, and what came before. */
interface SiteLine {
  queued: Publish | null;
  /** Its queued publish is settling: it joins the turns when the time is up. */
  settling: ReturnType<typeof setTimeout> | null;
  building: Publish | null;
  /** Newest first, the waiting and building ones included. */
  history: Publish[];
}

export function inProcessQueue(options: InProcessQueueOptions): PublishQueue {
  const concurrency = options.concurrency ?? 1;
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError(`concurrency: ${concurrency}`);
  const now = options.now ?? (() => new Date());
  // On the real clock, ids made in one millisecond still sort in the order they were made.
  const newId = options.newId ?? (options.now ? (at: number) => newReleaseId(at) : () => newReleaseId());
  const lines = new Map<string, SiteLine>();
  /** Sites with a publish waiting and none building, in the order they became so. */
  const ready: string[] = [];
  const underWay = new Set<Promise<void>>();
  let closed = false;

  const lineOf = (siteId: string): SiteLine => {
    let line = lines.get(siteId);
    if (!line) lines.set(siteId, (line = { queued: null, settling: null, building: null, history: [] }));
    return line;
  };

  /** Records the publish's move in its line's history and tells the listener. */
  const move = (line: SiteLine, publish: Publish, event: PublishEvent): Publish => {
    const next = nextPublish(publish, event);
    line.history = line.history.map((kept) => (kept.id === next.id ? next : kept));
    options.onChange?.(next);
    return next;
  };

  const build = (siteId: string, line: SiteLine) => {
    const waiting = line.queued;
    if (!waiting) return;
    line.queued = null;
    const building = move(line, waiting, { type: "buildStarted", at: now().toISOString() });
    line.building = building;
    const run = (async () => {
      let current = building;
      let ended = false;
      const onStep = async (step: PublishStep) => {
        // A build that tells a step once it has ended is not heard.
        if (ended) return;
        try {
          current = move(line, current, { type: "stepped", step });
        } catch {
          // A step only informs (its listener failed): the build goes on.
        }
      };
      try {
        await options.buildRelease({ siteId, id: building.id }, onStep);
        ended = true;
        move(line, current, { type: "wentLive", at: now().toISOString() });
      } catch (error) {
        ended = true;
        move(line, current, { type: "failed", at: now().toISOString(), error: failureMessage(error) });
      }
    })().finally(() => {
      line.building = null;
      underWay.delete(run);
      // A save while it built: that publish now takes its turn.
      if (line.queued && !line.settling) ready.push(siteId);
      startBuilds();
    });
    underWay.add(run);
  };

  const startBuilds = () => {
    while (!closed && underWay.size < concurrency && ready.length > 0) {
      const siteId = ready.shift() as string;
      build(siteId, lineOf(siteId));
    }
  };

  return {
    async requestPublish(siteId, reason) {
      if (closed) throw new PublishQueueClosedError();
      const line = lineOf(siteId);
      if (line.queued) {
        line.queued = move(line, line.queued, { type: "joined", reason });
        return line.queued;
      }
      const at = now();
      const publish = queuedPublish(siteId, newId(at.getTime()), at.toISOString(), reason);
      line.queued = publish;
      line.history = [publish, ...line.history].slice(0, PUBLISH_HISTORY);
      options.onChange?.(publish);
      const settleMs = options.settleMs ?? 0;
      if (settleMs > 0)
        line.settling = setTimeout(() => {
          line.settling = null;
          if (!line.building) ready.push(siteId);
          startBuilds();
        }, settleMs);
      else if (!line.building) ready.push(siteId);
      startBuilds();
      // As it was queued, though its build may have started already.
      return publish;
    },
    async publishOf(siteId, id) {
      return lines.get(siteId)?.history.find((publish) => publish.id === id) ?? null;
    },
    async recentPublishes(siteId) {
      return [...(lines.get(siteId)?.history ?? [])];
    },
    async close() {
      closed = true;
      for (const line of lines.values()) if (line.settling) clearTimeout(line.settling);
      await Promise.all(underWay);
    },
  };
}
