import { scheduledFilmIdsOf } from "./page-data";

// Spec §3 ad targeting: scheduledMovieIds are the films scheduled on the page, read from the
// context each template receives. Spec §4 "Selected theater": on a circuit the page shows one
// theater (its own on a theater page, else the visitor's choice), and then only that theater's
// showtimes; its films are the ones scheduled on the page.
describe("scheduledFilmIdsOf (the films scheduled on a page)", () => {
  const show = { startsAt: "2026-11-24T20:00:00+01:00", theaterId: "lumiere-annecy" };
  it.each<[string, object, number[]]>([
    [
      "a film page with showtimes: its film (its showtimes carry no film id)",
      { film: { id: 7 }, showtimes: [show, show] },
      [7],
    ],
    [
      "a film page, its showtimes in their short form: its film",
      { film: { id: 7 }, showtimes: [["P1", "t1", "2026-11-24T19:00Z", "2026-11-24"]] },
      [7],
    ],
    ["a film page with none: nothing", { film: { id: 7 }, showtimes: [] }, []],
    [
      "a programme: each film once, in order",
      {
        showtimes: [
          { ...show, filmId: 2 },
          { ...show, filmId: 1 },
          { ...show, filmId: 2 },
        ],
      },
      [2, 1],
    ],
    ["the home page's programme", { programme: { showtimes: [{ ...show, filmId: 3 }] } }, [3]],
    [
      "a schedule day: its showtimes in their short form, each led by its film's id",
      {
        showtimes: [
          [5, "P1", "t1", "2026-11-24T19:00Z", "2026-11-24"],
          [4, "P2", "t1", "2026-11-24T20:00Z", "2026-11-24"],
          [5, "P3", "t1", "2026-11-24T21:00Z", "2026-11-24"],
        ],
      },
      [5, 4],
    ],
    [
      "a film list: the films with a next day",
      { films: [{ id: 1, nextDay: "2026-11-24" }, { id: 2, nextDay: null }, { id: 3 }] },
      [1],
    ],
    ["any other page: none", { pagePath: "/infos-pratiques/" }, []],
  ])("no theater: %s", (_case, context, expected) => {
    expect(scheduledFilmIdsOf(context, null)).toEqual(expected);
  });

  // A circuit with a theater shown: Downtown. Each page context in the shape the build gives it
  // (src/site/contexts.ts, src/catalogue/film-showtimes.ts).
  const HERE = "starlight-downtown";
  const ELSEWHERE = "starlight-riverside";
  const at = (theaterId: string, filmId: number, perfCode = `P${filmId}`) => ({
    perfCode,
    filmId,
    theaterId,
    startsAt: "2026-11-24T19:00:00.000Z",
    localDate: "2026-11-24",
    attributes: [],
    screen: null,
    bookingUrl: "https://tickets.example/",
  });
  const summary = (id: number, theaterIds: string[]) => ({
    id,
    title: `Film ${id}`,
    nextDay: theaterIds.length > 0 ? { date: "2026-11-24" } : null,
    theaterIds,
  });
  it.each<[string, object, number[]]>([
    [
      "a film page: its film, when it has a showtime at the theater",
      {
        film: { id: 7 },
        showtimes: [
          ["P1", ELSEWHERE, "2026-11-24T19:00Z", "2026-11-24"],
          ["P2", HERE, "2026-11-24T21:00Z", "2026-11-24", ["Format.Sound.Dubbed"], "Salle 2"],
        ],
      },
      [7],
    ],
    [
      "a film page whose showtimes are all at other theaters: nothing",
      {
        film: { id: 7 },
        showtimes: [
          ["P1", ELSEWHERE, "2026-11-24T19:00Z", "2026-11-24"],
          ["P3", "starlight-uptown", "2026-11-25T19:00Z", "2026-11-25"],
        ],
      },
      [],
    ],
    [
      "a schedule day: the films with a showtime at the theater, once, in order",
      {
        day: "2026-11-24",
        showtimes: [
          [5, "P1", ELSEWHERE, "2026-11-24T18:00Z", "2026-11-24"],
          [4, "P2", HERE, "2026-11-24T19:00Z", "2026-11-24"],
          [6, "P3", HERE, "2026-11-24T20:00Z", "2026-11-24", [], "Screen 1"],
          [4, "P4", HERE, "2026-11-24T21:00Z", "2026-11-24"],
          [5, "P5", ELSEWHERE, "2026-11-24T22:00Z", "2026-11-24"],
        ],
      },
      [4, 6],
    ],
    [
      "a schedule day with nothing at the theater: none",
      { day: "2026-11-24", showtimes: [[5, "P1", ELSEWHERE, "2026-11-24T18:00Z", "2026-11-24"]] },
      [],
    ],
    [
      "the home page's next showtimes: the films with a showtime at the theater (not its film blocks)",
      {
        films: [summary(1, [HERE]), summary(2, [ELSEWHERE])],
        programme: { films: [], showtimes: [at(ELSEWHERE, 2), at(HERE, 3), at(ELSEWHERE, 1), at(HERE, 3, "P9")] },
      },
      [3],
    ],
    [
      "a film list: the films with a next day playing at the theater (not coming soon, not only elsewhere)",
      {
        films: [
          summary(1, [ELSEWHERE, HERE]),
          summary(2, [ELSEWHERE]),
          summary(3, []),
          summary(4, [HERE]),
          { ...summary(5, [HERE]), nextDay: null },
        ],
      },
      [1, 4],
    ],
    [
      "a page with film blocks: the same",
      { page: { blocks: [] }, films: [summary(1, [ELSEWHERE]), summary(2, [HERE])] },
      [2],
    ],
    [
      "its own theater page: every film it lists",
      {
        theater: { id: HERE },
        films: [
          {
            ...summary(8, [HERE]),
            nextDay: { date: "2026-11-24", theaters: [{ theaterId: HERE, showtimes: [at(HERE, 8)] }] },
          },
          {
            ...summary(9, [HERE]),
            nextDay: { date: "2026-11-25", theaters: [{ theaterId: HERE, showtimes: [at(HERE, 9)] }] },
          },
        ],
      },
      [8, 9],
    ],
    ["any other page: none", { pagePath: "/infos-pratiques/" }, []],
    [
      "an entry naming no theater (no page's shape today): not filtered",
      { showtimes: [{ filmId: 2 }, at(ELSEWHERE, 3)], films: [] },
      [2],
    ],
  ])("at a theater: %s", (_case, context, expected) => {
    expect(scheduledFilmIdsOf(context, HERE)).toEqual(expected);
  });

  it("without a theater, the same pages schedule every theater's films", () => {
    const schedule = {
      showtimes: [
        [5, "P1", ELSEWHERE, "2026-11-24T18:00Z", "2026-11-24"],
        [4, "P2", HERE, "2026-11-24T19:00Z", "2026-11-24"],
      ],
    };
    expect(scheduledFilmIdsOf(schedule, null)).toEqual([5, 4]);
    expect(scheduledFilmIdsOf({ films: [summary(1, [ELSEWHERE]), summary(2, [HERE]), summary(3, [])] }, null)).toEqual([
      1, 2,
    ]);
    expect(
      scheduledFilmIdsOf({ film: { id: 7 }, showtimes: [["P1", ELSEWHERE, "2026-11-24T19:00Z", "2026-11-24"]] }, null),
    ).toEqual([7]);
  });
});
