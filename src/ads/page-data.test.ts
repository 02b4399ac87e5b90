import { scheduledFilmIdsOf } from "./page-data";

// Spec §3 ad targeting: scheduledMovieIds are the films scheduled on the page, read from the
// context each template receives.
describe("scheduledFilmIdsOf (the films scheduled on a page)", () => {
  const show = { startsAt: "2026-11-24T20:00:00+01:00", theaterId: "lumiere-annecy" };
  it.each<[string, object, number[]]>([
    [
      "a film page with showtimes: its film (its showtimes carry no film id)",
      { film: { id: 7 }, showtimes: [show, show] },
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
    ["a theatre page's programme", { programme: { showtimes: [{ ...show, filmId: 3 }] } }, [3]],
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
  ])("%s", (_case, context, expected) => {
    expect(scheduledFilmIdsOf(context)).toEqual(expected);
  });
});
