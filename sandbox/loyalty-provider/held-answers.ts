import { RouteQueue } from "./route-queue";

/**
 * Answers held back for the next calls of a route: the call is handled as usual (a refresh
 * rotates the tokens), then its answer waits this many milliseconds before it is sent. A test can
 * so leave a page while the provider has acted but the browser has no answer yet.
 */
export class HeldAnswers extends RouteQueue<number> {
  constructor() {
    super((ms) => {
      if (!Number.isSafeInteger(ms) || ms <= 0 || ms > 60_000)
        throw new TypeError("ms must be a whole number of milliseconds from 1 to 60000");
    });
  }
}
