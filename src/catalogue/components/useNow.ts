import { startTransition, useEffect, useState } from "react";

/**
 * The current time, in the browser only: null during the server render and the first client
 * render (so hydration matches the HTML), then the clock, refreshed every minute so shows that
 * start while the page is open leave the list without a reload.
 */
export function useNow(intervalMs = 60_000): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    // Never urgent: in a transition React renders the programme that changes with the clock in
    // slices it can interrupt, rather than in one task just after hydration.
    const tick = () => startTransition(() => setNow(Date.now()));
    tick();
    const timer = window.setInterval(tick, intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
