// The film page's programme with a fixed clock (issue 42): after the day's last show it opens on
// the next day with shows, a show is offered for the site's grace after its start and labelled
// started, and the day strip offers no empty day.
import { act, render, screen, within } from "@testing-library/react";
import { RawIntlProvider } from "react-intl";
import { SelectedTheaterProvider } from "../../member/favourites/SelectedTheaterProvider";
import { createSiteIntl } from "../../i18n/site-intl";
import type { SiteRuntime } from "../../runtime/site-runtime";
import { installSiteRuntime, useStaticQuery } from "../../test/gatsby-mock";
import { loadRuntimes } from "../../test/render-in-loyalty";
import { SiteThemeProvider } from "../../theme/ThemeProvider";
import { zonedTimeToUtc } from "../dates";
import type { Showtime } from "../types";
import { Programme } from "./Programme";
import type { ProgrammeFilm } from "./ShowtimeTimes";

jest.mock("gatsby", () => jest.requireActual("../../test/gatsby-mock"));

const ZONE = "Europe/Paris"; // lumière's
let lumiere: SiteRuntime;
beforeAll(async () => {
  ({ lumiere } = await loadRuntimes());
});

const FILM: ProgrammeFilm = { id: 1, title: "Orbite basse", path: "/films/1-orbite-basse/", runtimeMinutes: 100 };

function showtime(day: string, time: string): Showtime {
  return {
    perfCode: `LUM01-${day}-${time}`,
    filmId: 1,
    theaterId: "lumiere-annecy",
    startsAt: zonedTimeToUtc(day, time, ZONE).toISOString(),
    localDate: day,
    attributes: [],
    screen: null,
    bookingUrl: `https://tickets.example.com/websales/sales/LUM01/book?perfcode=${day}-${time}`,
  };
}

// Sat 28 Nov: last show at 21:30; nothing on Sunday; Monday and Tuesday.
const PROGRAMME = [
  showtime("2026-11-28", "14:00"),
  showtime("2026-11-28", "21:30"),
  showtime("2026-11-30", "16:00"),
  showtime("2026-11-30", "20:15"),
  showtime("2026-12-01", "18:00"),
];

function FilmProgramme() {
  const { compiledMessages, runtime } = useStaticQuery().siteSettings;
  const intl = createSiteIntl({ locale: runtime.locale, messages: compiledMessages, timeZone: runtime.timeZone });
  return (
    <RawIntlProvider value={intl}>
      <SiteThemeProvider theme={runtime.siteTheme}>
        <SelectedTheaterProvider theaterId={null}>
          <Programme showtimes={PROGRAMME} films={new Map([[1, FILM]])} layout="film" headingLevel={2} />
        </SelectedTheaterProvider>
      </SiteThemeProvider>
    </RawIntlProvider>
  );
}

async function renderAt(day: string, time: string) {
  jest.useFakeTimers({ now: zonedTimeToUtc(day, time, ZONE), doNotFake: ["queueMicrotask", "nextTick"] });
  installSiteRuntime(lumiere);
  render(<FilmProgramme />);
  await act(async () => {
    jest.advanceTimersByTime(1);
  });
}
afterEach(() => jest.useRealTimers());

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
