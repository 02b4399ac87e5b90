// The film page's programme with a fixed clock (issue 42): after the day's last show it opens on
// the next day with shows, a show is offered for the site's grace after its start and labelled
// started, and the day strip offers no empty day.
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import type { SiteRuntime } from "../../runtime/site-runtime";
import { declaredInState } from "../../test/css";
import { annecyShowtime, LUMIERE_ZONE, OnInstalledSite } from "../../test/catalogue-site";
import { installSiteRuntime } from "../../test/gatsby-mock";
import { loadRuntimes } from "../../test/render-in-loyalty";
import { withServerHtmlStage } from "../../test/server-html";
import { zonedTimeToUtc } from "../dates";
import { epochMinute, FOLLOWING_DAY_ATTRIBUTE, LAST_START_MINUTE_ATTRIBUTE } from "../programme-prepaint";
import type { Showtime } from "../types";
import { Programme, type ProgrammeProps } from "./Programme";
import type { ProgrammeFilm } from "./ShowtimeTimes";

jest.mock("gatsby", () => jest.requireActual("../../test/gatsby-mock"));

const ZONE = LUMIERE_ZONE;
let lumiere: SiteRuntime;
let starlight: SiteRuntime;
beforeAll(async () => {
  ({ lumiere, starlight } = await loadRuntimes());
});

const FILM: ProgrammeFilm = { id: 1, title: "Orbite basse", path: "/films/1-orbite-basse/", runtimeMinutes: 100 };

function showtime(day: string, time: string): Showtime {
  return annecyShowtime(1, day, time, { perf: `${day}-${time}`, booking: `${day}-${time}` });
}

// Sat 28 Nov: last show at 21:30; nothing on Sunday; Monday and Tuesday.
const PROGRAMME = [
  showtime("2026-11-28", "14:00"),
  showtime("2026-11-28", "21:30"),
  showtime("2026-11-30", "16:00"),
  showtime("2026-11-30", "20:15"),
  showtime("2026-12-01", "18:00"),
];

/** The programme as a page renders it, on the site installed with installSiteRuntime. */
function OnSite(props: ProgrammeProps) {
  return (
    <OnInstalledSite>
      <Programme {...props} />
    </OnInstalledSite>
  );
}

function FilmProgramme({ showtimes = PROGRAMME, film = FILM }: { showtimes?: Showtime[]; film?: ProgrammeFilm }) {
  return <OnSite showtimes={showtimes} films={new Map([[film.id, film]])} layout="film" headingLevel={2} />;
}

async function renderAt(day: string, time: string, site: "lumiere" | "starlight" = "lumiere", showtimes?: Showtime[]) {
  const zone = site === "lumiere" ? ZONE : US_ZONE;
  jest.useFakeTimers({ now: zonedTimeToUtc(day, time, zone), doNotFake: ["queueMicrotask", "nextTick"] });
  installSiteRuntime(site === "lumiere" ? lumiere : starlight);
  render(site === "lumiere" ? <FilmProgramme /> : <FilmProgramme showtimes={showtimes} film={ROPE} />);
  await act(async () => {
    jest.advanceTimersByTime(1);
  });
}
afterEach(() => {
  jest.useRealTimers();
  document.cookie = "selectedTheaterId=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/";
});

/** The visible times of the day shown, as their links' text (their accessible names). */
const times = () =>
  screen
    .queryAllByRole("link")
    .filter((a) => a.hasAttribute("data-perf-code"))
    .map((a) => a.querySelector("time")?.textContent);

describe("the film page's programme at 21:45 on Saturday, after the day's last show", () => {
  beforeEach(() => renderAt("2026-11-28", "21:45"));

  it("opens on the next day with shows (Monday, Sunday has none), not on an empty today", () => {
    expect(screen.getByRole("radio", { name: /lun\. 30 nov\./ })).toBeChecked();
    expect(times()).toEqual(["16:00", "20:15"]);
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("marks today and Sunday as days without showtimes: no choice, announced as such", () => {
    const today = screen.getByRole("radio", { name: /^Aujourd'hui.*aucune séance$/ });
    const sunday = screen.getByRole("radio", { name: /^Demain.*aucune séance$/ });
    expect(today).toBeDisabled();
    expect(sunday).toBeDisabled();
    expect(screen.getByRole("radio", { name: /mar\. 1er déc\./ })).toBeEnabled();
  });
});

describe("a show during the site's grace (10 minutes)", () => {
  it("at 21:40 the 21:30 show is still offered, labelled commencé in its accessible name", async () => {
    await renderAt("2026-11-28", "21:40");
    expect(screen.getByRole("radio", { name: /^Aujourd'hui/ })).toBeChecked();
    const link = screen.getByRole("link", { name: /^21:30 commencé/ });
    expect(within(link).getByText("commencé")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /^14:00/ })).toBeNull();
  });
});

// Issue 42 on the US circuit: a film with nothing left at the visitor's theater says so and names
// the theaters where it plays, each with its next show, instead of "no showtime matches".
const US_ZONE = "America/Chicago"; // starlight's
const ROPE: ProgrammeFilm = {
  id: 2053,
  title: "The Last Rope",
  path: "/films/2053-the-last-rope/",
  runtimeMinutes: 110,
};
function usShowtime(theaterId: string, day: string, time: string, attributes: Showtime["attributes"] = []): Showtime {
  return {
    perfCode: `${theaterId}-${day}-${time}`,
    filmId: ROPE.id,
    theaterId,
    startsAt: zonedTimeToUtc(day, time, US_ZONE).toISOString(),
    localDate: day,
    attributes,
    screen: null,
    bookingUrl: `https://tickets.starlightcinemas.com/websales/sales/SL/book?perfcode=${theaterId}-${day}-${time}`,
  };
}
// Nothing at Riverside; Downtown tonight (9:40 PM) and Tuesday; North Lamar on Tuesday only, in
// French with subtitles.
const SUBTITLED: Showtime["attributes"] = ["Localization.Version.Original", "Localization.Subtitles"];
const ROPE_SHOWS = [
  usShowtime("starlight-downtown", "2026-11-28", "21:40"),
  usShowtime("starlight-downtown", "2026-12-01", "18:00"),
  usShowtime("starlight-north", "2026-12-01", "19:00", SUBTITLED),
];

describe("a film not playing at the visitor's theater (Riverside), at 9:45 PM on Saturday", () => {
  beforeEach(async () => {
    document.cookie = "selectedTheaterId=starlight-riverside; path=/";
    await renderAt("2026-11-28", "21:45", "starlight", ROPE_SHOWS);
  });

  it("says it is not playing there and names where it plays, each with its next show (the grace counted)", () => {
    expect(screen.getByRole("status")).toHaveTextContent("Not playing at Starlight Riverside.");
    expect(screen.queryByText(/match your choices/)).toBeNull();
    const where = screen.getByRole("region", { name: "Where it is playing" });
    const buttons = within(where).getAllByRole("button");
    expect(buttons).toHaveLength(2);
    expect(buttons[0]).toHaveAccessibleName("See the times at Starlight Downtown");
    expect(buttons[0]).toHaveAccessibleDescription("Next show: Today at 9:40 PM");
    expect(buttons[1]).toHaveAccessibleName("See the times at Starlight North Lamar");
    // Its version too (issue 45): a show in another language is no lead without it.
    expect(buttons[1]).toHaveAccessibleDescription("Next show: Tuesday, Dec 1 at 7:00 PM (Original with subtitles)");
    // A strip of days without a show there would offer nothing.
    expect(screen.queryByRole("group", { name: "Day" })).toBeNull();
  });

  it("a theater's button shows every theater on that show's day, and takes focus to that theater's times", () => {
    fireEvent.click(screen.getByRole("button", { name: "See the times at Starlight North Lamar" }));
    expect(screen.getByRole("checkbox", { name: "Only at Starlight Riverside" })).not.toBeChecked();
    expect(screen.getByRole("radio", { name: /Tue, Dec 1/ })).toBeChecked();
    const north = screen.getByRole("heading", { name: "Starlight North Lamar" });
    expect(north).toHaveFocus();
    expect(
      within(north.parentElement!).getByRole("link", { name: /^7:00\sPM Original with subtitles/ }),
    ).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Where it is playing" })).toBeNull();
  });
});

/** The last value of `property` a plain rule (no state, no media) of the page's style sheets gives `element`. */
function declaredFor(element: Element, property: string): string {
  let value = "";
  for (const sheet of Array.from(document.styleSheets))
    for (const rule of Array.from(sheet.cssRules))
      if (
        rule instanceof CSSStyleRule &&
        rule.selectorText.split(",").some((selector) => !selector.includes(":") && element.matches(selector.trim())) &&
        rule.style.getPropertyValue(property)
      )
        value = rule.style.getPropertyValue(property);
  return value;
}

describe("the theater filter's checkbox is themed", () => {
  it("checked in the theme's readable primary, not the browser's blue, with the theme's focus ring", async () => {
    document.cookie = "selectedTheaterId=starlight-downtown; path=/";
    await renderAt("2026-11-28", "12:00", "starlight", ROPE_SHOWS);
    const box = screen.getByRole("checkbox", { name: "Only at Starlight Downtown" });
    const { colours } = starlight.siteTheme;
    expect(declaredFor(box, "accent-color")).toBe(colours.readablePrimary);
    expect(declaredInState(box, ":focus-visible", "outline")).toBe(`3px solid ${colours.focusRing}`);
  });
});

// The schedule as a visitor's browser gets it at midday (issue 42): the server's HTML lists the
// whole day from the morning; the pre-paint rule hides what has gone before the first paint, and
// React, hydrating and then rendering with the clock, removes exactly that, keeps every film in its
// place and keeps the filters: nothing on screen moves.
describe("the schedule at midday, from the server's HTML to React's render with the clock", () => {
  const DAY = "2026-11-28";
  const films = new Map(
    [
      { id: 1, title: "Orbite basse" },
      { id: 2, title: "La Corde" },
      { id: 3, title: "Matinée" },
    ].map((f) => [f.id, { ...f, path: `/films/${f.id}/`, runtimeMinutes: 100 }]),
  );
  const show = (filmId: number, time: string, attributes: Showtime["attributes"] = []): Showtime => ({
    ...showtime(DAY, time),
    perfCode: `LUM01-${DAY}-${time}-${filmId}`,
    filmId,
    attributes,
  });
  // Film 1 first in the morning, then after film 2's first show; film 3 only in the morning, the
  // day's only VO. By first show left, film 2 would come before film 1 at midday (11:40 has gone,
  // its grace ended at 11:50). Film 2's 11:55 is in its grace at midday: labelled started.
  const DAY_SHOWS = [
    show(1, "10:30"),
    show(3, "11:00", ["Localization.Version.Original"]),
    show(1, "11:40"),
    show(2, "11:55"),
    show(2, "13:45"),
    show(1, "16:00"),
    show(2, "20:30"),
  ];
  const Schedule = () => (
    <OnSite
      showtimes={DAY_SHOWS}
      films={films}
      layout="schedule"
      headingLevel={2}
      schedule={{ day: DAY, days: [{ date: DAY, path: "/seances/", counts: {} }] }}
    />
  );

  const stage = withServerHtmlStage();
  beforeEach(() => installSiteRuntime(lumiere));
  afterEach(() => document.head.querySelectorAll("style:not([data-styled])").forEach((s) => s.remove()));

  /** What is on screen: each film shown with its times shown ("Film: 11:50 16:00"), and the filters. */
  const onScreen = () => {
    const shown = (el: Element) => getComputedStyle(el).display !== "none";
    const filmsShown = [...stage.container.querySelectorAll(".js-programme .film")].filter(shown).map(
      (film) =>
        `${film.querySelector("h3")?.textContent}: ${[...film.querySelectorAll("li")]
          .filter(shown)
          .map(
            (li) =>
              li.querySelector("time")!.textContent +
              (shown(li.querySelector("[data-started-label]")!) ? " commencé" : ""),
          )
          .join(" ")}`,
    );
    const filters = [...stage.container.querySelectorAll(".js-programme fieldset legend")].map((l) => l.textContent);
    return { films: filmsShown, filters };
  };

  it("the first paint shows what React shows with the clock, element for element", async () => {
    const midday = zonedTimeToUtc(DAY, "12:00", ZONE).getTime();
    jest.useFakeTimers({ now: midday, doNotFake: ["queueMicrotask", "nextTick"] });
    stage.parse(<Schedule />, "section > script");

    const firstPaint = onScreen();
    expect(firstPaint.films).toEqual(["Orbite basse: 16:00", "La Corde: 11:55 commencé 13:45 20:30"]);
    const shownBefore = [...stage.container.querySelectorAll(".film, li, fieldset")].filter(
      (el) => getComputedStyle(el).display !== "none",
    );

    await stage.hydrate(<Schedule />);
    await act(async () => {
      jest.advanceTimersByTime(1);
    });
    expect(onScreen()).toEqual(firstPaint);
    // The same elements, in the same order: React removed only what the rule had hidden.
    expect([...stage.container.querySelectorAll(".film, li, fieldset")]).toEqual(shownBefore);
    // The morning's VO stays a choice: the filters do not change under the visitor.
    expect(firstPaint.filters).toContain("Version");
  });
});

/** A film programme's server HTML, in a container on the page. */
function serverRendered(): HTMLElement {
  const container = document.createElement("div");
  document.body.append(container);
  container.innerHTML = renderToString(<FilmProgramme />);
  return container;
}

/** Hydrates a film programme's server HTML in `container`, then lets it read the clock; no mismatch. */
async function hydrateWithClock(container: HTMLElement): Promise<Root> {
  const recoverable = jest.fn();
  let root: Root | undefined;
  await act(async () => {
    root = hydrateRoot(container, <FilmProgramme />, { onRecoverableError: recoverable });
  });
  await act(async () => {
    jest.advanceTimersByTime(1);
  });
  expect(recoverable).not.toHaveBeenCalled();
  return root!;
}

describe("the film page's next day with shows, before the page knows the time", () => {
  it("is in the server's HTML beside the first day, shown by the pre-paint rule once that day's last show has gone; with the clock React opens on it and drops the copy", async () => {
    jest.useFakeTimers({ now: zonedTimeToUtc("2026-11-28", "23:30", ZONE), doNotFake: ["queueMicrotask", "nextTick"] });
    installSiteRuntime(lumiere);
    const container = serverRendered();
    const programme = container.querySelector(".js-programme")!;
    // The first day (Saturday) is the one open; Monday, the next with shows, waits beside it.
    const lastSaturdayShow = String(epochMinute(zonedTimeToUtc("2026-11-28", "21:30", ZONE).toISOString()));
    const following = programme.querySelector(`[${FOLLOWING_DAY_ATTRIBUTE}]`)!;
    expect(following.getAttribute(FOLLOWING_DAY_ATTRIBUTE)).toBe(lastSaturdayShow);
    expect(following.querySelector(".day-title")?.textContent).toMatch(/lundi 30 novembre/);
    expect([...following.querySelectorAll("a[data-perf-code]")].map((a) => a.getAttribute("data-perf-code"))).toEqual([
      "LUM01-2026-11-30-16:00",
      "LUM01-2026-11-30-20:15",
    ]);
    // Saturday's title (the first in the programme) goes with its shows once they have gone.
    expect(programme.querySelector(".day-title")?.getAttribute(LAST_START_MINUTE_ATTRIBUTE)).toBe(lastSaturdayShow);

    const root = await hydrateWithClock(container);
    expect(container.querySelector(`[${FOLLOWING_DAY_ATTRIBUTE}]`)).toBeNull();
    expect(container.querySelector(".js-programme .day-title")?.textContent).toMatch(/lundi 30 novembre/);
    act(() => root.unmount());
    container.remove();
  });
});

describe("the film page's list of every day (noscript)", () => {
  const stage = process.env.BUILD_STAGE;
  afterEach(() => {
    process.env.BUILD_STAGE = stage;
  });

  it("is in the server's HTML only; the browser's bundle hydrates that HTML without a mismatch and leaves it be", async () => {
    jest.useFakeTimers({ now: zonedTimeToUtc("2026-11-28", "12:00", ZONE), doNotFake: ["queueMicrotask", "nextTick"] });
    installSiteRuntime(lumiere);
    const container = serverRendered();
    const serverList = container.querySelector("noscript")!.innerHTML;
    // Every day of the page data, each with its times.
    expect(serverList).toContain("1er décembre");
    expect(serverList).toContain("perfcode=2026-11-30-20:15");

    process.env.BUILD_STAGE = "build-javascript";
    const root = await hydrateWithClock(container);
    expect(container.querySelector("noscript")!.innerHTML).toBe(serverList);
    act(() => root.unmount());
    container.remove();
  });
});
