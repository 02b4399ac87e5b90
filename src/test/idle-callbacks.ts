// jsdom has no requestIdleCallback (src/lib/idle.ts then falls back to a timer). A test that must
// tell "waits for an idle moment" from "runs at once" installs this stand-in, which keeps each
// request to be run by hand.

export type IdleRequest = { run: () => void; timeout: number | undefined };

export function captureIdleCallbacks(): { requested: IdleRequest[]; restore: () => void } {
  const requested: IdleRequest[] = [];
  const target = window as { requestIdleCallback?: Window["requestIdleCallback"] };
  target.requestIdleCallback = (callback, options) =>
    requested.push({ run: () => callback({ didTimeout: false, timeRemaining: () => 50 }), timeout: options?.timeout });
  return {
    requested,
    restore: () => {
      delete target.requestIdleCallback;
    },
  };
}
