// A refresh whose answer never reached the browser must not sign the member out. The provider
// drops the old token pair as soon as it issues the new one (spec §4 refresh), and the new
// refresh token travels only in our Set-Cookie. When the page is left while its refresh is under
// way (a reload, a typed address, the hand-off to ticketing), the browser drops that answer: it
// keeps the old cookie, which the provider no longer accepts, and its next refresh would fail.
// The same happens when two tabs refresh with the same cookie at once.
//
// So, per refresh token: a second refresh while the first is under way waits for the first's
// answer, and one within a short window after it gets the same answer again (with the same new
// pair) instead of going to the provider. This is the "reuse interval" of refresh-token rotation.
// Only answers that issued a new pair are given again; refusals and failures are not kept.
//
// In memory, per process: a deploy with several instances (or a Functions host) has one window
// per instance, and the page's own start-up grace (refresh-schedule.ts) still applies.
import { createHash } from "node:crypto";

/** How long an issued pair is given again to a refresh with the token it replaced. */
export const REFRESH_REPLAY_TTL_MS = 120_000;
/** Bound on the tokens remembered at once (the oldest go first). */
export const REFRESH_REPLAY_MAX_ENTRIES = 10_000;

export interface RefreshReplayOptions {
  readonly ttlMs?: number;
  readonly maxEntries?: number;
  readonly now?: () => number;
}

export interface RefreshReplay {
  /**
   * The answer to a refresh with `token` (within `scope`: the provider and version): the answer of
   * the call already under way, or the one given within the window, or else `call`'s. `keep` says
   * whether an answer may be given again.
   */
  run<T>(scope: string, token: string, call: () => Promise<T>, keep: (answer: T) => boolean): Promise<T>;
  /** Tokens currently remembered (tests, and the bound). */
  size(): number;
}

interface Entry {
  readonly answer: Promise<unknown>;
  /** Infinity while the call is under way. */
  expiresAt: number;
}

export function createRefreshReplay(options: RefreshReplayOptions = {}): RefreshReplay {
  const ttlMs = options.ttlMs ?? REFRESH_REPLAY_TTL_MS;
  const maxEntries = options.maxEntries ?? REFRESH_REPLAY_MAX_ENTRIES;
  const now = options.now ?? Date.now;
  // Keys are digests: the map never holds the old tokens themselves.
  const entries = new Map<string, Entry>();
  let sweptAt = now();

  const sweep = (at: number): void => {
    if (at - sweptAt < ttlMs) return;
    sweptAt = at;
    for (const [key, entry] of entries) if (entry.expiresAt <= at) entries.delete(key);
  };

  return {
    run<T>(scope: string, token: string, call: () => Promise<T>, keep: (answer: T) => boolean): Promise<T> {
      const at = now();
      sweep(at);
      const key = createHash("sha256").update(scope).update("\0").update(token).digest("base64url");
      const known = entries.get(key);
      // The entry holds the answer of this same `call` shape for this scope, so it is a T.
      if (known && known.expiresAt > at) return known.answer as Promise<T>;
      if (known) entries.delete(key);

      const answer = call();
      const entry: Entry = { answer, expiresAt: Number.POSITIVE_INFINITY };
      entries.set(key, entry);
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
      answer.then(
        (value) => {
          if (entries.get(key) !== entry) return;
          if (keep(value)) entry.expiresAt = now() + ttlMs;
          else entries.delete(key);
        },
        () => {
          if (entries.get(key) === entry) entries.delete(key);
        },
      );
      return answer;
    },
    size: () => entries.size,
  };
}
