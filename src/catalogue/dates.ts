// Calendar arithmetic on "YYYY-MM-DD" strings, and conversion between a theater's wall-clock
// time and UTC instants with Intl alone (no time-zone library in the bundle).
import type { Weekday } from "../config/catalogue";
import { boundedMemo } from "../lib/bounded-memo";

const DAY_MS = 86_400_000;
const weekdayOrder: readonly Weekday[] = ["SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"];

function toUtcMidnight(date: string): number {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d);
}

export function addDays(date: string, days: number): string {
  return new Date(toUtcMidnight(date) + days * DAY_MS).toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((toUtcMidnight(to) - toUtcMidnight(from)) / DAY_MS);
}

export function weekdayOf(date: string): Weekday {
  return weekdayOrder[new Date(toUtcMidnight(date)).getUTCDay()]!;
}

const partsFormatters = new Map<string, Intl.DateTimeFormat>();
/**
 * formatToParts is the slow part of every conversion here, and a build asks for the same few
 * instants again and again (every film's 20:30 on the same fortnight): 5000 films' showtimes were
 * seconds of it (issue 19). Bounded, so a long-lived page never grows it without end.
 */
const partsMemo = boundedMemo<Readonly<Record<string, number>>>(20_000);
function partsIn(timeZone: string, instant: number): Readonly<Record<string, number>> {
  return partsMemo(`${timeZone}|${instant}`, () => formatParts(timeZone, instant));
}

function formatParts(timeZone: string, instant: number): Record<string, number> {
  let formatter = partsFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    partsFormatters.set(timeZone, formatter);
  }
  const out: Record<string, number> = {};
  for (const part of formatter.formatToParts(instant)) if (part.type !== "literal") out[part.type] = Number(part.value);
  return out;
}

/** The calendar date at `instant` in `timeZone`. */
export function localDateIn(timeZone: string, instant: number | Date): string {
  const p = partsIn(timeZone, typeof instant === "number" ? instant : instant.getTime());
  return `${p.year}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`;
}

function offsetMs(timeZone: string, instant: number): number {
  const p = partsIn(timeZone, instant);
  const asUtc = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return asUtc - (instant - (instant % 1000));
}

/**
 * The UTC instant at which the wall clock in `timeZone` shows `date` `time`. In the hour skipped
 * by a spring-forward change this lands an hour later, so the showtime still exists, and in a
 * repeated autumn hour it picks the second occurrence.
 */
export function zonedTimeToUtc(date: string, time: string, timeZone: string): Date {
  const [h, min] = time.split(":").map(Number) as [number, number];
  const wallClock = toUtcMidnight(date) + (h * 60 + min) * 60_000;
  // The offsets in force a day either side; at most one change lies between them. Trying the later
  // offset first picks the second occurrence of a repeated hour; a time in a skipped hour matches
  // neither and is read with the earlier offset, which lands it an hour later, east or west of UTC.
  const before = offsetMs(timeZone, wallClock - DAY_MS);
  const after = offsetMs(timeZone, wallClock + DAY_MS);
  if (offsetMs(timeZone, wallClock - after) === after) return new Date(wallClock - after);
  return new Date(wallClock - before);
}

/**
 * An instant as the theater's wall-clock time with its UTC offset ("2026-11-23T20:45:00+01:00"),
 * for `<time datetime>`: machine-readable and still the time printed beside it.
 */
export function localIsoWithOffset(instant: string | number, timeZone: string): string {
  const ms = typeof instant === "number" ? instant : Date.parse(instant);
  const p = partsIn(timeZone, ms);
  const offsetMinutes = Math.round(offsetMs(timeZone, ms) / 60_000);
  const sign = offsetMinutes < 0 ? "-" : "+";
  const abs = Math.abs(offsetMinutes);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${p.year}-${two(p.month!)}-${two(p.day!)}T${two(p.hour!)}:${two(p.minute!)}:${two(p.second!)}${sign}${two(Math.floor(abs / 60))}:${two(abs % 60)}`;
}
