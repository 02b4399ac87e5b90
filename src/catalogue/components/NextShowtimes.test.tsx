// The home page's next showtimes as a visitor's browser gets them: the server's HTML, the script
// it carries run as the HTML is parsed (before the first paint), then React hydrating it and
// rendering with the clock. What the script shows must be what React then shows, element for
// element, so that nothing moves after the first paint.
import { act } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { RawIntlProvider } from "react-intl";
import { SelectedTheatreProvider } from "../../favourites/SelectedTheatreProvider";
import { createSiteIntl } from "../../i18n/site-intl";
import type { SiteRuntime } from "../../site/model";
import { installSiteRuntime, useStaticQuery } from "../../test/gatsby-mock";
import { TWO_FILMS_OF_A_DAY } from "../../test/next-showtimes-day";
import { loadRuntimes } from "../../test/render-in-loyalty";
import { SiteThemeProvider } from "../../theme/ThemeProvider";
import { zonedTimeToUtc } from "../dates";
import type { Showtime } from "../types";
import { NextShowtimes } from "./NextShowtimes";
import type { ProgrammeFilm } from "./ShowtimeTimes";

jest.mock("gatsby", () => jest.requireActual("../../test/gatsby-mock"));

const ZONE = "Europe/Paris"; // lumière's
const DAY = "2026-11-25";
let lumiere: SiteRuntime;
beforeAll(async () => {
  ({ lumiere } = await loadRuntimes());
});

const FILMS: ProgrammeFilm[] = [1, 2, 3, 4, 5, 6, 7, 8].map((id) => ({
  id,
  title: `Film ${id}`,
  path: `/films/${id}-film/`,
  runtimeMinutes: 100,
}));

function showtimes(rows: readonly (readonly [number, string])[], day = DAY): Showtime[] {
  return rows
    .map(([filmId, time]) => ({
      perfCode: `LUM01-${day}-${time}-${filmId}`,
      filmId,
      theaterId: "lumiere-annecy",
      startsAt: zonedTimeToUtc(day, time, ZONE).toISOString(),
      localDate: day,
      attributes: [],
      screen: null,
      bookingUrl: `https://tickets.example.com/websales/sales/LUM01/book?perfcode=${filmId}-${time}`,
    }))
    .sort((a, b) => a.startsAt.localeCompare(b.startsAt));
}

// Eight films: film 1 six times, film 2 twice, films 3–8 once each in the afternoon.
const PROGRAMME = showtimes([
  ...TWO_FILMS_OF_A_DAY,
  ...[3, 4, 5, 6, 7, 8].map((film) => [film, `${11 + film}:15`] as const),
]);

function Home({ programme }: { programme: readonly Showtime[] }) {
  const { compiledMessages } = useStaticQuery().siteSettings;
  const intl = createSiteIntl({ locale: lumiere.locale, messages: compiledMessages, timeZone: lumiere.timeZone });
  return (
    <RawIntlProvider value={intl}>
      <SiteThemeProvider theme={lumiere.siteTheme}>
        <SelectedTheatreProvider theaterId={null}>
          <NextShowtimes films={FILMS} showtimes={programme} />
        </SelectedTheatreProvider>
      </SiteThemeProvider>
    </RawIntlProvider>
  );
}

/** What is on screen: each film shown, with its times shown; or the empty message. */
function onScreen(container: HTMLElement): string[] {
  const section = container.querySelector("section")!;
  const visible = (el: Element) => !el.closest("[hidden]");
  const films = [...section.querySelectorAll("ul.films > li")].filter(visible).map((li) => {
    const times = [...li.querySelectorAll("time")].filter(visible).map((t) => t.textContent);
    return `${li.querySelector("h3")?.textContent}: ${times.join(" ")}`;
  });
  const empty = [...section.querySelectorAll(":scope > p")].filter(visible).map((p) => p.textContent ?? "");
  return [...films, ...empty];
}

let container: HTMLDivElement;
let root: Root | null = null;
beforeEach(() => {
  installSiteRuntime(lumiere);
  container = document.createElement("div");
  document.body.append(container);
});
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  container.remove();
  jest.restoreAllMocks();
});

/** The server's HTML, parsed as a browser parses it: its inline script runs with the visitor's clock. */
function parseServerHtml(programme: readonly Showtime[], visitorNow: number) {
  jest.spyOn(Date, "now").mockReturnValue(visitorNow);
  container.innerHTML = renderToString(<Home programme={programme} />);
  // innerHTML does not run scripts; a parser-inserted copy in the same place does.
  const inline = container.querySelector("script")!;
  const running = document.createElement("script");
  running.textContent = inline.textContent;
  inline.replaceWith(running);
}

async function hydrate(programme: readonly Showtime[]) {
  const errors = jest.spyOn(console, "error");
  await act(async () => {
    root = hydrateRoot(container, <Home programme={programme} />);
  });
  expect(errors).not.toHaveBeenCalled();
}

describe.each([
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
  [
    "10:30: film 1's 10:00 has passed, its 21:00 takes its place",
    [
      "Film 1: 13:00 16:00 19:00 21:00",
      "Film 2: 11:00 20:30",
      "Film 3: 14:15",
      "Film 4: 15:15",
      "Film 5: 16:15",
      "Film 6: 17:15",
    ],
  ],
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
])("a visitor at %s", (label, expected) => {
  const visitorNow = zonedTimeToUtc(DAY, label.slice(0, 5), ZONE).getTime();

  it("sees the list for their clock at the first paint, before any of the page's scripts", () => {
    parseServerHtml(PROGRAMME, visitorNow);
    expect(onScreen(container)).toEqual(expected);
  });

  it("and React, hydrating and then rendering with the clock, changes nothing on screen and moves no element", async () => {
    parseServerHtml(PROGRAMME, visitorNow);
    const before = [...container.querySelectorAll("li, p, ul")];
    const hiddenBefore = before.map((el) => el.hasAttribute("hidden"));
    await hydrate(PROGRAMME);
    expect(onScreen(container)).toEqual(expected);
    const after = [...container.querySelectorAll("li, p, ul")];
    expect(after).toEqual(before);
    expect(after.map((el) => el.hasAttribute("hidden"))).toEqual(hiddenBefore);
  });
});

it("a page built the day before: the script leaves the list to React, which shows the visitor's day", async () => {
  const yesterday = showtimes([[1, "20:00"]], "2026-11-24");
  const visitorNow = zonedTimeToUtc(DAY, "09:00", ZONE).getTime();
  parseServerHtml([...yesterday, ...PROGRAMME], visitorNow);
  expect(onScreen(container)).toEqual(["Film 1: 20:00"]);
  await hydrate([...yesterday, ...PROGRAMME]);
  expect(onScreen(container)[0]).toBe("Film 1: 10:00 13:00 16:00 19:00");
});
