/**
 * Answers held back for the next calls of a route: the call is handled as usual (a refresh
 * rotates the tokens), then its answer waits before it is sent. A test can so leave a page while
 * the provider has acted but the browser has no answer yet. Keyed like ForcedErrors: the concrete
 * path or the route's pattern, without query.
 */
export class HeldAnswers {
  private readonly queued = new Map<string, number[]>();

  add(route: string, ms: number): void {
    const key = route.split("?")[0] ?? "";
    if (!key.startsWith("/")) throw new TypeError(`route must be a path starting with "/", got "${route}"`);
    if (!Number.isSafeInteger(ms) || ms <= 0 || ms > 60_000)
      throw new TypeError("ms must be a whole number of milliseconds from 1 to 60000");
    this.queued.set(key, [...(this.queued.get(key) ?? []), ms]);
  }

  /** How long to hold this call's answer (0: not at all), consumed on use. */
  take(path: string, pattern: string): number {
    for (const key of [path, pattern]) {
      const holds = this.queued.get(key);
      const ms = holds?.shift();
      if (holds?.length === 0) this.queued.delete(key);
      if (ms !== undefined) return ms;
    }
    return 0;
  }
}
