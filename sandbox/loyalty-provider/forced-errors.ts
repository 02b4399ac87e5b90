import { RouteQueue } from "./route-queue";

/**
 * Errors queued for the next calls of a route, so a test can see how the site handles a
 * provider failure without arranging the failure for real: the peachCode to answer with instead
 * of handling the request.
 */
export class ForcedErrors extends RouteQueue<number> {
  constructor() {
    super((peachCode) => {
      if (!Number.isSafeInteger(peachCode) || peachCode === 0)
        throw new TypeError("peachCode must be a non-zero integer");
    });
  }
}
