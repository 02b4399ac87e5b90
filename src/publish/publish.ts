// A publish: the build an operator's saves of one site ask for, from the queue to live or failed
// (issue 47). Pure: the queues (./in-process-queue.ts) hold the records and move them on with
// nextPublish, which refuses any move the machine below does not have.
//
//   queued ──buildStarted──▶ building ──wentLive──▶ live
//     │ ▲                      │ ▲  └──────failed─────▶ failed
//     └─┘ joined               └─┘ buildRestarted, stepped
//
// joined: another save while still queued (the same build will carry it); buildRestarted: its
// worker stopped mid-build and another took the build over (the Redis queue's stalled jobs).
// While it builds, the build tells its step (stepped: building → building); a publish has a step
// only while building: none while queued, none once live or failed, none again when a build is
// taken over (until the new build tells its own).

export type PublishState = "queued" | "building" | "live" | "failed";

/**
 * Where a build is (./release-site.ts): checking the site's configuration, building the site
 * (Gatsby), writing and checking the release, making it live. Machine values: the API answers
 * them as they are, and a reader words them (the sandbox editor has its own map).
 */
export const PUBLISH_STEPS = ["config", "build", "check", "swap"] as const;
export type PublishStep = (typeof PUBLISH_STEPS)[number];

export interface Publish {
  /** Also the name of the release it builds (src/server/http/site-releases.ts). */
  readonly id: string;
  readonly siteId: string;
  readonly state: PublishState;
  /** ISO date-times. */
  readonly queuedAt: string;
  readonly startedAt: string | null;
  readonly finishedAt: string | null;
  /** Its build's step while it builds, else null. */
  readonly step: PublishStep | null;
  /** Why it failed, in the build's own words (a configuration's "file › field" lines, the end of Gatsby's log). */
  readonly error: string | null;
  /** The saves it stands for, and the reasons they gave (for the log; the first MAX_REASONS). */
  readonly saves: number;
  readonly reasons: readonly string[];
}

export type PublishEvent =
  | { readonly type: "joined"; readonly reason?: string | undefined }
  | { readonly type: "buildStarted"; readonly at: string }
  | { readonly type: "buildRestarted"; readonly at: string }
  | { readonly type: "stepped"; readonly step: PublishStep }
  | { readonly type: "wentLive"; readonly at: string }
  | { readonly type: "failed"; readonly at: string; readonly error: string };

/** Enough of a failed build's words to act on; a Gatsby log's tail is bounded upstream, this bounds the rest. */
export const MAX_ERROR_CHARS = 4000;
export const MAX_REASONS = 20;

export class PublishTransitionError extends Error {
  constructor(publish: Publish, event: PublishEvent) {
    super(`Publish ${publish.id} of "${publish.siteId}" is ${publish.state}: it cannot take "${event.type}"`);
    this.name = "PublishTransitionError";
  }
}

const withReason = (reasons: readonly string[], reason: string | undefined): readonly string[] =>
  reason && reasons.length < MAX_REASONS ? [...reasons, reason] : reasons;

export function queuedPublish(siteId: string, id: string, at: string, reason?: string): Publish {
  return {
    id,
    siteId,
    state: "queued",
    queuedAt: at,
    startedAt: null,
    finishedAt: null,
    step: null,
    error: null,
    saves: 1,
    reasons: withReason([], reason),
  };
}

const boundedError = (error: string): string =>
  error.length > MAX_ERROR_CHARS ? `${error.slice(0, MAX_ERROR_CHARS - 1)}…` : error;

/** The machine: the one state each event moves a publish on from. */
const MOVES_FROM: Readonly<Record<PublishEvent["type"], PublishState>> = {
  joined: "queued",
  buildStarted: "queued",
  buildRestarted: "building",
  stepped: "building",
  wentLive: "building",
  failed: "building",
};

/** The publish after `event`; throws PublishTransitionError for a move the machine does not have. */
export function nextPublish(publish: Publish, event: PublishEvent): Publish {
  if (MOVES_FROM[event.type] !== publish.state) throw new PublishTransitionError(publish, event);
  switch (event.type) {
    case "joined":
      return { ...publish, saves: publish.saves + 1, reasons: withReason(publish.reasons, event.reason) };
    case "buildStarted":
    case "buildRestarted":
      return { ...publish, state: "building", startedAt: event.at, step: null };
    case "stepped":
      return { ...publish, step: event.step };
    case "wentLive":
      return { ...publish, state: "live", finishedAt: event.at, step: null };
    case "failed":
      return {
        ...publish,
        state: "failed",
        finishedAt: event.at,
        step: null,
        error: boundedError(event.error || "failed"),
      };
  }
}

/** What the API answers about a publish (issue 47's fields and the build's step, nothing of the saves). */
export type PublishView = Pick<Publish, "id" | "state" | "step" | "queuedAt" | "startedAt" | "finishedAt" | "error">;

export function publishView({ id, state, step, queuedAt, startedAt, finishedAt, error }: Publish): PublishView {
  return { id, state, step, queuedAt, startedAt, finishedAt, error };
}

export const isFinished = (publish: Publish): boolean => publish.state === "live" || publish.state === "failed";
