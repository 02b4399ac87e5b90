/**
 * Errors queued for the next calls of a route, so a test can see how the site handles a
 * provider failure without arranging the failure for real. Keyed by path without query: the
 * concrete path ("/Member/UsernameReminder/C1/a@b.c") or the route's pattern
 * ("/Member/UsernameReminder/{circuitId}/{email}").
 */
export class ForcedErrors {
  private readonly queued = new Map<string, number[]>();

  add(route: string, peachCode: number): void {
    const key = route.split("?")[0] ?? "";
    if (!key.startsWith("/")) throw new TypeError(`route must be a path starting with "/", got "${route}"`);
    if (!Number.isSafeInteger(peachCode) || peachCode === 0)
      throw new TypeError("peachCode must be a non-zero integer");
    this.queued.set(key, [...(this.queued.get(key) ?? []), peachCode]);
  }

  /** The code to answer with instead of handling the request, consumed on use. */
  take(path: string, pattern: string): number | undefined {
    for (const key of [path, pattern]) {
      const codes = this.queued.get(key);
      const code = codes?.shift();
      if (codes?.length === 0) this.queued.delete(key);
      if (code !== undefined) return code;
    }
    return undefined;
  }
}
