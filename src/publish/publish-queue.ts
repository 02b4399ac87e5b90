// The publish queue's one small interface (issue 47), whatever keeps it: in this process
// (./in-process-queue.ts, the default) or on Redis. Either way a site builds one publish at a
// time; saves of a site while its publish waits join that publish; a save while it builds queues
// one more; one site's build never waits for another's beyond the number built at once.
import type { Publish, PublishStep } from "./publish";

/** How many publishes of a site are remembered, newest first. */
export const PUBLISH_HISTORY = 20;

/**
 * A build telling its queue where it is: the queue records the step on the publish (while it still
 * builds). Resolves once recorded, so that a reader, in another process too, sees the step before
 * the work it names begins; never rejects: a step that cannot be recorded is let go, as it only
 * informs.
 */
export type StepReport = (step: PublishStep) => Promise<void>;

/**
 * Builds the publish's release and makes it live (./release-site.ts), telling its steps through
 * `onStep` (every queue gives one); rejects when it cannot, with the build's own words as the
 * error's message, the live site left as it was.
 */
export type ReleaseBuild = (
  publish: { readonly siteId: string; readonly id: string },
  onStep?: StepReport,
) => Promise<void>;

export interface PublishQueue {
  /** An operator's save of a site: joins the site's queued publish, else queues one. Answers that publish. */
  requestPublish(siteId: string, reason?: string): Promise<Publish>;
  /** That publish of the site, or null. */
  publishOf(siteId: string, id: string): Promise<Publish | null>;
  /** The site's last PUBLISH_HISTORY publishes, newest first. */
  recentPublishes(siteId: string): Promise<readonly Publish[]>;
  /** Starts no more builds and takes no more saves; resolves once the builds under way have ended. */
  close(): Promise<void>;
}

/** Said when a save reaches a queue that is closing. */
export class PublishQueueClosedError extends Error {
  constructor() {
    super("The publish queue is closed");
    this.name = "PublishQueueClosedError";
  }
}

/** A build's failure in words for the publish record. */
export const failureMessage = (error: unknown): string => (error instanceof Error ? error.message : String(error));
