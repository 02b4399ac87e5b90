import { builtScheduleOf, datedScheduleRedirect, type BuiltSchedule } from "./dated-schedule";
import { itReturns, itReturnsPerCase } from "../../test/tables";

// Built on Sun 29 Nov: /seances/ is that day's page, then a page per later day with shows (none on 2 Dec).
const SEANCES: BuiltSchedule = { path: "/seances/", days: ["2026-11-30", "2026-12-01", "2026-12-03"] };
const SHOWTIMES: BuiltSchedule = { path: "/showtimes/", days: ["2026-11-30"] };

describe("datedScheduleRedirect: a dated schedule address is never a 404 (issue 42)", () => {
  const redirect = ([schedule, path, search, today]: readonly [BuiltSchedule, string, string, string]) =>
    datedScheduleRedirect(schedule, path, search, today);
  itReturnsPerCase<readonly [BuiltSchedule, string, string, string], string | null>(redirect, [
    [
      "today's date: the schedule page, which is today's",
      [SEANCES, "/seances/2026-11-29/", "", "2026-11-29"],
      "/seances/",
    ],
    ["a past day: the schedule page too", [SEANCES, "/seances/2026-11-02/", "", "2026-11-29"], "/seances/"],
    [
      "a built day now past, on a build days old: today's own page",
      [SEANCES, "/seances/2026-11-30/", "", "2026-12-01"],
      "/seances/2026-12-01/",
    ],
    ["a built later day: served as it is", [SEANCES, "/seances/2026-11-30/", "", "2026-11-29"], null],
    [
      "a built later day without its slash: the usual slash redirect",
      [SEANCES, "/seances/2026-11-30", "", "2026-11-29"],
      null,
    ],
    [
      "today on a build days old, whose own page it has: served as it is",
      [SEANCES, "/seances/2026-12-01/", "", "2026-12-01"],
      null,
    ],
    [
      "a past day on a build days old: today's own page",
      [SEANCES, "/seances/2026-11-29/", "", "2026-12-01"],
      "/seances/2026-12-01/",
    ],
    [
      "a later day without shows inside the range: the next day that has a page",
      [SEANCES, "/seances/2026-12-02/", "", "2026-11-29"],
      "/seances/2026-12-03/",
    ],
    [
      "a day beyond the built range: the last built day",
      [SEANCES, "/seances/2026-12-25/", "", "2026-11-29"],
      "/seances/2026-12-03/",
    ],
    ["a year on: the last built day", [SEANCES, "/seances/2027-11-29", "", "2026-11-29"], "/seances/2026-12-03/"],
    [
      "the query is kept",
      [SEANCES, "/seances/2026-11-29/", "?utm_source=newsletter", "2026-11-29"],
      "/seances/?utm_source=newsletter",
    ],
    [
      "the query is kept beyond the range too",
      [SEANCES, "/seances/2027-01-10/", "?a=1&b=2", "2026-11-29"],
      "/seances/2026-12-03/?a=1&b=2",
    ],
    [
      "a schedule of one page: beyond it, the schedule page",
      [{ path: "/seances/", days: [] }, "/seances/2026-12-25/", "", "2026-11-29"],
      "/seances/",
    ],
    ["/showtimes/ on an en-US site", [SHOWTIMES, "/showtimes/2026-11-28/", "", "2026-11-29"], "/showtimes/"],
    [
      "/showtimes/ on a French site: another folder, handled as usual",
      [SEANCES, "/showtimes/2026-11-28/", "", "2026-11-29"],
      null,
    ],
    ["an impossible date: handled as usual (a 404)", [SEANCES, "/seances/2026-02-30/", "", "2026-11-29"], null],
    ["a malformed date: handled as usual", [SEANCES, "/seances/2026-1-5/", "", "2026-11-29"], null],
    ["a word: handled as usual", [SEANCES, "/seances/demain/", "", "2026-11-29"], null],
    ["something under a dated day: handled as usual", [SEANCES, "/seances/2026-11-29/x/", "", "2026-11-29"], null],
    ["the schedule page itself: handled as usual", [SEANCES, "/seances/", "", "2026-11-29"], null],
  ]);
});

describe("builtScheduleOf: the schedule's pages from the build's files", () => {
  itReturns<readonly string[], BuiltSchedule | null>(
    (files) => builtScheduleOf(new Set(files)),
    [
      [
        [
          "/index.html",
          "/seances/2026-12-01/index.html",
          "/seances/2026-11-30/index.html",
          "/seances/index.html",
          "/page-data/seances/2026-11-30/page-data.json",
          "/seances/notes/index.html",
        ],
        { path: "/seances/", days: ["2026-11-30", "2026-12-01"] },
      ],
      [["/showtimes/index.html", "/showtimes/2026-11-30/index.html"], { path: "/showtimes/", days: ["2026-11-30"] }],
      [["/index.html", "/films/index.html"], null],
    ],
  );
});
