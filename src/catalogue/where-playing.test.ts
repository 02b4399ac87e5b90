import { itReturnsPerCase } from "../test/tables";
import { zonedTimeToUtc } from "./dates";
import { nextShowByTheater, notPlayingAt } from "./where-playing";

const ZONE = "America/Chicago"; // starlight's
const at = (day: string, time: string) => zonedTimeToUtc(day, time, ZONE).getTime();
const show = (theaterId: string, day: string, time: string) => ({
  theaterId,
  startsAt: new Date(at(day, time)).toISOString(),
});
const ORDER = ["starlight-downtown", "starlight-riverside", "starlight-north"];
const GRACE = 10;

/** The answer as theater → local start, to read the rows at a glance. */
const nextShows = ({ showtimes, now }: { showtimes: ReturnType<typeof show>[]; now: number | null }) =>
  nextShowByTheater(showtimes, { now, graceMinutes: GRACE, theaterOrder: ORDER }).map(
    ({ theaterId, next }) => `${theaterId} ${next.startsAt}`,
  );
const iso = (day: string, time: string) => new Date(at(day, time)).toISOString();

describe("each theater's next show (issue 42: where a film is playing)", () => {
  itReturnsPerCase(nextShows, [
    [
      "the first show still offered at each theater, in the site's order, whatever the input order",
      {
        showtimes: [
          show("starlight-north", "2026-11-29", "14:00"),
          show("starlight-riverside", "2026-11-30", "19:00"),
          show("starlight-riverside", "2026-11-29", "21:00"),
          show("starlight-north", "2026-11-28", "22:00"),
        ],
        now: at("2026-11-28", "21:00"),
      },
      [`starlight-riverside ${iso("2026-11-29", "21:00")}`, `starlight-north ${iso("2026-11-28", "22:00")}`],
    ],
    [
      "a show started less than the grace ago is still its theater's next",
      { showtimes: [show("starlight-north", "2026-11-28", "21:30")], now: at("2026-11-28", "21:40") },
      [`starlight-north ${iso("2026-11-28", "21:30")}`],
    ],
    [
      "after the grace it is gone: the next one, the day after",
      {
        showtimes: [show("starlight-north", "2026-11-28", "21:30"), show("starlight-north", "2026-11-29", "13:00")],
        now: at("2026-11-28", "21:41"),
      },
      [`starlight-north ${iso("2026-11-29", "13:00")}`],
    ],
    [
      "across midnight: a 23:55 show is still offered at 00:05",
      { showtimes: [show("starlight-downtown", "2026-11-28", "23:55")], now: at("2026-11-29", "00:05") },
      [`starlight-downtown ${iso("2026-11-28", "23:55")}`],
    ],
    [
      "across the autumn clock change (1 Nov 2026): compared as instants",
      {
        showtimes: [
          show("starlight-downtown", "2026-11-01", "01:30"),
          show("starlight-downtown", "2026-11-01", "12:00"),
        ],
        now: at("2026-11-01", "03:00"),
      },
      [`starlight-downtown ${iso("2026-11-01", "12:00")}`],
    ],
    [
      "a theater with nothing left is left out; nothing anywhere is an empty list",
      { showtimes: [show("starlight-north", "2026-11-28", "12:00")], now: at("2026-11-28", "21:00") },
      [],
    ],
    [
      "without a clock (the server render) every show counts",
      { showtimes: [show("starlight-north", "2026-11-28", "12:00")], now: null },
      [`starlight-north ${iso("2026-11-28", "12:00")}`],
    ],
    [
      "a theater the site's order does not know comes last",
      {
        showtimes: [show("elsewhere", "2026-11-28", "12:00"), show("starlight-north", "2026-11-29", "12:00")],
        now: null,
      },
      [`starlight-north ${iso("2026-11-29", "12:00")}`, `elsewhere ${iso("2026-11-28", "12:00")}`],
    ],
  ]);
});

describe("whether the film page says where the film plays instead", () => {
  const left = [{ theaterId: "starlight-north" }];
  itReturnsPerCase(
    ({ bookable, theaterId }) => notPlayingAt(bookable, theaterId),
    [
      [
        "nothing left at the chosen theater, shows elsewhere",
        { bookable: left, theaterId: "starlight-downtown" },
        true,
      ],
      ["shows left at the chosen theater", { bookable: left, theaterId: "starlight-north" }, false],
      ["no chosen theater (or every theater shown)", { bookable: left, theaterId: null }, false],
      ["nothing left anywhere: the page says so, not where", { bookable: [], theaterId: "starlight-downtown" }, false],
    ],
  );
});
