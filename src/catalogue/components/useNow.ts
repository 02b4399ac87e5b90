import { startTransition, useEffect, useState } from "react";

type Listener = (now: number) => void;

/**
 * One clock per refresh interval for the whole page, however many components read it. A home page
 * shows a few dozen showtime lists and film cards (25 on the US circuit's): a timer each, all
 * started in the one task that runs hydration's effects, were 20-40 ms of it on a phone under
 * Lighthouse's trace, which records each start's call stack (issue 44). One timer also gives every
 * list the same minute.
 */
const clocks = new Map<number, { listeners: Set<Listener>; timer: number }>();

/** Calls `listener` with the time every `intervalMs` until the returned function is called. */
function subscribeToClock(intervalMs: number, listener: Listener): () => void {
  let clock = clocks.get(intervalMs);
  if (!clock) {
    const listeners = new Set<Listener>();
    const timer = window.setInterval(() => {
      const now = Date.now();
      for (const each of listeners) each(now);
    }, intervalMs);
    clock = { listeners, timer };
    clocks.set(intervalMs, clock);
  }
  const { listeners, timer } = clock;
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0 || clocks.get(intervalMs)?.timer !== timer) return;
    window.clearInterval(timer);
    clocks.delete(intervalMs);
  };
}

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
    const show = (time: number) => startTransition(() => setNow(time));
    show(Date.now());
    return subscribeToClock(intervalMs, show);
  }, [intervalMs]);
  return now;
}
