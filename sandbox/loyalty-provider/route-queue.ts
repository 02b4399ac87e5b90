/**
 * Values queued for the next calls of a route, consumed one per call. Keyed by path without
 * query: the concrete path ("/Member/UsernameReminder/C1/a@b.c") or the route's pattern
 * ("/Member/UsernameReminder/{circuitId}/{email}"). `check` refuses a value that makes no sense.
 */
export class RouteQueue<T> {
  private readonly queued = new Map<string, T[]>();

  constructor(private readonly check: (value: T) => void) {}

  add(route: string, value: T): void {
    const key = route.split("?")[0] ?? "";
    if (!key.startsWith("/")) throw new TypeError(`route must be a path starting with "/", got "${route}"`);
    this.check(value);
    this.queued.set(key, [...(this.queued.get(key) ?? []), value]);
  }

  /** The value queued for this call (by its path, else its pattern), consumed on use. */
  take(path: string, pattern: string): T | undefined {
    for (const key of [path, pattern]) {
      const values = this.queued.get(key);
      const value = values?.shift();
      if (values?.length === 0) this.queued.delete(key);
      if (value !== undefined) return value;
    }
    return undefined;
  }
}
