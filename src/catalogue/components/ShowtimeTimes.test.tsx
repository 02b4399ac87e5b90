// Issue 45: every showtime says its version (VF, VO, VOST on the French site; words on the US one)
// when its attributes give one, in what a screen reader hears of it: the booking link's name, the
// add-to-calendar button's name, and the calendar event's details. A show in the film's own
// language names none. The programme (film, schedule and theater pages) and the home page's next
// showtimes all list their times with ShowtimeTimes.
import { act, fireEvent, render, screen } from "@testing-library/react";
import type { SiteRuntime } from "../../runtime/site-runtime";
import { OnInstalledSite } from "../../test/catalogue-site";
import { installSiteRuntime } from "../../test/gatsby-mock";
import { loadRuntimes } from "../../test/render-in-loyalty";
import { downloadCalendarFile, type CalendarShowtime } from "../calendar";
import { zonedTimeToUtc } from "../dates";
import type { Showtime } from "../types";
import { ShowtimeTimes, type ProgrammeFilm, type TheaterInfo } from "./ShowtimeTimes";

jest.mock("gatsby", () => jest.requireActual("../../test/gatsby-mock"));
// The event the button would write: its file is not the matter here (calendar.test.ts).
jest.mock("../calendar", () => ({ downloadCalendarFile: jest.fn(async () => undefined) }));

let runtimes: { lumiere: SiteRuntime; starlight: SiteRuntime };
beforeAll(async () => {
  runtimes = await loadRuntimes();
});
afterEach(() => {
  jest.useRealTimers();
  jest.mocked(downloadCalendarFile).mockClear();
});

const DAY = "2026-11-30"; // a Monday
const SITES = {
  lumiere: {
    theater: { id: "lumiere-annecy", name: "Cinéma Lumière", timeZone: "Europe/Paris" },
    film: { id: 1000021005, title: "The Quiet Hours", path: "/films/1000021005-the-quiet-hours/", runtimeMinutes: 110 },
    screen: "Salle 5",
  },
  starlight: {
    theater: { id: "starlight-downtown", name: "Starlight Downtown", timeZone: "America/Chicago" },
    film: { id: 2053, title: "The Last Rope", path: "/films/2053-the-last-rope/", runtimeMinutes: 110 },
    screen: null,
  },
} satisfies Record<string, { theater: TheaterInfo; film: ProgrammeFilm; screen: string | null }>;

function showtimeAt(site: keyof typeof SITES, attributes: Showtime["attributes"]): Showtime {
  const { theater, film, screen } = SITES[site];
  return {
    perfCode: `${theater.id}-${DAY}-1815`,
    filmId: film.id,
    theaterId: theater.id,
    startsAt: zonedTimeToUtc(DAY, "18:15", theater.timeZone).toISOString(),
    localDate: DAY,
    attributes,
    screen,
    bookingUrl: `https://tickets.example.com/book?perfcode=${theater.id}-${DAY}-1815`,
  };
}

/** One show at 18:15, the page's clock in the morning of its day: it is listed, not started. */
async function renderShow(site: keyof typeof SITES, attributes: Showtime["attributes"]) {
  const { theater, film } = SITES[site];
  jest.useFakeTimers({
    now: zonedTimeToUtc(DAY, "09:00", theater.timeZone),
    doNotFake: ["queueMicrotask", "nextTick"],
  });
  installSiteRuntime(runtimes[site]);
  render(
    <OnInstalledSite>
      <ShowtimeTimes showtimes={[showtimeAt(site, attributes)]} theater={theater} films={new Map([[film.id, film]])} />
    </OnInstalledSite>,
  );
  await act(async () => {
    jest.advanceTimersByTime(1);
  });
}

/** What the calendar button hands over, once clicked. */
async function calendarEvent(): Promise<CalendarShowtime> {
  fireEvent.click(screen.getByRole("button", { name: /^(Ajouter à mon agenda|Add to my calendar)/ }));
  await act(async () => {
    await Promise.resolve();
  });
  expect(downloadCalendarFile).toHaveBeenCalledTimes(1);
  return jest.mocked(downloadCalendarFile).mock.calls[0]![0];
}

const SUBTITLED: Showtime["attributes"] = ["Localization.Version.Original", "Localization.Subtitles"];

/** The ticketing site's booking page opens in a new window, and the link's name ends saying so. */
const NEW_WINDOW = { lumiere: " (S'ouvre dans une nouvelle fenêtre)", starlight: " (Opens in a new window)" } as const;

// Names are read with every white space as a plain space: the details' separators are no-break
// ones, and en-US times have a narrow no-break space before PM.
const plain = (text: string | null | undefined) => (text ?? "").replace(/\s/g, " ");

describe.each<
  [keyof typeof SITES, string, Showtime["attributes"], { link: string; calendar: string; details: string }]
>([
  [
    "lumiere",
    "VOST",
    SUBTITLED,
    {
      link: "18:15 VOST · Salle 5 · fin 20:05",
      calendar: "Ajouter à mon agenda : The Quiet Hours, lundi 30 novembre à 18:15 en VOST",
      details: "VOST · Salle 5 · fin 20:05",
    },
  ],
  [
    "lumiere",
    "VF",
    ["Format.Sound.Dubbed"],
    {
      link: "18:15 VF · Salle 5 · fin 20:05",
      calendar: "Ajouter à mon agenda : The Quiet Hours, lundi 30 novembre à 18:15 en VF",
      details: "VF · Salle 5 · fin 20:05",
    },
  ],
  [
    "lumiere",
    "VO",
    ["Localization.Version.Original"],
    {
      link: "18:15 VO · Salle 5 · fin 20:05",
      calendar: "Ajouter à mon agenda : The Quiet Hours, lundi 30 novembre à 18:15 en VO",
      details: "VO · Salle 5 · fin 20:05",
    },
  ],
  [
    "lumiere",
    "the film's own language",
    [],
    {
      link: "18:15 Salle 5 · fin 20:05",
      calendar: "Ajouter à mon agenda : The Quiet Hours, lundi 30 novembre à 18:15",
      details: "Salle 5 · fin 20:05",
    },
  ],
  [
    "starlight",
    "original with subtitles",
    SUBTITLED,
    {
      link: "6:15 PM Original with subtitles · ends 8:05 PM",
      calendar:
        "Add to my calendar: The Last Rope, Monday, November 30 at 6:15 PM (Original with subtitles), Starlight Downtown",
      details: "Original with subtitles · ends 8:05 PM",
    },
  ],
  [
    "starlight",
    "dubbed, in 3D",
    ["Format.Picture.3D", "Format.Sound.Dubbed"],
    {
      link: "6:15 PM Dubbed · 3D · ends 8:05 PM",
      calendar: "Add to my calendar: The Last Rope, Monday, November 30 at 6:15 PM (Dubbed), Starlight Downtown",
      details: "Dubbed · 3D · ends 8:05 PM",
    },
  ],
  [
    "starlight",
    "the film's own language",
    [],
    {
      link: "6:15 PM ends 8:05 PM",
      calendar: "Add to my calendar: The Last Rope, Monday, November 30 at 6:15 PM, Starlight Downtown",
      details: "ends 8:05 PM",
    },
  ],
])("%s, a show %s", (site, _version, attributes, expected) => {
  beforeEach(() => renderShow(site, attributes));

  it("its booking link's name starts with the time, then the version", () => {
    expect(plain(nameOf("link"))).toBe(`${expected.link}${NEW_WINDOW[site]}`);
  });

  it("its add-to-calendar button names the version with the time", () => {
    expect(plain(nameOf("button"))).toBe(expected.calendar);
  });

  it("its calendar event's details say the version", async () => {
    expect(plain((await calendarEvent()).description)).toBe(expected.details);
  });
});

/** The accessible name of the one element of `role`, as Testing Library computes it for its queries. */
function nameOf(role: "link" | "button"): string {
  const names: string[] = [];
  screen.getAllByRole(role, {
    name: (name) => {
      names.push(name);
      return true;
    },
  });
  expect(names).toHaveLength(1);
  return names[0]!;
}
