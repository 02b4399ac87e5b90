import fc from "fast-check";
import { addDays, daysBetween, localDateIn, localIsoWithOffset, weekdayOf, zonedTimeToUtc } from "./dates";
import { itReturns } from "../test/tables";

/** The wall clock ("YYYY-MM-DD HH:MM") that `instant` shows in `timeZone`, read with Intl alone. */
function wallClockIn(timeZone: string, instant: Date): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  }).formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("year")}-${get("month")}-${get("day")} ${get("hour")}:${get("minute")}`;
}

describe("addDays", () => {
  it.each([
    ["2026-11-18", 0, "2026-11-18"],
    ["2026-11-18", 1, "2026-11-19"],
    ["2026-11-30", 1, "2026-12-01"],
    ["2026-12-31", 1, "2027-01-01"],
    ["2027-01-01", -1, "2026-12-31"],
    ["2028-02-28", 1, "2028-02-29"],
    ["2027-02-28", 1, "2027-03-01"],
    ["2026-11-18", 13, "2026-12-01"],
    ["2026-11-18", -7, "2026-11-11"],
    // Calendar arithmetic ignores daylight-saving changes.
    ["2026-03-28", 1, "2026-03-29"],
    ["2026-03-29", 1, "2026-03-30"],
    ["2026-10-24", 2, "2026-10-26"],
  ])("%s + %i days is %s", (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
  });
});

describe("daysBetween", () => {
  it.each([
    ["2026-11-18", "2026-11-18", 0],
    ["2026-11-18", "2026-11-25", 7],
    ["2026-11-25", "2026-11-18", -7],
    ["2028-02-01", "2028-03-01", 29],
    ["2027-02-01", "2027-03-01", 28],
    ["2026-12-31", "2027-01-01", 1],
    ["2026-03-28", "2026-03-30", 2],
    ["2026-10-24", "2026-10-26", 2],
    ["2026-01-01", "2027-01-01", 365],
  ])("from %s to %s is %i days", (from, to, expected) => {
    expect(daysBetween(from, to)).toBe(expected);
  });

  it("is the inverse of addDays", () => {
    fc.assert(
      fc.property(fc.integer({ min: -2000, max: 2000 }), (n) => {
        expect(daysBetween("2026-06-15", addDays("2026-06-15", n))).toBe(n);
      }),
    );
  });
});

describe("weekdayOf", () => {
  itReturns(
    weekdayOf,
    [
      ["2026-01-01", "THU"],
      ["2026-03-29", "SUN"],
      ["2026-11-16", "MON"],
      ["2026-11-17", "TUE"],
      ["2026-11-18", "WED"],
      ["2026-11-19", "THU"],
      ["2026-11-20", "FRI"],
      ["2026-11-21", "SAT"],
      ["2026-11-22", "SUN"],
      ["2028-02-29", "TUE"],
      ["2024-12-31", "TUE"],
    ],
    "%s is a %s",
  );
});

describe("localDateIn", () => {
  const lateEvening = Date.UTC(2026, 10, 18, 23, 30); // 2026-11-18T23:30Z
  const earlyMorning = Date.UTC(2026, 10, 19, 3, 0); // 2026-11-19T03:00Z

  it.each([
    ["UTC", lateEvening, "2026-11-18"],
    ["Europe/Paris", lateEvening, "2026-11-19"],
    ["America/Chicago", lateEvening, "2026-11-18"],
    ["UTC", earlyMorning, "2026-11-19"],
    ["Europe/Paris", earlyMorning, "2026-11-19"],
    ["America/Chicago", earlyMorning, "2026-11-18"],
    ["Asia/Tokyo", Date.UTC(2026, 11, 31, 15, 0), "2027-01-01"],
  ])("in %s the instant %d falls on %s", (timeZone, instant, expected) => {
    expect(localDateIn(timeZone, instant)).toBe(expected);
  });

  it("accepts a Date as well as epoch milliseconds", () => {
    expect(localDateIn("Europe/Paris", new Date(lateEvening))).toBe(localDateIn("Europe/Paris", lateEvening));
  });
});

describe("zonedTimeToUtc", () => {
  it.each([
    // [case, date, time, zone, expected instant]
    ["Paris in winter (UTC+1)", "2026-01-15", "20:00", "Europe/Paris", "2026-01-15T19:00:00.000Z"],
    ["Paris in summer (UTC+2)", "2026-07-15", "20:00", "Europe/Paris", "2026-07-15T18:00:00.000Z"],
    ["Chicago in winter (UTC-6), next UTC day", "2026-01-15", "20:00", "America/Chicago", "2026-01-16T02:00:00.000Z"],
    ["Chicago in summer (UTC-5), next UTC day", "2026-07-15", "20:00", "America/Chicago", "2026-07-16T01:00:00.000Z"],
    ["UTC", "2026-03-29", "02:30", "UTC", "2026-03-29T02:30:00.000Z"],
    ["UTC at midnight", "2026-11-18", "00:00", "UTC", "2026-11-18T00:00:00.000Z"],
    ["a half-hour zone (Kolkata)", "2026-06-01", "10:00", "Asia/Kolkata", "2026-06-01T04:30:00.000Z"],
    [
      "Paris, a minute before the spring-forward gap",
      "2026-03-29",
      "01:59",
      "Europe/Paris",
      "2026-03-29T00:59:00.000Z",
    ],
    ["Paris, the first minute after the gap", "2026-03-29", "03:00", "Europe/Paris", "2026-03-29T01:00:00.000Z"],
    [
      "Chicago, before the autumn change on its day",
      "2026-11-01",
      "00:30",
      "America/Chicago",
      "2026-11-01T05:30:00.000Z",
    ],
    ["Chicago, after the repeated hour", "2026-11-01", "02:00", "America/Chicago", "2026-11-01T08:00:00.000Z"],
  ])("%s: %s %s in %s is %s", (_case, date, time, timeZone, expected) => {
    expect(zonedTimeToUtc(date, time, timeZone).toISOString()).toBe(expected);
  });

  describe("in the hour skipped by spring-forward, the showtime lands an hour later", () => {
    it.each([
      ["Europe/Paris", "2026-03-29", "02:30", "2026-03-29T01:30:00.000Z", "2026-03-29 03:30"],
      ["America/Chicago", "2026-03-08", "02:30", "2026-03-08T08:30:00.000Z", "2026-03-08 03:30"],
      ["Australia/Sydney", "2026-10-04", "02:30", "2026-10-03T16:30:00.000Z", "2026-10-04 03:30"],
    ])("%s %s %s → %s (wall clock %s)", (timeZone, date, time, expectedInstant, expectedWallClock) => {
      const instant = zonedTimeToUtc(date, time, timeZone);
      expect(instant.toISOString()).toBe(expectedInstant);
      expect(wallClockIn(timeZone, instant)).toBe(expectedWallClock);
    });
  });

  describe("in the hour repeated by fall-back, the second occurrence is chosen", () => {
    it.each([
      // The first occurrence would be an hour earlier (00:30Z in Paris, 06:30Z in Chicago).
      ["Europe/Paris", "2026-10-25", "02:30", "2026-10-25T01:30:00.000Z"],
      ["America/Chicago", "2026-11-01", "01:30", "2026-11-01T07:30:00.000Z"],
    ])("%s %s %s → %s", (timeZone, date, time, expected) => {
      const instant = zonedTimeToUtc(date, time, timeZone);
      expect(instant.toISOString()).toBe(expected);
      expect(wallClockIn(timeZone, instant)).toBe(`${date} ${time}`);
      // An hour earlier shows the same wall clock: this really is the repeated hour.
      expect(wallClockIn(timeZone, new Date(instant.getTime() - 3_600_000))).toBe(`${date} ${time}`);
    });
  });

  it.each(["Europe/Paris", "America/Chicago", "UTC", "Australia/Sydney"])(
    "every day of 2026 at noon round-trips through the wall clock in %s",
    (timeZone) => {
      for (let day = 0; day < 365; day += 1) {
        const date = addDays("2026-01-01", day);
        expect(wallClockIn(timeZone, zonedTimeToUtc(date, "12:00", timeZone))).toBe(`${date} 12:00`);
      }
    },
  );

  it("any wall-clock time round-trips, except one skipped by spring-forward, which moves one hour later (property)", () => {
    const zones = ["Europe/Paris", "America/Chicago", "Asia/Kolkata", "America/New_York"];
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3 * 365 }),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 59 }),
        fc.constantFrom(...zones),
        (day, hour, minute, timeZone) => {
          const date = addDays("2025-01-01", day);
          const time = `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
          const instant = zonedTimeToUtc(date, time, timeZone);
          const shown = wallClockIn(timeZone, instant);
          if (shown === `${date} ${time}`) return;
          // Otherwise the requested time must not exist: the same minute an hour later is shown, and
          // the instant an hour before does not show the requested time either.
          expect(shown).toBe(`${date} ${String(hour + 1).padStart(2, "0")}:${String(minute).padStart(2, "0")}`);
          expect(wallClockIn(timeZone, new Date(instant.getTime() - 3_600_000))).not.toBe(`${date} ${time}`);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe("localIsoWithOffset", () => {
  it.each([
    ["2026-11-23T19:45:00.000Z", "Europe/Paris", "2026-11-23T20:45:00+01:00"],
    ["2026-07-01T18:00:00.000Z", "Europe/Paris", "2026-07-01T20:00:00+02:00"],
    ["2026-11-24T03:30:00.000Z", "America/Chicago", "2026-11-23T21:30:00-06:00"],
    ["2026-11-23T19:45:00.000Z", "UTC", "2026-11-23T19:45:00+00:00"],
    ["2026-11-23T10:00:00.000Z", "Asia/Kolkata", "2026-11-23T15:30:00+05:30"],
  ])("%s in %s → %s", (instant, zone, expected) => {
    expect(localIsoWithOffset(instant, zone)).toBe(expected);
  });
});
