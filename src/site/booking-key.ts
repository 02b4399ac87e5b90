// The booking route's index of performances (spec §2 internal booking route). It is published as
// static files beside the pages, split in shards the route picks by the performance's key, so a
// point-of-sale terminal fetches one small file rather than every performance of the programme
// (issue 19: as page data it was 17.7 MB at 5,000 films, and it weighed on the build's memory).
import type { Version } from "../catalogue/schedule";
import { BOOKING_INDEX_DIR } from "../lib/paths";

export { BOOKING_INDEX_DIR };
import type { BookablePerformance } from "./contexts";

/** Key of a performance in the booking page's index: the booking route's two query parameters. */
export const bookingKey = (theaterCode: string, perfCode: string): string => `${theaterCode}|${perfCode}`;

/** About this many performances per file (a few tens of KB). */
export const PERFORMANCES_PER_SHARD = 400;

export type PerformanceIndex = Record<string, BookablePerformance>;

export const shardCount = (performances: number): number =>
  Math.max(1, Math.ceil(performances / PERFORMANCES_PER_SHARD));

/** The shard holding a key: FNV-1a (32 bits) of the key, modulo the number of shards. */
export function shardOf(key: string, shards: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i += 1) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % shards;
}

export const shardPath = (shard: number): string => `${BOOKING_INDEX_DIR}${shard}.json`;

/** The index split in shardCount(...) files: file i holds the keys whose shardOf is i. */
export function shardIndex(index: PerformanceIndex): PerformanceIndex[] {
  const keys = Object.keys(index);
  const shards: PerformanceIndex[] = Array.from({ length: shardCount(keys.length) }, () => ({}));
  for (const key of keys) shards[shardOf(key, shards.length)]![key] = index[key]!;
  return shards;
}

const TEXT_FIELDS = ["filmTitle", "filmPath", "startsAt", "localDate", "timeZone", "theaterName"] as const;
const VERSIONS: ReadonlySet<unknown> = new Set<Version>(["dubbed", "original", "subtitled"]);
const isVersion = (value: unknown): value is Version => VERSIONS.has(value);

/** One performance of a fetched shard, or undefined when absent or malformed (then "not found"). */
export function performanceIn(shard: unknown, key: string): BookablePerformance | undefined {
  if (typeof shard !== "object" || shard === null || Array.isArray(shard) || !Object.hasOwn(shard, key))
    return undefined;
  const entry: unknown = (shard as Record<string, unknown>)[key];
  if (typeof entry !== "object" || entry === null) return undefined;
  const fields = entry as Record<string, unknown>;
  if (!TEXT_FIELDS.every((field) => typeof fields[field] === "string")) return undefined;
  const text = fields as Record<(typeof TEXT_FIELDS)[number], string>;
  if (!text.filmPath.startsWith("/") || Number.isNaN(Date.parse(text.startsAt))) return undefined;
  const { filmTitle, filmPath, startsAt, localDate, timeZone, theaterName } = text;
  const screen = typeof fields.screen === "string" ? fields.screen : null;
  const performance: BookablePerformance = { filmTitle, filmPath, startsAt, localDate, timeZone, theaterName, screen };
  // A version the page does not know is left out: the show is named without one, never wrongly.
  if (isVersion(fields.version)) performance.version = fields.version;
  return performance;
}
