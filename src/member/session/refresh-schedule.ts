// When the member session is refreshed (spec §4 "Refresh" timing, §9 constants): once shortly
// after start when a stored session was restored, then periodically while signed in; never when
// the page arrived with an external token (the ticketing service owns that session).
//
// `memory` outlives the provider: Gatsby templates mount LoyaltyProvider on every page, and
// without it each navigation would refresh again and restart the period, so a v1 member browsing
// page to page every few minutes would never reach the 10-minute refresh.

import { debounce } from "../../lib/debounce";

export const REFRESH_INTERVAL_MS: Readonly<Record<1 | 3, number>> = { 1: 600_000, 3: 85_800_000 };
export const INITIAL_REFRESH_DEBOUNCE_MS = 500;
/**
 * A restored pair issued less than this long ago is not refreshed at start. A refresh makes the
 * provider drop the old pair at once; a page left (reloaded, or a typed address) before its
 * start-up refresh answered would keep a pair that no longer works and sign the member out. Only
 * the first page of a visit, or one opened after a pause, refreshes at start. (The proxy also
 * answers a refresh that repeats a replaced token with the pair that replaced it, for a while:
 * src/server/refresh-replay.ts. This grace still covers a host with many instances.)
 */
export const STARTUP_REFRESH_GRACE_MS = 60_000;

export interface RefreshMemory {
  /** The start-up refresh already ran (or was scheduled) in this page load. */
  startupDone: boolean;
  /** Epoch ms of the last refresh that ran, or null. */
  lastRunAt: number | null;
}

export function createRefreshMemory(): RefreshMemory {
  return { startupDone: false, lastRunAt: null };
}

/** One per page load (see the note at the top). */
export const pageLoadRefreshMemory: RefreshMemory = createRefreshMemory();

export interface RefreshScheduleOptions {
  readonly version: 1 | 3;
  /** The session came from storage (true) or from a sign-in on this page (false). */
  readonly restored: boolean;
  /** The `token` query parameter of the page, when present (spec §2). */
  readonly externalToken: string | null;
  readonly refresh: () => void | Promise<unknown>;
  readonly memory?: RefreshMemory;
  /** When the restored token pair was issued (epoch ms), if known. */
  readonly tokensIssuedAt?: number | null;
  readonly now?: () => number;
}

/** Starts the schedule for a signed-in member; the answer stops it. */
export function startRefreshSchedule(options: RefreshScheduleOptions): () => void {
  if (options.externalToken) return () => undefined;
  const memory = options.memory ?? pageLoadRefreshMemory;
  const now = options.now ?? Date.now;
  const interval = REFRESH_INTERVAL_MS[options.version];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;

  const run = (): void => {
    if (stopped) return;
    memory.lastRunAt = now();
    schedule(interval);
    // A refresh that fails handles its own outcome (the provider clears the session); here it
    // must only not stop the schedule.
    try {
      void Promise.resolve(options.refresh()).catch(() => undefined);
    } catch {
      // same
    }
  };
  const schedule = (delay: number): void => {
    timer = setTimeout(run, Math.max(0, delay));
  };

  const issuedAt = options.tokensIssuedAt ?? null;
  if (
    options.restored &&
    !memory.startupDone &&
    issuedAt !== null &&
    now() - issuedAt >= 0 &&
    now() - issuedAt < STARTUP_REFRESH_GRACE_MS
  ) {
    // Fresh enough: the period continues from when the pair was issued.
    memory.startupDone = true;
    memory.lastRunAt = issuedAt;
  }
  if (options.restored && !memory.startupDone) {
    memory.startupDone = true;
    // Debounced: a provider that unmounts within 500 ms (strict mode, a fast navigation) cancels
    // this run, and the next mount schedules it again; only a run that happened counts as done.
    const startup = debounce(run, INITIAL_REFRESH_DEBOUNCE_MS);
    startup();
    return () => {
      stopped = true;
      startup.cancel();
      if (timer !== null) clearTimeout(timer);
      if (memory.lastRunAt === null) memory.startupDone = false;
    };
  }

  // A fresh sign-in starts its own period; a restored session continues the page load's one.
  if (!options.restored || memory.lastRunAt === null) memory.lastRunAt = now();
  schedule(memory.lastRunAt + interval - now());
  return () => {
    stopped = true;
    if (timer !== null) clearTimeout(timer);
  };
}
