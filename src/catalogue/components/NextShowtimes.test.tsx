// The home page's next showtimes as a visitor's browser gets them: the server's HTML, the script
// it carries run as the HTML is parsed (before the first paint), then React hydrating it and
// rendering with the clock. What the script shows must be what React then shows, element for
// element, so that nothing moves after the first paint.
import { within } from "@testing-library/react";
import type { SiteRuntime } from "../../runtime/site-runtime";
import { annecyShowtime, LUMIERE_ZONE, OnInstalledSite } from "../../test/catalogue-site";
import { installSiteRuntime } from "../../test/gatsby-mock";
import { TWO_FILMS_OF_A_DAY } from "../../test/next-showtimes-day";
import { withServerHtmlStage } from "../../test/server-html";
import { loadRuntimes } from "../../test/render-in-loyalty";
import { zonedTimeToUtc } from "../dates";
import type { Showtime } from "../types";
import { NextShowtimes } from "./NextShowtimes";
import type { ProgrammeFilm } from "./ShowtimeTimes";

jest.mock("gatsby", () => jest.requireActual("../../test/gatsby-mock"));

const ZONE = LUMIERE_ZONE;
const DAY = "2026-11-25";
let lumiere: SiteRuntime;
let starlight: SiteRuntime;
beforeAll(async () => {
  ({ lumiere, starlight } = await loadRuntimes());
});

const FILMS: ProgrammeFilm[] = [1, 2, 3, 4, 5, 6, 7, 8].map((id) => ({
  id,
  title: `Film ${id}`,
  path: `/films/${id}-film/`,
  runtimeMinutes: 100,
}));

function showtimes(rows: readonly (readonly [number, string])[], day = DAY): Showtime[] {
  return rows
    .map(([filmId, time]) =>
      annecyShowtime(filmId, day, time, { perf: `${day}-${time}-${filmId}`, booking: `${filmId}-${time}` }),
    )
    .sort((a, b) => a.startsAt.localeCompare(b.startsAt));
}

// Eight films: film 1 six times, film 2 twice, films 3–8 once each in the afternoon.
const PROGRAMME = showtimes([
  ...TWO_FILMS_OF_A_DAY,
  ...[3, 4, 5, 6, 7, 8].map((film) => [film, `${11 + film}:15`] as const),
]);

/** PROGRAMME's list once film 1's 10:00 has passed (and its grace): its 21:00 takes the place. */
const AFTER_FILM_1_FIRST_SHOW = [
  "Film 1: 13:00 16:00 19:00 21:00",
  "Film 2: 11:00 20:30",
  "Film 3: 14:15",
  "Film 4: 15:15",
  "Film 5: 16:15",
  "Film 6: 17:15",
];

/** The home page's list, on the site installed with installSiteRuntime. */
function Home({ programme }: { programme: readonly Showtime[] }) {
  return (
    <OnInstalledSite>
      <NextShowtimes films={FILMS} showtimes={programme} />
    </OnInstalledSite>
  );
}

/**
 * What is on screen: each film shown, with its times shown (on a circuit with no theater chosen,
 * "theater: times" for each theater shown); or the empty message.
 */
function onScreen(container: HTMLElement): string[] {
  const section = container.querySelector("section")!;
  const visible = (el: Element) => !el.closest("[hidden]");
  // en-US times have a narrow no-break space before AM/PM.
  const timesIn = (el: Element) =>
    [...el.querySelectorAll("time")]
      .filter(visible)
      .map((t) => t.textContent?.replace(/\s/g, " "))
      .join(" ");
  const films = [...section.querySelectorAll("ul.films > li")].filter(visible).map((li) => {
    const groups = [...li.querySelectorAll("h4")].filter(visible);
    const times = groups.length
      ? groups.map((h4) => `${h4.textContent}: ${timesIn(h4.parentElement!)}`).join(" | ")
      : timesIn(li);
    return `${li.querySelector("h3")?.textContent}: ${times}`;
  });
  const empty = [...section.querySelectorAll(":scope > p")].filter(visible).map((p) => p.textContent ?? "");
  return [...films, ...empty];
}

const stage = withServerHtmlStage();
beforeEach(() => installSiteRuntime(lumiere));
afterEach(() => jest.restoreAllMocks());

/** The server's HTML, parsed as a browser parses it: its inline script runs with the visitor's clock. */
function parseServerHtml(programme: readonly Showtime[], visitorNow: number) {
  jest.spyOn(Date, "now").mockReturnValue(visitorNow);
  stage.parse(<Home programme={programme} />);
}

async function hydrate(programme: readonly Showtime[]) {
  const errors = jest.spyOn(console, "error");
  await stage.hydrate(<Home programme={programme} />);
  expect(errors).not.toHaveBeenCalled();
}

/**
 * From the server's HTML at `visitorNow`, hydrating and then rendering with the clock shows
 * `expected` and keeps every element among `elements`, in place and as hidden or shown as it was.
 */
async function expectHydrationKeepsScreen(
  programme: readonly Showtime[],
  visitorNow: number,
  expected: readonly string[],
  elements: string,
) {
  parseServerHtml(programme, visitorNow);
  const before = [...stage.container.querySelectorAll(elements)];
  const hiddenBefore = before.map((el) => el.hasAttribute("hidden"));
  await hydrate(programme);
  expect(onScreen(stage.container)).toEqual(expected);
  const after = [...stage.container.querySelectorAll(elements)];
  expect(after).toEqual(before);
  expect(after.map((el) => el.hasAttribute("hidden"))).toEqual(hiddenBefore);
}

/**
 * For each visitor's clock (the label starts with it, "HH:MM"): what they see at the first paint,
 * and React, hydrating and then rendering with the clock, keeping it element for element.
 */
function describeVisits(
  visits: [label: string, expected: readonly string[]][],
  {
    programme,
    zone,
    firstPaint,
    elements,
  }: { programme: readonly Showtime[]; zone: string; firstPaint: string; elements: string },
) {
  describe.each(visits)("a visitor at %s", (label, expected) => {
    const visitorNow = zonedTimeToUtc(DAY, label.slice(0, 5), zone).getTime();

    it(firstPaint, () => {
      parseServerHtml(programme, visitorNow);
      expect(onScreen(stage.container)).toEqual(expected);
    });

    it("and React, hydrating and then rendering with the clock, changes nothing on screen and moves no element", async () => {
      await expectHydrationKeepsScreen(programme, visitorNow, expected, elements);
    });
  });
}

describeVisits(
  [
    [
      "09:00",
      [
        "Film 1: 10:00 13:00 16:00 19:00",
        "Film 2: 11:00 20:30",
        "Film 3: 14:15",
        "Film 4: 15:15",
        "Film 5: 16:15",
        "Film 6: 17:15",
      ],
    ],
    ["10:30: film 1's 10:00 has passed, its 21:00 takes its place", AFTER_FILM_1_FIRST_SHOW],
    [
      "15:00: film 3's only show has passed, film 7 takes its place",
      [
        "Film 1: 16:00 19:00 21:00 23:00",
        "Film 2: 20:30",
        "Film 4: 15:15",
        "Film 5: 16:15",
        "Film 6: 17:15",
        "Film 7: 18:15",
      ],
    ],
    ["23:30: nothing left today", ["Aucune séance programmée pour le moment."]],
  ],
  {
    programme: PROGRAMME,
    zone: ZONE,
    firstPaint: "sees the list for their clock at the first paint, before any of the page's scripts",
    elements: "li, p, ul",
  },
);

it("a page built the day before: the script leaves the list to React, which shows the visitor's day", async () => {
  const yesterday = showtimes([[1, "20:00"]], "2026-11-24");
  const visitorNow = zonedTimeToUtc(DAY, "09:00", ZONE).getTime();
  parseServerHtml([...yesterday, ...PROGRAMME], visitorNow);
  expect(onScreen(stage.container)).toEqual(["Film 1: 20:00"]);
  await hydrate([...yesterday, ...PROGRAMME]);
  expect(onScreen(stage.container)[0]).toBe("Film 1: 10:00 13:00 16:00 19:00");
});

describe("the site's grace and the next day with shows (issue 42)", () => {
  /** Each visible time's link. */
  const links = () =>
    [...stage.container.querySelectorAll("ul.films a[data-perf-code]")].filter((a) => !a.closest("[hidden]"));

  it("at 10:05 film 1's 10:00 is still offered and labelled started, from the first paint", async () => {
    const visitorNow = zonedTimeToUtc(DAY, "10:05", ZONE).getTime();
    parseServerHtml(PROGRAMME, visitorNow);
    expect(onScreen(stage.container)[0]).toBe("Film 1: 10:00 13:00 16:00 19:00");
    // (The new-window note joins the names once React runs: SiteLink.)
    expect(links()[0]).toHaveAccessibleName(/^10:00 commencé fin\s11:40$/);
    expect(links()[1]).toHaveAccessibleName(/^13:00 fin\s14:40$/);
    await hydrate(PROGRAMME);
    expect(onScreen(stage.container)[0]).toBe("Film 1: 10:00 13:00 16:00 19:00");
    expect(links()[0]).toHaveAccessibleName(/^10:00 commencé fin\s11:40 \(S'ouvre dans une nouvelle fenêtre\)$/);
    // Every link carries the label; a show that has not started has it hidden, out of its name.
    expect(links()[1]).toHaveAccessibleName(/^13:00 fin\s14:40 \(S'ouvre dans une nouvelle fenêtre\)$/);
  });

  it("at 10:11 it is gone, at the first paint and after", async () => {
    await expectHydrationKeepsScreen(
      PROGRAMME,
      zonedTimeToUtc(DAY, "10:11", ZONE).getTime(),
      AFTER_FILM_1_FIRST_SHOW,
      "li, p, ul",
    );
  });

  /** The list's title as a screen reader names the section, and the visible elements that are lists or their films. */
  const title = () => within(stage.container).getByRole("region");
  const shownLists = () =>
    [...stage.container.querySelectorAll("ul.films, ul.films > li")].filter((el) => !el.closest("[hidden]"));

  it("at 21:45, after the day's last show, the list shows tomorrow's times and says so, from the first paint, and React moves nothing", async () => {
    const today = showtimes([
      [1, "14:00"],
      [2, "20:00"],
      [1, "21:30"],
    ]);
    const tomorrow = showtimes(
      [
        [2, "13:30"],
        [1, "16:00"],
      ],
      "2026-11-26",
    );
    const programme = [...today, ...tomorrow];
    parseServerHtml(programme, zonedTimeToUtc(DAY, "21:45", ZONE).getTime());
    // Before React: the script found nothing left of the build's day and showed the next day it carries.
    expect(title()).toHaveAccessibleName("Prochaines séances · Demain");
    expect(onScreen(stage.container)).toEqual(["Film 2: 13:30", "Film 1: 16:00"]);
    const shownBefore = shownLists();
    await hydrate(programme);
    expect(title()).toHaveAccessibleName("Prochaines séances · Demain");
    expect(onScreen(stage.container)).toEqual(["Film 2: 13:30", "Film 1: 16:00"]);
    // The very elements the first paint showed: React kept the next day's list the page carried.
    expect(shownLists()).toEqual(shownBefore);
  });

  it("at 20:15 a show is left today: the next day's list stays hidden and React drops it", async () => {
    const programme = [...showtimes([[1, "20:20"]]), ...showtimes([[2, "13:30"]], "2026-11-26")];
    parseServerHtml(programme, zonedTimeToUtc(DAY, "20:15", ZONE).getTime());
    expect(title()).toHaveAccessibleName("Prochaines séances · Aujourd'hui");
    expect(onScreen(stage.container)).toEqual(["Film 1: 20:20"]);
    await hydrate(programme);
    expect(title()).toHaveAccessibleName("Prochaines séances · Aujourd'hui");
    expect(onScreen(stage.container)).toEqual(["Film 1: 20:20"]);
    expect(stage.container.querySelectorAll("ul.films")).toHaveLength(1);
  });

  it("names a later day by its weekday and date, when the next day with shows is not tomorrow", async () => {
    const programme = [...showtimes([[1, "14:00"]]), ...showtimes([[1, "16:00"]], "2026-11-29")];
    parseServerHtml(programme, zonedTimeToUtc(DAY, "21:45", ZONE).getTime());
    expect(title()).toHaveAccessibleName("Prochaines séances · Dimanche 29 nov.");
    await hydrate(programme);
    expect(title()).toHaveAccessibleName("Prochaines séances · Dimanche 29 nov.");
    expect(onScreen(stage.container)).toEqual(["Film 1: 16:00"]);
  });
});

// Issue 45: the home page sells "VO comme VF": each time says its version, from the first paint.
it("each time says its version, VF, VO or VOST, in its link's name; a film in French none", async () => {
  const withAttributes = (show: Showtime, attributes: Showtime["attributes"]): Showtime => ({ ...show, attributes });
  // In the programme's order, by start.
  const [vf, vost, french, vo] = showtimes([
    [1, "14:15"],
    [1, "20:30"],
    [2, "18:00"],
    [3, "18:15"],
  ]);
  const programme = [
    withAttributes(vf!, ["Format.Sound.Dubbed"]),
    withAttributes(vost!, ["Localization.Version.Original", "Localization.Subtitles"]),
    french!,
    withAttributes(vo!, ["Localization.Version.Original"]),
  ];
  /** Each time link's accessible name, in the page's order, as Testing Library computes it. */
  const names = () => {
    const found: string[] = [];
    within(stage.container).queryAllByRole("link", {
      name: (name, element) => {
        if (element.hasAttribute("data-perf-code")) found.push(name.replace(/\s/g, " "));
        return false;
      },
    });
    return found;
  };
  parseServerHtml(programme, zonedTimeToUtc(DAY, "09:00", ZONE).getTime());
  const expected = ["14:15 VF · fin 15:55", "20:30 VO · fin 22:10", "18:00 VOST · fin 19:40", "18:15 fin 19:55"];
  expect(names()).toEqual(expected);
  await hydrate(programme);
  // (The new-window note joins the names once React runs: SiteLink.)
  expect(names()).toEqual(expected.map((name) => `${name} (S'ouvre dans une nouvelle fenêtre)`));
});

describe("on a circuit with no theater chosen (US circuit)", () => {
  const CHICAGO = "America/Chicago";
  const THEATERS = { D: "starlight-downtown", R: "starlight-riverside", N: "starlight-north" } as const;

  /** [filmId, theater, "HH:MM"] in the programme's order: by time, then theater id. */
  /** The day's shows, a row per film and theater with its start times. */
  function circuit(
    rows: readonly (readonly [number, keyof typeof THEATERS, readonly string[]])[],
    day = DAY,
  ): Showtime[] {
    return rows
      .flatMap(([filmId, theater, times]) => times.map((time) => [filmId, theater, time] as const))
      .map(([filmId, theater, time]) => ({
        perfCode: `${theater}-${day}-${time}-${filmId}`,
        filmId,
        theaterId: THEATERS[theater],
        startsAt: zonedTimeToUtc(day, time, CHICAGO).toISOString(),
        localDate: day,
        attributes: [],
        screen: null,
        bookingUrl: `https://tickets.example.com/websales/sales/${theater}/book?perfcode=${filmId}-${time}`,
      }))
      .sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.theaterId.localeCompare(b.theaterId));
  }

  // Film 1 as Low Orbit: four times at Downtown, two at Riverside, one at North Lamar. Film 2: four
  // at Downtown, then a Riverside and a North Lamar show at the same minute, which vie for the
  // fourth place once the first has passed (the script and React must pick the same one).
  const US_PROGRAMME = circuit([
    [1, "D", ["13:00", "16:10", "19:20", "22:30"]],
    [1, "R", ["14:00", "19:00"]],
    [1, "N", ["18:45"]],
    [2, "D", ["12:00", "15:00", "16:00", "17:00"]],
    [2, "R", ["20:00"]],
    [2, "N", ["20:00"]],
  ]);

  beforeEach(() => installSiteRuntime(starlight));
  afterEach(() => {
    document.cookie = "selectedTheaterId=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/";
  });

  describeVisits(
    [
      [
        "09:00",
        [
          "Film 2: Starlight Downtown: 12:00 PM 3:00 PM 4:00 PM 5:00 PM",
          "Film 1: Starlight Downtown: 1:00 PM 4:10 PM | Starlight Riverside: 2:00 PM | Starlight North Lamar: 6:45 PM",
        ],
      ],
      [
        "12:30: Film 2's fourth time is Riverside's 8:00 PM, the first theater of the two in the site's order",
        [
          "Film 2: Starlight Downtown: 3:00 PM 4:00 PM 5:00 PM | Starlight Riverside: 8:00 PM",
          "Film 1: Starlight Downtown: 1:00 PM 4:10 PM | Starlight Riverside: 2:00 PM | Starlight North Lamar: 6:45 PM",
        ],
      ],
      [
        "17:00",
        [
          "Film 2: Starlight Downtown: 5:00 PM | Starlight Riverside: 8:00 PM | Starlight North Lamar: 8:00 PM",
          "Film 1: Starlight Downtown: 7:20 PM 10:30 PM | Starlight Riverside: 7:00 PM | Starlight North Lamar: 6:45 PM",
        ],
      ],
      [
        // Issue 42: 19:11, as Riverside's 19:00 is offered for 10 minutes after its start (it left at 19:01).
        "19:11: Riverside and North Lamar have no Film 1 left, so their names leave with their times",
        [
          "Film 2: Starlight Riverside: 8:00 PM | Starlight North Lamar: 8:00 PM",
          "Film 1: Starlight Downtown: 7:20 PM 10:30 PM",
        ],
      ],
    ],
    {
      programme: US_PROGRAMME,
      zone: CHICAGO,
      firstPaint: "sees each time under its theater's name, in the site's theater order, from the first paint",
      elements: "li, p, ul, div",
    },
  );

  it("at 22:45, after the day's last show, tomorrow's times under their theaters' names from the first paint, and React moves nothing", async () => {
    const programme = [
      ...US_PROGRAMME,
      ...circuit(
        [
          [2, "R", ["11:00"]],
          [1, "D", ["12:00", "15:00"]],
          [1, "N", ["12:00"]],
        ],
        "2026-11-26",
      ),
    ];
    const expected = [
      "Film 2: Starlight Riverside: 11:00 AM",
      "Film 1: Starlight Downtown: 12:00 PM 3:00 PM | Starlight North Lamar: 12:00 PM",
    ];
    parseServerHtml(programme, zonedTimeToUtc(DAY, "22:45", CHICAGO).getTime());
    expect(stage.container.querySelector("section")).toHaveAccessibleName("Next showtimes · Tomorrow");
    expect(onScreen(stage.container)).toEqual(expected);
    const shown = () =>
      [...stage.container.querySelectorAll("ul.films, li, div")].filter((el) => !el.closest("[hidden]"));
    const shownBefore = shown();
    await hydrate(programme);
    expect(stage.container.querySelector("section")).toHaveAccessibleName("Next showtimes · Tomorrow");
    expect(onScreen(stage.container)).toEqual(expected);
    expect(shown()).toEqual(shownBefore);
  });

  it("the theater names are headings under the film's, as on the schedule", () => {
    parseServerHtml(US_PROGRAMME, zonedTimeToUtc(DAY, "09:00", CHICAGO).getTime());
    const film1 = [...stage.container.querySelectorAll("ul.films > li")].find(
      (li) => li.querySelector("h3")?.textContent === "Film 1",
    )!;
    expect([...film1.querySelectorAll("h4")].map((h) => h.textContent)).toEqual([
      "Starlight Downtown",
      "Starlight Riverside",
      "Starlight North Lamar",
    ]);
  });

  it("with a theater chosen, that theater's times only, without theater names, as before", async () => {
    document.cookie = "selectedTheaterId=starlight-north; path=/";
    parseServerHtml(US_PROGRAMME, zonedTimeToUtc(DAY, "09:00", CHICAGO).getTime());
    await hydrate(US_PROGRAMME);
    expect(stage.container.querySelector("h2")?.textContent).toBe("Next showtimes · Today · Starlight North Lamar");
    expect(onScreen(stage.container)).toEqual(["Film 1: 6:45 PM", "Film 2: 8:00 PM"]);
    expect(stage.container.querySelectorAll("h4")).toHaveLength(0);
  });
});
