// Test support (imported by the screens' tests only): a fetch of /api/cypher that keeps the calls
// of one provider route waiting until the test lets them go, so a test can look at a screen while
// its call runs (a busy button, the loading flag) and press again meanwhile.

export interface HeldRoute {
  /** The fetch to build the screen's client with. */
  readonly fetchImpl: typeof fetch;
  /** How many calls of the route were sent so far (waiting or let go). */
  sent(): number;
  /** Lets the waiting calls, and every later one, go on. */
  release(): void;
}

/** Holds the calls whose route starts with `route`, then passes them to `fetchImpl`. */
export function holdRoute(route: string, fetchImpl: typeof fetch): HeldRoute {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let sent = 0;
  const held = (async (url: string | URL | Request, init?: RequestInit) => {
    const { reqMetadata } = JSON.parse(String(init?.body)) as { reqMetadata: { route: string } };
    if (reqMetadata.route.startsWith(route)) {
      sent += 1;
      await gate;
    }
    return fetchImpl(url, init);
  }) as typeof fetch;
  return { fetchImpl: held, sent: () => sent, release: () => release() };
}
