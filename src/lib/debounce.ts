/**
 * Spec §9 "Debounce helper": the one debounce of the site. Every debounced behaviour goes through
 * it (the session's start-up refresh, the ads setup): a call waits `waitMs`; another call within
 * that time restarts the wait, so only the last one runs. The spec does not give the default; both
 * of its debounced behaviours use 500 ms, so that is the default.
 */
export const DEFAULT_DEBOUNCE_MS = 500;

export type Debounced<Args extends unknown[]> = {
  (...args: Args): void;
  /** Drops a pending call. */
  cancel(): void;
  /** Is a call waiting? */
  pending(): boolean;
};

export function debounce<Args extends unknown[]>(
  run: (...args: Args) => void,
  waitMs: number = DEFAULT_DEBOUNCE_MS,
): Debounced<Args> {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const debounced = (...args: Args): void => {
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      run(...args);
    }, waitMs);
  };
  debounced.cancel = (): void => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  debounced.pending = (): boolean => timer !== null;
  return debounced;
}
