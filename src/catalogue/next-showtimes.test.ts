import { TWO_FILMS_OF_A_DAY } from "../test/next-showtimes-day";
import { zonedTimeToUtc } from "./dates";
import { listedDay, nextShowtimesOfDay, NEXT_FILMS, NEXT_TIMES, SPARE_FILMS, SPARE_TIMES } from "./next-showtimes";

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
    expect(listedDay(DAY_OF_SIX_SHOWS, ZONE, at("23:30"))).toBe(DAY);
    expect(listedDay(DAY_OF_SIX_SHOWS, ZONE, at("00:30", "2026-11-26"))).toBe("2026-11-26");
    expect(listedDay([], ZONE, null)).toBeNull();
  });
});
