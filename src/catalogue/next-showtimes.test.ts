import { TWO_FILMS_OF_A_DAY } from "../test/next-showtimes-day";
import { zonedTimeToUtc } from "./dates";
import fc from "fast-check";
import {
  inTheaterOrder,
  listDayAttributes,
  listableShowtimes,
  listedDay,
  nextShowtimesOfDay,
  timesByTheater,
  NEXT_FILMS,
  NEXT_TIMES,
  SPARE_FILMS,
  SPARE_TIMES,
} from "./next-showtimes";

const ZONE = "Europe/Paris";
const DAY = "2026-11-25";
const at = (time: string, day = DAY) => zonedTimeToUtc(day, time, ZONE).getTime();

/** Showtimes in the programme's order (by time): [filmId, "HH:MM", day?]. */
function programme(rows: readonly (readonly [number, string, string?])[]) {
  return rows
    .map(([filmId, time, day = DAY]) => ({
      filmId,
      localDate: day,
      startsAt: zonedTimeToUtc(day, time, ZONE).toISOString(),
      label: `${filmId}@${time}`,
    }))
    .sort((a, b) => a.startsAt.localeCompare(b.startsAt));
}

/** What the visitor sees: "film: times" for each film shown. */
function seen(list: ReturnType<typeof nextShowtimesOfDay<ReturnType<typeof programme>[number]>>) {
  return list
    .filter((f) => f.shown)
    .map(
      (f) =>
        `${f.filmId}: ${f.times
          .filter((t) => t.shown)
          .map((t) => t.showtime.label.split("@")[1])
          .join(" ")}`,
    );
}

const DAY_OF_SIX_SHOWS = programme([...TWO_FILMS_OF_A_DAY, [3, "14:15"], [1, "12:00", "2026-11-26"]]);

describe("nextShowtimesOfDay: the home page's next showtimes today", () => {
  it.each([
    [
      "before the clock is known, the day's first times of every film",
      null,
      ["1: 10:00 13:00 16:00 19:00", "2: 11:00 20:30", "3: 14:15"],
    ],
    ["at 09:00, the same", at("09:00"), ["1: 10:00 13:00 16:00 19:00", "2: 11:00 20:30", "3: 14:15"]],
    [
      "a show that started this very minute is still offered",
      at("10:00") + 59_999,
      ["1: 10:00 13:00 16:00 19:00", "2: 11:00 20:30", "3: 14:15"],
    ],
    [
      "one that started a minute ago is not, and the next of the day takes its place",
      at("10:01"),
      ["1: 13:00 16:00 19:00 21:00", "2: 11:00 20:30", "3: 14:15"],
    ],
    [
      "at 15:00, a film whose shows have all passed leaves; the order stays the day's",
      at("15:00"),
      ["1: 16:00 19:00 21:00 23:00", "2: 20:30"],
    ],
    ["after the last show of the day, nothing", at("23:01"), []],
  ])("%s", (_case, now, expected) => {
    expect(seen(nextShowtimesOfDay(DAY_OF_SIX_SHOWS, DAY, now))).toEqual(expected);
  });

  // Issue 42: with the site's grace (10 minutes by default) a time stays listed until 10 minutes after its start.
  it.each([
    ["at 10:10, film 1's 10:00 is 10 minutes in: still listed", at("10:10"), "1: 10:00 13:00 16:00 19:00"],
    ["at 10:11 it is not, and 21:00 takes its place", at("10:11"), "1: 13:00 16:00 19:00 21:00"],
  ])("with a grace of 10 minutes, %s", (_case, now, expected) => {
    expect(seen(nextShowtimesOfDay(DAY_OF_SIX_SHOWS, DAY, now, 10))[0]).toBe(expected);
  });

  it("lists only the day asked for", () => {
    expect(seen(nextShowtimesOfDay(DAY_OF_SIX_SHOWS, "2026-11-26", at("09:00", "2026-11-26")))).toEqual(["1: 12:00"]);
    expect(nextShowtimesOfDay(DAY_OF_SIX_SHOWS, "2026-11-27", null)).toEqual([]);
    expect(nextShowtimesOfDay(DAY_OF_SIX_SHOWS, null, null)).toEqual([]);
  });

  it(`shows ${NEXT_FILMS} films and ${NEXT_TIMES} times each, and carries ${SPARE_FILMS} films and ${SPARE_TIMES} times more, hidden`, () => {
    const rows: [number, string][] = [];
    for (let film = 1; film <= 20; film += 1) for (let hour = 10; hour < 24; hour += 1) rows.push([film, `${hour}:00`]);
    const list = nextShowtimesOfDay(programme(rows), DAY, at("09:00"));
    expect(list).toHaveLength(NEXT_FILMS + SPARE_FILMS);
    expect(list.filter((f) => f.shown)).toHaveLength(NEXT_FILMS);
    expect(list.every((f) => f.times.length === NEXT_TIMES + SPARE_TIMES)).toBe(true);
    expect(list.filter((f) => f.shown).every((f) => f.times.filter((t) => t.shown).length === NEXT_TIMES)).toBe(true);
  });

  it("the day listed: the visitor's today in the site's time zone, or before the clock the first day carried", () => {
    expect(listedDay(DAY_OF_SIX_SHOWS, ZONE, null)).toBe(DAY);
    expect(listedDay(DAY_OF_SIX_SHOWS, ZONE, at("22:30"))).toBe(DAY);
    // Issue 42: at 23:30, after the day's last show, the next day with shows (it used to be the empty today).
    expect(listedDay(DAY_OF_SIX_SHOWS, ZONE, at("23:30"))).toBe("2026-11-26");
    expect(listedDay(DAY_OF_SIX_SHOWS, ZONE, at("00:30", "2026-11-26"))).toBe("2026-11-26");
    expect(listedDay([], ZONE, null)).toBeNull();
  });

  // Issue 42: never an empty today while a later day carried has shows.
  it.each([
    ["21:00, film 1's 21:00 and 23:00 left: today", at("21:00"), 10, DAY],
    ["23:10, the 23:00 show 10 minutes in: still today", at("23:10"), 10, DAY],
    ["23:11 with a grace of 10, after the last show: the next day with shows", at("23:11"), 10, "2026-11-26"],
    ["23:01 with no grace: the next day already", at("23:01"), 0, "2026-11-26"],
    [
      "after the last show carried: the visitor's today, which says it has nothing",
      at("13:00", "2026-11-26"),
      10,
      "2026-11-26",
    ],
    ["the day after that: the visitor's today", at("09:00", "2026-11-27"), 10, "2026-11-27"],
  ])("the day listed once the clock is known: %s", (_case, now, grace, expected) => {
    expect(listedDay(DAY_OF_SIX_SHOWS, ZONE, now, grace)).toBe(expected);
  });
});

describe("listableShowtimes: what the home page carries of its first days", () => {
  const THEATERS = ["annecy", "chambery", "lyon"] as const;
  const NEXT_DAY = "2026-11-26";
  type Row = { filmId: number; theaterId: string; day: string; minute: number };
  /** In the programme's order: by time, then theater. */
  const showtimesOf = (rows: readonly Row[]) =>
    rows
      .map(({ filmId, theaterId, day, minute }) => {
        const time = `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;
        return {
          filmId,
          theaterId,
          localDate: day,
          startsAt: zonedTimeToUtc(day, time, ZONE).toISOString(),
          perfCode: `${theaterId}-${day}-${time}-${filmId}`,
        };
      })
      .sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.theaterId.localeCompare(b.theaterId));
  /** Everything the list renders: films, times and what is shown, and the day it is about. */
  const rendered = (showtimes: ReturnType<typeof showtimesOf>, theaterId: string | null, now: number | null) => {
    const here = theaterId ? showtimes.filter((s) => s.theaterId === theaterId) : showtimes;
    const day = listedDay(here, ZONE, now);
    return {
      day,
      films: nextShowtimesOfDay(here, day, now).map((f) => ({
        filmId: f.filmId,
        shown: f.shown,
        times: f.times.map((t) => `${t.showtime.perfCode}${t.shown ? "" : " (hidden)"}`),
      })),
    };
  };

  it("keeps, per day and per theater, the first films by first show and their first times", () => {
    const rows: Row[] = [];
    for (let filmId = 1; filmId <= 20; filmId += 1)
      for (let hour = 10; hour < 24; hour += 1)
        rows.push({ filmId, theaterId: "annecy", day: DAY, minute: hour * 60 + filmId });
    // Film 30 plays only at Chambéry, late: first there, far after the first 12 films over all theaters.
    rows.push({ filmId: 30, theaterId: "chambery", day: DAY, minute: 23 * 60 + 30 });
    const kept = listableShowtimes(showtimesOf(rows));
    const films = new Set(kept.map((s) => s.filmId));
    expect([...films].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 30]);
    expect(kept.filter((s) => s.filmId === 1)).toHaveLength(NEXT_TIMES + SPARE_TIMES);
    expect(kept.filter((s) => s.filmId === 1).map((s) => s.startsAt)).toEqual(
      showtimesOf(rows.filter((r) => r.filmId === 1))
        .slice(0, NEXT_TIMES + SPARE_TIMES)
        .map((s) => s.startsAt),
    );
  });

  it("the list is the same on them as on the whole programme, at any time and for any theater (property)", () => {
    const row = fc.record({
      filmId: fc.integer({ min: 1, max: 25 }),
      theaterId: fc.constantFrom(...THEATERS),
      day: fc.constantFrom(DAY, NEXT_DAY),
      minute: fc.integer({ min: 0, max: 287 }).map((m) => m * 5),
    });
    // Large programmes (fast-check's default size would keep them under a dozen shows): more
    // films than the list carries, at several theaters.
    const rowsArbitrary = fc.uniqueArray(row, {
      minLength: 40,
      maxLength: 400,
      selector: (r) => `${r.filmId}|${r.theaterId}|${r.day}|${r.minute}`,
    });
    const nowArbitrary = fc.option(
      fc.integer({ min: at("00:00") - 3_600_000, max: at("23:59", NEXT_DAY) + 3_600_000 }),
      { nil: null },
    );
    fc.assert(
      fc.property(rowsArbitrary, fc.array(nowArbitrary, { minLength: 1, maxLength: 6 }), (rows, nows) => {
        const all = showtimesOf(rows);
        const kept = listableShowtimes(all);
        for (const theaterId of [null, ...THEATERS])
          for (const now of nows) expect(rendered(kept, theaterId, now)).toEqual(rendered(all, theaterId, now));
      }),
      { numRuns: 300 },
    );
  });
});

describe("a circuit's list with no theater chosen: each film's times by theater", () => {
  // The site's order, which is not the ids' alphabetical one (the programme's tie-break).
  const SITE_ORDER = ["downtown", "riverside", "north"];
  /** [theaterId, "HH:MM", screen?] in the programme's order: by time, then theater id. */
  const circuit = (rows: readonly (readonly [string, string, string?])[]) =>
    rows
      .map(([theaterId, time, screen = ""]) => ({
        filmId: 1,
        theaterId,
        localDate: DAY,
        startsAt: zonedTimeToUtc(DAY, time, ZONE).toISOString(),
        label: `${theaterId}@${time}${screen}`,
      }))
      .sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.theaterId.localeCompare(b.theaterId));
  const labels = (list: readonly { label: string }[]) => list.map((s) => s.label);

  it.each([
    [
      "times apart: the programme's order, untouched",
      [
        ["north", "18:45"],
        ["downtown", "13:00"],
        ["riverside", "14:00"],
      ],
      ["downtown@13:00", "riverside@14:00", "north@18:45"],
    ],
    [
      "two theaters at the same minute: the site's order, not the ids'",
      [
        ["north", "19:00"],
        ["riverside", "19:00"],
        ["downtown", "13:00"],
      ],
      ["downtown@13:00", "riverside@19:00", "north@19:00"],
    ],
    [
      "a theater the site does not list comes after those it does",
      [
        ["annex", "19:00"],
        ["north", "19:00"],
      ],
      ["north@19:00", "annex@19:00"],
    ],
    [
      "one theater twice at the same minute (two screens): as the programme had them",
      [
        ["north", "19:00"],
        ["downtown", "19:00", " screen 2"],
        ["downtown", "19:00", " screen 1"],
      ],
      ["downtown@19:00 screen 2", "downtown@19:00 screen 1", "north@19:00"],
    ],
  ] as const)("inTheaterOrder, %s", (_case, rows, expected) => {
    expect(labels(inTheaterOrder(circuit(rows), SITE_ORDER))).toEqual(expected);
  });

  // Low Orbit on the US circuit: four times at Downtown, two at Riverside, one at North Lamar. A
  // group reads "theater: times", a time not shown in brackets, a group not shown in brackets too.
  it.each([
    [
      "at 09:00 the day's first four times, each theater with one or more",
      at("09:00"),
      ["downtown: 13:00 16:10 (19:20) (22:30)", "riverside: 14:00 (19:00)", "north: 18:45"],
    ],
    [
      "at 17:00 the four left, one theater after another in the site's order",
      at("17:00"),
      ["downtown: (13:00) (16:10) 19:20 22:30", "riverside: (14:00) 19:00", "north: 18:45"],
    ],
    [
      "at 19:10 Riverside and North Lamar have nothing left: their groups are not shown",
      at("19:10"),
      ["downtown: (13:00) (16:10) 19:20 22:30", "(riverside: (14:00) (19:00))", "(north: (18:45))"],
    ],
  ])("timesByTheater, %s", (_case, now, expected) => {
    const day = inTheaterOrder(
      circuit([
        ["downtown", "13:00"],
        ["downtown", "16:10"],
        ["downtown", "19:20"],
        ["downtown", "22:30"],
        ["riverside", "14:00"],
        ["riverside", "19:00"],
        ["north", "18:45"],
      ]),
      SITE_ORDER,
    );
    const [film] = nextShowtimesOfDay(day, DAY, now);
    const groups = timesByTheater(film!.times, SITE_ORDER).map((group) => {
      const times = group.times.map((t) => (t.shown ? t.showtime.label : `(${t.showtime.label})`).replace(/\w+@/, ""));
      const text = `${group.theaterId}: ${times.join(" ")}`;
      return group.shown ? text : `(${text})`;
    });
    expect(groups).toEqual(expected);
  });

  it("timesByTheater keeps every time carried, each in its theater, and leaves out theaters with none", () => {
    const times = nextShowtimesOfDay(
      circuit([
        ["north", "10:00"],
        ["downtown", "11:00"],
        ["annex", "12:00"],
        ["north", "13:00"],
      ]),
      DAY,
      null,
    )[0]!.times;
    expect(timesByTheater(times, SITE_ORDER).map((g) => [g.theaterId, g.times.map((t) => t.showtime.label)])).toEqual([
      ["downtown", ["downtown@11:00"]],
      ["north", ["north@10:00", "north@13:00"]],
      ["annex", ["annex@12:00"]],
    ]);
  });
});

describe("listDayAttributes: the instants the list's day starts and ends where the site is", () => {
  it.each([
    ["an ordinary day in Paris", "2026-11-25", ZONE, "2026-11-24T23:00:00.000Z", "2026-11-25T23:00:00.000Z"],
    [
      "Paris's spring change: a day of 23 hours",
      "2026-03-29",
      ZONE,
      "2026-03-28T23:00:00.000Z",
      "2026-03-29T22:00:00.000Z",
    ],
    [
      "Paris's autumn change: a day of 25 hours",
      "2026-10-25",
      ZONE,
      "2026-10-24T22:00:00.000Z",
      "2026-10-25T23:00:00.000Z",
    ],
    ["Chicago", "2026-11-25", "America/Chicago", "2026-11-25T06:00:00.000Z", "2026-11-26T06:00:00.000Z"],
  ])("%s", (_, day, zone, starts, ends) => {
    expect(listDayAttributes(day, zone)).toEqual({
      "data-day-starts": String(Date.parse(starts)),
      "data-day-ends": String(Date.parse(ends)),
    });
  });

  it("no day: empty, which the page's script reads as not the visitor's today", () => {
    expect(listDayAttributes(null, ZONE)).toEqual({ "data-day-starts": "", "data-day-ends": "" });
  });
});
