import { programmeEntrySchema, type ProgrammeEntry } from "../config/catalogue";
import { bookingUrl, expandProgramme, groupShowtimes, perfCodeFor, PROGRAMME_DAYS } from "./programme";
import type { Showtime, Theater } from "./types";

function theater(id: string, theaterCode: string, timeZone: string): Theater {
  return {
    id,
    name: id,
    slug: id,
    path: null,
    theaterCode,
    ticketingProvider: "",
    timeZone,
    address: { line1: "1 Main St", city: "Town", postalCode: "1" },
    phone: null,
    screens: null,
    accessibility: [],
    amenities: [],
    openingHours: [],
  };
}

const paris = theater("paris", "PAR01", "Europe/Paris");
const chicago = theater("chicago", "CHI01", "America/Chicago");
const theaters = new Map([paris, chicago].map((t) => [t.id, t]));
const TICKETING = "https://tickets.example.com";

/** A programme row as the operator writes it, with schema defaults applied. */
function entry(
  input: Partial<ProgrammeEntry> & Pick<ProgrammeEntry, "filmId" | "theaterId" | "times">,
): ProgrammeEntry {
  return programmeEntrySchema.parse(input);
}

// Wednesday 2026-11-18; the default 14-day window is Wed 18 – Tue Dec 1.
const today = "2026-11-18";

/** The shows of `rows` at the two theaters above, from `today` unless `options` says otherwise. */
function expand(rows: ProgrammeEntry[], options: Partial<Parameters<typeof expandProgramme>[2]> = {}): Showtime[] {
  return expandProgramme(rows, theaters, { today, ticketingUrl: TICKETING, ...options });
}

describe("bookingUrl", () => {
  it.each([
    [
      "https://tickets.example.com",
      "LUM01",
      "LUM01-20261118-2045-1",
      "https://tickets.example.com/websales/sales/LUM01/book?perfcode=LUM01-20261118-2045-1",
    ],
    [
      "https://tickets.example.com/",
      "SL001",
      "P1",
      "https://tickets.example.com/websales/sales/SL001/book?perfcode=P1",
    ],
    ["https://example.com/cinema", "SL001", "P1", "https://example.com/cinema/websales/sales/SL001/book?perfcode=P1"],
  ])("%s + %s + %s → %s", (ticketingUrl, theaterCode, perfCode, expected) => {
    expect(bookingUrl(ticketingUrl, theaterCode, perfCode)).toBe(expected);
  });

  it("escapes a code that would otherwise change the URL", () => {
    const url = new URL(bookingUrl("https://tickets.example.com", "A/B", "x&y=1"));
    expect(url.pathname).toBe("/websales/sales/A%2FB/book");
    expect(url.searchParams.get("perfcode")).toBe("x&y=1");
    expect([...url.searchParams.keys()]).toEqual(["perfcode"]);
  });
});

describe("perfCodeFor", () => {
  const base = [1000021001, "LUM01", "2026-11-18", "20:45", "Salle 1"] as const;

  it("is the same every time for the same run, day, time and screen (links survive rebuilds)", () => {
    expect(perfCodeFor(...base)).toBe(perfCodeFor(...base));
    expect(perfCodeFor(1, "X", "2026-11-18", "20:45")).toBe(perfCodeFor(1, "X", "2026-11-18", "20:45"));
  });

  it.each<[string, Parameters<typeof perfCodeFor>]>([
    ["film", [1000021002, "LUM01", "2026-11-18", "20:45", "Salle 1"]],
    ["theater code", [1000021001, "LUM02", "2026-11-18", "20:45", "Salle 1"]],
    ["date", [1000021001, "LUM01", "2026-11-19", "20:45", "Salle 1"]],
    ["time", [1000021001, "LUM01", "2026-11-18", "20:30", "Salle 1"]],
    ["screen", [1000021001, "LUM01", "2026-11-18", "20:45", "Salle 2"]],
    ["screen (absent)", [1000021001, "LUM01", "2026-11-18", "20:45", undefined]],
  ])("changes when the %s changes", (_what, args) => {
    expect(perfCodeFor(...args)).not.toBe(perfCodeFor(...base));
  });

  it("is safe to put in a URL as is", () => {
    expect(perfCodeFor(...base)).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(perfCodeFor(2048, "SL001", "2026-11-20", "09:05", "Écran #3 (IMAX)")).toMatch(/^[A-Za-z0-9_-]+$/);
  });
});

describe("expandProgramme", () => {
  const dates = (list: readonly Showtime[]) => [...new Set(list.map((s) => s.localDate))];

  it(`publishes ${PROGRAMME_DAYS} days from today by default`, () => {
    expect(PROGRAMME_DAYS).toBe(14);
    const shows = expand([entry({ filmId: 1, theaterId: "paris", times: ["14:00", "20:45"] })]);
    expect(shows).toHaveLength(28);
    expect(dates(shows)[0]).toBe("2026-11-18");
    expect(dates(shows).at(-1)).toBe("2026-12-01");
    expect(dates(shows)).toHaveLength(14);
  });

  it("honours a shorter window", () => {
    const shows = expand([entry({ filmId: 1, theaterId: "paris", times: ["20:45"] })], { days: 3 });
    expect(dates(shows)).toEqual(["2026-11-18", "2026-11-19", "2026-11-20"]);
  });

  it.each([
    [["SAT"], ["2026-11-21", "2026-11-28"]],
    [
      ["WED", "SUN"],
      ["2026-11-18", "2026-11-22", "2026-11-25", "2026-11-29"],
    ],
    [
      ["MON", "TUE"],
      ["2026-11-23", "2026-11-24", "2026-11-30", "2026-12-01"],
    ],
  ] as const)("plays only on the listed days of the week %j", (days, expected) => {
    const shows = expand([entry({ filmId: 1, theaterId: "paris", days: [...days], times: ["20:00"] })]);
    expect(dates(shows)).toEqual(expected);
  });

  it.each([
    ["from (inclusive)", { from: "2026-11-29" }, ["2026-11-29", "2026-11-30", "2026-12-01"]],
    ["until (inclusive)", { until: "2026-11-19" }, ["2026-11-18", "2026-11-19"]],
    ["from and until", { from: "2026-11-20", until: "2026-11-21" }, ["2026-11-20", "2026-11-21"]],
    ["from after the window", { from: "2026-12-02" }, []],
    ["until before today", { until: "2026-11-17" }, []],
    ["from before today", { from: "2026-01-01", until: "2026-11-18" }, ["2026-11-18"]],
  ])("keeps within %s", (_case, bounds, expected) => {
    const shows = expand([entry({ filmId: 1, theaterId: "paris", times: ["20:00"], ...bounds })]);
    expect(dates(shows)).toEqual(expected);
  });

  it("leaves out excluded films", () => {
    const shows = expand(
      [
        entry({ filmId: 1, theaterId: "paris", times: ["20:00"] }),
        entry({ filmId: 2, theaterId: "paris", times: ["18:00"] }),
      ],
      { excludedFilmIds: new Set([1]) },
    );
    expect(new Set(shows.map((s) => s.filmId))).toEqual(new Set([2]));
  });

  it("skips rows for a theater the site does not show", () => {
    const shows = expand(
      [
        entry({ filmId: 1, theaterId: "elsewhere", times: ["20:00"] }),
        entry({ filmId: 1, theaterId: "chicago", times: ["20:00"] }),
      ],
      { days: 2 },
    );
    expect(shows.map((s) => s.theaterId)).toEqual(["chicago", "chicago"]);
  });

  it("places each show in its theater's time zone and lists it under the theater's local date", () => {
    const shows = expand(
      [
        entry({ filmId: 1, theaterId: "paris", times: ["20:45"] }),
        entry({ filmId: 2, theaterId: "chicago", times: ["22:30"] }),
      ],
      { days: 1 },
    );
    expect(shows.map((s) => [s.theaterId, s.localDate, s.startsAt])).toEqual([
      ["paris", "2026-11-18", "2026-11-18T19:45:00.000Z"],
      // 22:30 in Chicago is already the 19th in UTC, but it is listed on the 18th.
      ["chicago", "2026-11-18", "2026-11-19T04:30:00.000Z"],
    ]);
  });

  it("lands a show in the spring-forward gap an hour later, on the same local date", () => {
    const [show, ...rest] = expand([entry({ filmId: 1, theaterId: "paris", times: ["02:30"] })], {
      today: "2026-03-29",
      days: 1,
    });
    expect(rest).toEqual([]);
    expect(show?.startsAt).toBe("2026-03-29T01:30:00.000Z");
    expect(show?.localDate).toBe("2026-03-29");
  });

  it("returns every show sorted by start time, across entries and theaters", () => {
    const shows = expand([
      entry({ filmId: 1, theaterId: "chicago", times: ["21:00", "13:00"] }),
      entry({ filmId: 2, theaterId: "paris", times: ["22:00", "10:00"] }),
    ]);
    const instants = shows.map((s) => s.startsAt);
    expect(instants).toEqual([...instants].sort());
    expect(shows).toHaveLength(4 * 14);
  });

  it("gives each show a stable perf code and its exact booking link, and copies attributes and screen", () => {
    const [show] = expand(
      [
        entry({
          filmId: 1000021002,
          theaterId: "paris",
          times: ["20:30"],
          attributes: ["Localization.Version.Original"],
          screen: "Salle 2",
        }),
      ],
      { days: 1 },
    );
    expect(show).toEqual({
      perfCode: perfCodeFor(1000021002, "PAR01", "2026-11-18", "20:30", "Salle 2"),
      filmId: 1000021002,
      theaterId: "paris",
      startsAt: "2026-11-18T19:30:00.000Z",
      localDate: "2026-11-18",
      attributes: ["Localization.Version.Original"],
      screen: "Salle 2",
      bookingUrl: `https://tickets.example.com/websales/sales/PAR01/book?perfcode=${show?.perfCode ?? ""}`,
    });
  });

  it("has no screen and no attributes when the row names none", () => {
    const [show] = expand([entry({ filmId: 1, theaterId: "paris", times: ["20:30"] })], { days: 1 });
    expect(show?.screen).toBeNull();
    expect(show?.attributes).toEqual([]);
  });

  it("lists a performance named twice only once", () => {
    const row = entry({ filmId: 1, theaterId: "paris", times: ["20:30", "20:30"] });
    const shows = expand([row, row], { days: 2 });
    expect(shows).toHaveLength(2);
    expect(new Set(shows.map((s) => s.perfCode)).size).toBe(2);
  });

  it("gives the same perf codes when rebuilt", () => {
    const programme = [
      entry({ filmId: 1, theaterId: "paris", times: ["14:00", "20:30"] }),
      entry({ filmId: 2, theaterId: "chicago", times: ["19:00"] }),
    ];
    const first = expand(programme).map((s) => s.perfCode);
    const second = expand(programme).map((s) => s.perfCode);
    expect(second).toEqual(first);
    expect(new Set(first).size).toBe(first.length);
  });
});

describe("groupShowtimes", () => {
  function show(theaterId: string, localDate: string, startsAt: string): Showtime {
    return {
      perfCode: `${theaterId}-${startsAt}`,
      filmId: 1,
      theaterId,
      startsAt,
      localDate,
      attributes: [],
      screen: null,
      bookingUrl: "",
    };
  }
  // Deliberately out of order.
  const shows = [
    show("b", "2026-11-19", "2026-11-19T20:00:00.000Z"),
    show("a", "2026-11-18", "2026-11-18T21:00:00.000Z"),
    show("c", "2026-11-18", "2026-11-18T10:00:00.000Z"),
    show("b", "2026-11-18", "2026-11-18T19:00:00.000Z"),
    show("a", "2026-11-18", "2026-11-18T12:00:00.000Z"),
    show("x", "2026-11-18", "2026-11-18T11:00:00.000Z"),
  ];
  const summary = (days: ReturnType<typeof groupShowtimes>) =>
    days.map((d) => [d.date, d.theaters.map((t) => [t.theaterId, t.showtimes.map((s) => s.startsAt.slice(11, 16))])]);

  it("groups by day, then by theater in the given order, shows in time order", () => {
    expect(summary(groupShowtimes(shows, ["b", "a", "c"]))).toEqual([
      [
        "2026-11-18",
        [
          ["b", ["19:00"]],
          ["a", ["12:00", "21:00"]],
          ["c", ["10:00"]],
          ["x", ["11:00"]],
        ],
      ],
      ["2026-11-19", [["b", ["20:00"]]]],
    ]);
  });

  it("follows a different order when the caller puts the selected theater first", () => {
    const firstDay = groupShowtimes(shows, ["c", "a", "b"])[0];
    expect(firstDay?.theaters.map((t) => t.theaterId)).toEqual(["c", "a", "b", "x"]);
  });

  it("groups a show under its local date, not its UTC date", () => {
    const late = show("chicago", "2026-11-18", "2026-11-19T04:30:00.000Z");
    expect(groupShowtimes([late], ["chicago"]).map((d) => d.date)).toEqual(["2026-11-18"]);
  });

  it("returns no days for no showtimes", () => {
    expect(groupShowtimes([], ["a"])).toEqual([]);
  });
});
