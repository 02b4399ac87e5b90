// Work that can wait for the main thread to be free: the browser's idle callback, within `timeout`
// ms at the latest, or the next task where there is none (Safari, jsdom).

type IdleWindow = Window & { requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number };

/** Runs `run` once the main thread is idle, or after `timeout` ms at the latest. */
export function whenIdle(run: () => void, timeout: number, win: Window = window): void {
  const idle = (win as IdleWindow).requestIdleCallback;
  if (typeof idle === "function") idle.call(win, run, { timeout });
  else win.setTimeout(run, 0);
}

/**
 * Resolves in a later task: work after it does not add to the task running now (a long task on a
 * phone delays the visitor's taps).
 */
export function nextTask(win: Window = window): Promise<void> {
  return new Promise((resolve) => win.setTimeout(resolve, 0));
}
