import type { FilmAttributeKey } from "../config/catalogue";
import { zonedTimeToUtc } from "./dates";
import {
  emptyDayReason,
  type EmptyDayReason,
  bookableShowtimes,
  dayNameOf,
  dayStrip,
  endsAt,
  filterOptions,
  filterShowtimes,
  firstLocalDate,
  formatOf,
  initialDay,
  isBookable,
  nextDayWithShowtimes,
  nextShowingsOf,
  scheduleOpeningRedirect,
  scheduleRedirect,
  scheduleStrip,
  showtimeState,
  type ScheduleDay,
  type ScheduleStripDay,
  type ShowtimeState,
  NO_FILTER,
  todayFor,
  versionOf,
  versionsAndFeaturesOf,
  type ShowtimeFilter,
} from "./schedule";
import type { Showtime } from "./types";
import { itReturnsPerCase } from "../test/tables";
import { listedDay } from "./next-showtimes";

function show(
  theaterId: string,
  localDate: string,
  time: string,
  timeZone: string,
  attributes: FilmAttributeKey[] = [],
): Showtime {
  const startsAt = zonedTimeToUtc(localDate, time, timeZone).toISOString();
  return {
    perfCode: `${theaterId}-${localDate}-${time}`,
    filmId: 1,
    theaterId,
    startsAt,
    localDate,
    attributes,
    screen: null,
    bookingUrl: "https://tickets.example.com/websales/sales/X/book?perfcode=1",
  };
}

const at = (date: string, time: string, timeZone: string) => zonedTimeToUtc(date, time, timeZone).getTime();

describe("what is still bookable now", () => {
  // Paris on Mon 23 Nov 2026 (UTC+1), Chicago the same day (UTC−6).
  const paris = [
    show("paris", "2026-11-23", "14:15", "Europe/Paris"),
    show("paris", "2026-11-23", "17:30", "Europe/Paris"),
    show("paris", "2026-11-23", "20:45", "Europe/Paris"),
    show("paris", "2026-11-24", "00:15", "Europe/Paris"),
  ];
  const chicago = [show("chicago", "2026-11-23", "22:30", "America/Chicago")];
  const timesOf = (list: readonly Showtime[]) =>
    list.map((s) => {
      const zone = s.theaterId === "paris" ? "Europe/Paris" : "America/Chicago";
      return new Intl.DateTimeFormat("en-GB", {
        timeZone: zone,
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
      }).format(Date.parse(s.startsAt));
    });

  // Issue 42: with the default grace of 10 minutes a show stays offered until 10 minutes after its
  // start (to the end of that minute), where it used to leave a minute after its start.
  it.each([
    [
      "at 18:10 in Paris the 14:15 and 17:30 shows are gone",
      at("2026-11-23", "18:10", "Europe/Paris"),
      paris,
      ["20:45", "00:15"],
    ],
    [
      "a show starting this minute is still offered",
      at("2026-11-23", "20:45", "Europe/Paris"),
      paris,
      ["20:45", "00:15"],
    ],
    [
      "a show that started 10 minutes ago is still offered (the grace)",
      at("2026-11-23", "20:55", "Europe/Paris"),
      paris,
      ["20:45", "00:15"],
    ],
    ["one that started 11 minutes ago is not", at("2026-11-23", "20:56", "Europe/Paris"), paris, ["00:15"]],
    [
      "across midnight: at 23:59 the 00:15 of the next day is left",
      at("2026-11-23", "23:59", "Europe/Paris"),
      paris,
      ["00:15"],
    ],
    [
      "the last show of the night, 10 minutes in, is still offered",
      at("2026-11-24", "00:25", "Europe/Paris"),
      paris,
      ["00:15"],
    ],
    ["after the last show and its grace nothing is left", at("2026-11-24", "00:26", "Europe/Paris"), paris, []],
    [
      "before the first show every show is left",
      at("2026-11-23", "09:00", "Europe/Paris"),
      paris,
      ["14:15", "17:30", "20:45", "00:15"],
    ],
    // 04:00 in Paris is 21:00 the day before in Chicago: the Chicago 22:30 show is still ahead.
    [
      "a theater six hours west keeps its evening show after Paris midnight",
      at("2026-11-24", "04:00", "Europe/Paris"),
      chicago,
      ["22:30"],
    ],
    ["and loses it once its grace has passed there", at("2026-11-23", "22:41", "America/Chicago"), chicago, []],
  ])("%s", (_name, now, list, expected) => {
    expect(timesOf(bookableShowtimes(list, now, 10))).toEqual(expected);
  });

  it("with no grace, a show that started a minute ago is not offered", () => {
    expect(timesOf(bookableShowtimes(paris, at("2026-11-23", "20:46", "Europe/Paris"), 0))).toEqual(["00:15"]);
  });

  it("a show is bookable until the minute its grace ends is over", () => {
    const s = show("paris", "2026-11-23", "18:00", "Europe/Paris");
    expect(isBookable(s, Date.parse(s.startsAt) + 59_999, 0)).toBe(true);
    expect(isBookable(s, Date.parse(s.startsAt) + 60_000, 0)).toBe(false);
    expect(isBookable(s, Date.parse(s.startsAt) + 10 * 60_000 + 59_999, 10)).toBe(true);
    expect(isBookable(s, Date.parse(s.startsAt) + 11 * 60_000, 10)).toBe(false);
    expect(isBookable(s, Date.parse(s.startsAt) + 30 * 60_000 + 59_999, 30)).toBe(true);
  });
});

describe("showtimeState: upcoming, started during the site's grace, then gone (compared as instants)", () => {
  const state = ([startsAt, now, grace]: readonly [string, string, number]): ShowtimeState =>
    showtimeState({ startsAt }, Date.parse(now), grace);
  itReturnsPerCase<readonly [string, string, number], ShowtimeState>(state, [
    ["a minute before its start: upcoming", ["2026-11-23T20:45:00+01:00", "2026-11-23T20:44:00+01:00", 10], "upcoming"],
    ["at its start: started", ["2026-11-23T20:45:00+01:00", "2026-11-23T20:45:00+01:00", 10], "started"],
    ["10 minutes in: still started", ["2026-11-23T20:45:00+01:00", "2026-11-23T20:55:59+01:00", 10], "started"],
    ["11 minutes in: gone", ["2026-11-23T20:45:00+01:00", "2026-11-23T20:56:00+01:00", 10], "gone"],
    [
      "no grace: started for its starting minute",
      ["2026-11-23T20:45:00+01:00", "2026-11-23T20:45:30+01:00", 0],
      "started",
    ],
    ["no grace: gone the minute after", ["2026-11-23T20:45:00+01:00", "2026-11-23T20:46:00+01:00", 0], "gone"],
    ["a grace of 30 minutes", ["2026-11-23T20:45:00+01:00", "2026-11-23T21:15:00+01:00", 30], "started"],
    // Across midnight: the 23:55 show, 8 minutes in, the next day.
    ["across midnight, during the grace", ["2026-11-23T23:55:00+01:00", "2026-11-24T00:03:00+01:00", 10], "started"],
    ["across midnight, after it", ["2026-11-23T23:55:00+01:00", "2026-11-24T00:06:00+01:00", 10], "gone"],
    // Paris leaves summer time on 25 Oct 2026: 03:00 CEST becomes 02:00 CET. At 02:00 CET the wall
    // clock reads an hour before the 02:55 CEST show, which started 5 minutes ago.
    [
      "Paris, DST ends: 5 minutes after a 02:55 CEST start, at 02:00 CET",
      ["2026-10-25T02:55:00+02:00", "2026-10-25T02:00:00+01:00", 10],
      "started",
    ],
    [
      "Paris, DST ends: 11 minutes after it, at 02:06 CET",
      ["2026-10-25T02:55:00+02:00", "2026-10-25T02:06:00+01:00", 10],
      "gone",
    ],
    [
      "Paris, DST ends: the 02:30 CET show at 02:55 CEST is 35 minutes away, though the wall clock has passed it",
      ["2026-10-25T02:30:00+01:00", "2026-10-25T02:55:00+02:00", 10],
      "upcoming",
    ],
    // New York leaves daylight time on 1 Nov 2026: 02:00 EDT becomes 01:00 EST.
    [
      "New York, DST ends: a 01:50 EDT show at 01:00 EST is 10 minutes in",
      ["2026-11-01T01:50:00-04:00", "2026-11-01T01:00:00-05:00", 10],
      "started",
    ],
    [
      "New York, DST ends: at 01:01 EST it is gone",
      ["2026-11-01T01:50:00-04:00", "2026-11-01T01:01:00-05:00", 10],
      "gone",
    ],
  ]);
});

describe("today in the site's time zone", () => {
  it.each([
    ["Paris just after midnight", "2026-11-23T23:30:00Z", "Europe/Paris", "2026-11-24"],
    ["Chicago the same instant is still the 23rd", "2026-11-23T23:30:00Z", "America/Chicago", "2026-11-23"],
    ["UTC", "2026-11-23T23:30:00Z", "UTC", "2026-11-23"],
    [
      "Los Angeles early morning UTC is the evening before",
      "2026-12-01T05:00:00Z",
      "America/Los_Angeles",
      "2026-11-30",
    ],
  ])("%s", (_name, instant, zone, expected) => {
    expect(todayFor(zone, Date.parse(instant))).toBe(expected);
  });
});

describe("versions and formats from the attribute keys", () => {
  it.each<[FilmAttributeKey[], string | null, string | null]>([
    [[], null, null],
    [["Format.Sound.Dubbed"], "dubbed", null],
    [["Localization.Version.Original"], "original", null],
    [["Localization.Version.Original", "Localization.Subtitles"], "subtitled", null],
    // Subtitles for the deaf and hard of hearing (SME) are accessibility, not VOST.
    [["Localization.Version.Original", "Accessibility.Subtitles.HardOfHearing"], "original", null],
    [
      ["Localization.Version.Original", "Localization.Subtitles", "Accessibility.Subtitles.HardOfHearing"],
      "subtitled",
      null,
    ],
    [["Localization.Subtitles"], null, null],
    [["Accessibility.Subtitles.HardOfHearing"], null, null],
    [["Format.Picture.IMAX", "Localization.Version.Original"], "original", "IMAX"],
    [["Format.Picture.3D", "Format.Sound.Dubbed"], "dubbed", "3D"],
  ])("%j → version %s, format %s", (attributes, version, format) => {
    expect(versionOf(attributes)).toBe(version);
    expect(formatOf(attributes)).toBe(format);
  });
});

describe("the film page's Versions chips: each version once, then the other attributes", () => {
  const VO: FilmAttributeKey = "Localization.Version.Original";
  const ST: FilmAttributeKey = "Localization.Subtitles";
  const SME: FilmAttributeKey = "Accessibility.Subtitles.HardOfHearing";
  itReturnsPerCase(
    (runs: FilmAttributeKey[][]) => versionsAndFeaturesOf(runs.map((attributes) => ({ attributes }))),
    [
      ["no showtimes", [], { versions: [], features: [] }],
      ["the film's own language, nothing to say", [[], []], { versions: [], features: [] }],
      // The VOST show's subtitles are its version: no "Sous-titré" beside "VOST", no "VO" either.
      [
        "VOST and VF, in the filter's order",
        [[VO, ST], ["Format.Sound.Dubbed"]],
        { versions: ["dubbed", "subtitled"], features: [] },
      ],
      ["a VO with SME: VO, and SME a chip of its own", [[VO, SME]], { versions: ["original"], features: [SME] }],
      ["a VOST with SME too", [[VO, ST, SME]], { versions: ["subtitled"], features: [SME] }],
      ["subtitles with no original version keep their chip", [[ST]], { versions: [], features: [ST] }],
      [
        "each once, formats and accessibility in a fixed order",
        [
          [SME, "Format.Picture.IMAX", VO],
          ["Accessibility.AudioDescription", "Format.Picture.3D", "Format.Sound.Dubbed"],
          [VO, "Format.Picture.IMAX"],
        ],
        {
          versions: ["dubbed", "original"],
          features: ["Format.Picture.3D", "Format.Picture.IMAX", "Accessibility.AudioDescription", SME],
        },
      ],
    ],
  );
});

describe("filters", () => {
  const list = [
    show("a", "2026-11-23", "14:00", "UTC", ["Format.Sound.Dubbed"]),
    show("a", "2026-11-23", "16:00", "UTC", ["Localization.Version.Original"]),
    show("b", "2026-11-23", "18:00", "UTC", ["Format.Picture.IMAX"]),
    show("b", "2026-11-23", "20:00", "UTC", ["Format.Picture.3D", "Format.Sound.Dubbed"]),
  ];
  it.each<[string, Partial<ShowtimeFilter>, string[]]>([
    ["no filter keeps everything", {}, ["14:00", "16:00", "18:00", "20:00"]],
    ["dubbed (VF)", { version: "dubbed" }, ["14:00", "20:00"]],
    ["original (VO)", { version: "original" }, ["16:00"]],
    ["the film's own language", { version: "standard" }, ["18:00"]],
    ["IMAX", { format: "IMAX" }, ["18:00"]],
    ["standard 2D", { format: "standard" }, ["14:00", "16:00"]],
    ["one theater", { theaterId: "b" }, ["18:00", "20:00"]],
    ["theater and version together", { theaterId: "b", version: "dubbed" }, ["20:00"]],
    ["nothing matches", { theaterId: "a", format: "IMAX" }, []],
  ])("%s", (_name, filter, expected) => {
    expect(filterShowtimes(list, { ...NO_FILTER, ...filter }).map((s) => s.startsAt.slice(11, 16))).toEqual(expected);
  });

  it("offers only the versions and formats present, in a fixed order", () => {
    expect(filterOptions(list)).toEqual({
      versions: ["standard", "dubbed", "original"],
      formats: ["standard", "3D", "IMAX"],
    });
    expect(filterOptions([])).toEqual({ versions: [], formats: [] });
  });
});

describe("the day strip", () => {
  const list = [
    show("a", "2026-11-22", "20:00", "UTC"), // built earlier: a day already past
    show("a", "2026-11-23", "20:00", "UTC"),
    show("a", "2026-11-23", "22:00", "UTC"),
    show("a", "2026-11-26", "20:00", "UTC"),
  ];

  it("starts today, names today and tomorrow, counts each day's showtimes, and marks the empty days", () => {
    expect(dayStrip(list, "2026-11-23")).toEqual([
      { date: "2026-11-23", name: "today", count: 2, empty: false },
      { date: "2026-11-24", name: "tomorrow", count: 0, empty: true },
      { date: "2026-11-25", name: "later", count: 0, empty: true },
      { date: "2026-11-26", name: "later", count: 1, empty: false },
    ]);
  });

  // Issue 42: with no day asked for, the page opens on the first day with shows left, never on an
  // empty today (this used to open on the empty today and point to the next day).
  it.each<[string, string, string | null, string | null, string | null]>([
    ["opens on today", "2026-11-23", null, "2026-11-23", "2026-11-26"],
    ["a later visit opens on that later day, not the build day", "2026-11-26", null, "2026-11-26", null],
    ["a requested day in the strip wins", "2026-11-23", "2026-11-26", "2026-11-26", "2026-11-26"],
    ["a requested day outside the strip is ignored", "2026-11-23", "2026-12-25", "2026-11-23", "2026-11-26"],
    ["a requested day without shows is ignored", "2026-11-23", "2026-11-25", "2026-11-23", "2026-11-26"],
    ["an empty today opens on the next day with showtimes", "2026-11-24", null, "2026-11-26", "2026-11-26"],
  ])("%s", (_name, today, requested, opened, next) => {
    const strip = dayStrip(list, today);
    expect(initialDay(strip, requested)).toBe(opened);
    expect(nextDayWithShowtimes(strip, today)).toBe(next);
  });

  it("is just today, empty, when nothing is left, and opens on it", () => {
    expect(dayStrip([], "2026-11-23")).toEqual([{ date: "2026-11-23", name: "today", count: 0, empty: true }]);
    expect(dayStrip(list, "2026-12-01")).toEqual([{ date: "2026-12-01", name: "today", count: 0, empty: true }]);
    expect(initialDay(dayStrip([], "2026-11-23"))).toBe("2026-11-23");
    expect(initialDay([])).toBeNull();
  });

  it("a film playing one day in 14 (The Last Rope): 13 empty days, opened on its one day", () => {
    const strip = dayStrip([show("a", "2026-12-06", "20:00", "UTC")], "2026-11-23");
    expect(strip).toHaveLength(14);
    expect(strip.filter((d) => d.empty)).toHaveLength(13);
    expect(initialDay(strip)).toBe("2026-12-06");
  });

  it("crosses a month and a year end", () => {
    const strip = dayStrip([show("a", "2027-01-01", "10:00", "UTC")], "2026-12-31");
    expect(strip.map((d) => [d.date, d.name])).toEqual([
      ["2026-12-31", "today"],
      ["2027-01-01", "tomorrow"],
    ]);
  });
});

describe("the schedule page's days (a page per day)", () => {
  const days: ScheduleDay[] = [
    { date: "2026-11-23", path: "/seances/", counts: { a: 2, b: 1 } },
    { date: "2026-11-24", path: "/seances/2026-11-24/", counts: { b: 3 } },
    { date: "2026-11-26", path: "/seances/2026-11-26/", counts: { a: 1 } },
  ];

  it("starts today, names days from today, counts the page's own day from what is left on it", () => {
    expect(scheduleStrip(days, "2026-11-23", { date: "2026-11-23", left: 1 }, null)).toEqual([
      { date: "2026-11-23", path: "/seances/", name: "today", count: 1, empty: false },
      { date: "2026-11-24", path: "/seances/2026-11-24/", name: "tomorrow", count: 3, empty: false },
      { date: "2026-11-26", path: "/seances/2026-11-26/", name: "later", count: 1, empty: false },
    ]);
  });

  it.each<[string, string | null, number[], string | null]>([
    ["every theater: the sum of the day's theaters", null, [0, 3, 1], "2026-11-24"],
    ["one theater: that theater's showtimes only", "a", [0, 0, 1], "2026-11-26"],
    ["a theater with nothing that week", "c", [0, 0, 0], null],
  ])("%s", (_name, theaterId, counts, next) => {
    const strip = scheduleStrip(days, "2026-11-23", { date: "2026-11-23", left: 0 }, theaterId);
    expect(strip.map((d) => d.count)).toEqual(counts);
    expect(strip.map((d) => d.empty)).toEqual(counts.map((n) => n === 0));
    expect(nextDayWithShowtimes(strip, "2026-11-23")).toBe(next);
  });

  it("drops the days before today, and names the first day left after today tomorrow or by its date", () => {
    expect(scheduleStrip(days, "2026-11-25", { date: "2026-11-26", left: 1 }, null)).toEqual([
      { date: "2026-11-26", path: "/seances/2026-11-26/", name: "tomorrow", count: 1, empty: false },
    ]);
    expect(scheduleStrip(days, "2026-11-27", { date: "2026-11-26", left: 0 }, null)).toEqual([]);
  });

  it.each<[string, string, string, string | null]>([
    ["the page of today stays", "2026-11-23", "2026-11-23", null],
    ["a day still to come stays", "2026-11-26", "2026-11-23", null],
    ["a page built days ago goes to today's", "2026-11-23", "2026-11-24", "/seances/2026-11-24/"],
    ["a day with no page goes to the next day that has one", "2026-11-23", "2026-11-25", "/seances/2026-11-26/"],
    ["after the last day there is nowhere to go", "2026-11-26", "2026-11-27", null],
  ])("%s", (_name, pageDate, today, target) => {
    expect(scheduleRedirect(days, pageDate, today)).toBe(target);
  });

  // Issue 42: /seances/ (the first day's page, no day asked for) at 21:45 after the last show opens
  // the next day with shows; a day asked for by its address stays, even empty.
  const opening = ([left, theaterId, requested]: readonly [number, string | null, boolean]) =>
    scheduleOpeningRedirect(
      scheduleStrip(days, "2026-11-23", { date: "2026-11-23", left }, theaterId),
      "2026-11-23",
      requested,
    );
  itReturnsPerCase<readonly [number, string | null, boolean], string | null>(opening, [
    ["shows left today: stays", [2, null, false], null],
    ["nothing left today: tomorrow's page", [0, null, false], "/seances/2026-11-24/"],
    ["nothing left at the chosen theater: its next day with shows", [0, "a", false], "/seances/2026-11-26/"],
    ["nothing left anywhere at a theater with nothing that week: stays, and says so", [0, "c", false], null],
    ["the day was asked for by its address: stays", [0, null, true], null],
  ]);

  it("scheduleOpeningRedirect leaves a page whose day is not in the strip (the other redirect's case)", () => {
    const strip: ScheduleStripDay[] = scheduleStrip(days, "2026-11-24", { date: "2026-11-23", left: 0 }, null);
    expect(scheduleOpeningRedirect(strip, "2026-11-23", false)).toBeNull();
  });
});

describe("the day the home page's next showtimes are about: the first day with shows left (issue 42)", () => {
  // Lumière (Paris): the last show of Sat 28 Nov at 21:12, nothing on Mon 30.
  const week = [
    show("a", "2026-11-28", "14:00", "Europe/Paris"),
    show("a", "2026-11-28", "21:12", "Europe/Paris"),
    show("a", "2026-11-29", "10:30", "Europe/Paris"),
    show("a", "2026-12-01", "20:00", "Europe/Paris"),
  ];
  const first = ([list, date, time]: readonly [readonly Showtime[], string, string]) =>
    listedDay(list, "Europe/Paris", at(date, time, "Europe/Paris"), 10);
  itReturnsPerCase<readonly [readonly Showtime[], string, string], string | null>(first, [
    ["midday: today", [week, "2026-11-28", "12:00"], "2026-11-28"],
    ["21:20, the last show 8 minutes in: still today", [week, "2026-11-28", "21:20"], "2026-11-28"],
    ["21:45, after the last show: tomorrow", [week, "2026-11-28", "21:45"], "2026-11-29"],
    ["just after midnight: the new today", [week, "2026-11-29", "00:05"], "2026-11-29"],
    ["Sunday evening, closed on Monday: Tuesday", [week, "2026-11-29", "21:45"], "2026-12-01"],
    ["after the programme's last show: today, which has nothing", [week, "2026-12-01", "21:00"], "2026-12-01"],
    ["nothing scheduled: today", [[], "2026-11-28", "12:00"], "2026-11-28"],
  ]);

  it("a show on yesterday's date is not today's, even during its grace: the list is about today", () => {
    const late = [show("a", "2026-11-28", "23:55", "Europe/Paris"), show("a", "2026-11-29", "14:00", "Europe/Paris")];
    expect(listedDay(late, "Europe/Paris", at("2026-11-29", "00:02", "Europe/Paris"), 10)).toBe("2026-11-29");
  });

  it.each([
    ["2026-11-28", "2026-11-28", "today"],
    ["2026-11-29", "2026-11-28", "tomorrow"],
    ["2026-11-30", "2026-11-28", "later"],
    ["2027-01-01", "2026-12-31", "tomorrow"],
  ] as const)("dayNameOf(%s, today %s) → %s", (date, today, name) => {
    expect(dayNameOf(date, today)).toBe(name);
  });
});

describe("the first day with a showtime", () => {
  it.each<[string, string[], string | null]>([
    ["none", [], null],
    ["in order", ["2026-11-23", "2026-11-24"], "2026-11-23"],
    ["out of order, across a year end", ["2027-01-02", "2026-12-31", "2027-01-01"], "2026-12-31"],
  ])("%s", (_name, dates, first) => {
    expect(firstLocalDate(dates.map((localDate) => ({ localDate })))).toBe(first);
  });
});

describe("what a list card names of a film's showtimes (issue 45)", () => {
  const vost: FilmAttributeKey[] = ["Localization.Version.Original", "Localization.Subtitles"];
  const vf: FilmAttributeKey[] = ["Format.Sound.Dubbed"];
  const minute = (date: string, time: string) => zonedTimeToUtc(date, time, "Europe/Paris").getTime() / 60_000;
  const showings = (shows: Showtime[], order: string[]) => nextShowingsOf(shows, order);
  itReturnsPerCase(
    ({ shows, order }: { shows: Showtime[]; order: string[] }) => showings(shows, order),
    [
      ["no showtimes", { shows: [], order: ["a"] }, []],
      [
        "the first day only, in time order, with each one's version",
        {
          shows: [
            show("a", "2026-11-24", "11:00", "Europe/Paris"),
            show("a", "2026-11-23", "20:45", "Europe/Paris", vf),
            show("a", "2026-11-23", "14:00", "Europe/Paris", vost),
          ],
          order: ["a"],
        },
        [
          {
            theaterId: "a",
            date: "2026-11-23",
            times: [
              { minute: minute("2026-11-23", "14:00"), version: "subtitled" },
              { minute: minute("2026-11-23", "20:45"), version: "dubbed" },
            ],
          },
        ],
      ],
      [
        "at most four times",
        {
          shows: ["10:00", "12:00", "14:00", "16:00", "18:00"].map((t) => show("a", "2026-11-23", t, "Europe/Paris")),
          order: ["a"],
        },
        [
          {
            theaterId: "a",
            date: "2026-11-23",
            times: ["10:00", "12:00", "14:00", "16:00"].map((t) => ({ minute: minute("2026-11-23", t) })),
          },
        ],
      ],
      [
        "each theater its own first day, in the site's order; a theater without shows is left out",
        {
          shows: [show("a", "2026-11-25", "18:00", "Europe/Paris"), show("b", "2026-11-23", "18:00", "Europe/Paris")],
          order: ["b", "c", "a"],
        },
        [
          { theaterId: "b", date: "2026-11-23", times: [{ minute: minute("2026-11-23", "18:00") }] },
          { theaterId: "a", date: "2026-11-25", times: [{ minute: minute("2026-11-25", "18:00") }] },
        ],
      ],
    ],
  );
});

describe("end time", () => {
  it.each([
    ["2026-11-23T19:45:00.000Z", 128, "2026-11-23T21:53:00.000Z"],
    ["2026-11-23T23:00:00.000Z", 95, "2026-11-24T00:35:00.000Z"],
    ["2026-11-23T19:45:00.000Z", null, null],
  ])("%s + %s min → %s", (start, runtime, expected) => {
    expect(endsAt(start, runtime)).toBe(expected);
  });
});

describe("why a day shows no showtime", () => {
  const at = (localDate: string) => ({ localDate });
  const all = [at("2026-11-23"), at("2026-11-23"), at("2026-11-25")];
  it.each<[string, string, { bookable: { localDate: string }[]; shown: { localDate: string }[] }, EmptyDayReason]>([
    [
      "the day still has shows, but the filters keep none of them",
      "2026-11-25",
      { bookable: [at("2026-11-25")], shown: [at("2026-11-23")] },
      "filtered",
    ],
    ["the filters keep nothing on any day", "2026-11-24", { bookable: [at("2026-11-25")], shown: [] }, "allFiltered"],
    ["every show of every day has started", "2026-11-23", { bookable: [], shown: [] }, "nothingAtAll"],
    [
      "the day had shows and all have started",
      "2026-11-23",
      { bookable: [at("2026-11-25")], shown: [at("2026-11-25")] },
      "started",
    ],
    [
      "a later day the film does not play",
      "2026-11-24",
      { bookable: [at("2026-11-25")], shown: [at("2026-11-25")] },
      "none",
    ],
  ])("%s", (_case, day, { bookable, shown }, expected) => {
    expect(emptyDayReason(day, { all, bookable, shown })).toBe(expected);
  });
});
