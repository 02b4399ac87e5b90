// A film card says when the film can be seen (issue 45): a coming film its release date, a film on
// the programme its first day with showtimes and that day's first times, those gone by the
// visitor's clock left out.
import { act, render } from "@testing-library/react";
import { zonedTimeToUtc } from "../dates";
import { OnInstalledSite } from "../../test/catalogue-site";
import { installSiteRuntime } from "../../test/gatsby-mock";
import { siteRuntime } from "../../test/screen-harness";
import type { FilmSummary } from "../types";
import { FilmCard, FilmGrid } from "./FilmCard";

jest.mock("gatsby", () => jest.requireActual("../../test/gatsby-mock"));
// The card's watchlist button is the member feature's (tested with it); here only the card's text.
jest.mock("../../member/favourites/components/WatchlistToggle", () => ({ WatchlistToggle: () => null }));

const film = (fields: Partial<FilmSummary>): FilmSummary => ({
  id: 7,
  title: "Reine de cœur",
  path: "/films/7-reine-de-coeur/",
  poster: null,
  genres: ["Comédie"],
  runtimeMinutes: 100,
  releaseDate: "2026-12-16",
  releaseFlags: [],
  playWeek: "CURRENT_PLAYWEEK",
  certificate: null,
  nextDay: { date: "2026-12-02" },
  theaterIds: ["lumiere-annecy"],
  nextShowings: [
    {
      theaterId: "lumiere-annecy",
      date: "2026-12-02",
      times: [
        { minute: paris("14:00") },
        { minute: paris("18:15"), version: "subtitled" },
        { minute: paris("20:45"), version: "dubbed" },
      ],
    },
  ],
  ...fields,
});

function paris(time: string): number {
  return zonedTimeToUtc("2026-12-02", time, "Europe/Paris").getTime() / 60_000;
}

/** The card as the visitor sees it once the page knows the clock (`now`), or before (null). */
async function whenLine(locale: "fr-FR" | "en-US", fields: Partial<FilmSummary>, now: string | null = null) {
  installSiteRuntime(await siteRuntime(locale === "fr-FR" ? "lumiere" : "starlight"));
  if (now) jest.useFakeTimers({ now: Date.parse(now), doNotFake: ["nextTick", "setImmediate", "queueMicrotask"] });
  const ui = (
    <OnInstalledSite>
      <FilmCard film={film(fields)} />
    </OnInstalledSite>
  );
  // Without the clock: the server's render (useNow is null until an effect runs).
  const { container } = now ? render(ui) : { container: document.createElement("div") };
  if (!now) container.innerHTML = (await import("react-dom/server")).renderToString(ui);
  else await act(async () => undefined);
  expect(container.querySelector("h3")?.textContent).toBe("Reine de cœur");
  return container.querySelector("p.when")?.textContent ?? null;
}

afterEach(() => jest.useRealTimers());

it.each<[string, "fr-FR" | "en-US", Partial<FilmSummary>, string | null]>([
  ["coming soon, dated", "fr-FR", { playWeek: "NEXT_PLAYWEEK_1", nextShowings: [] }, "Sortie le 16 décembre 2026"],
  [
    "coming soon, dated (en-US)",
    "en-US",
    { playWeek: "NEXT_PLAYWEEK_1", nextShowings: [] },
    "In theaters December 16, 2026",
  ],
  [
    "coming soon with showtimes already (previews)",
    "fr-FR",
    { playWeek: "NEXT_PLAYWEEK_1" },
    "Sortie le 16 décembre 2026",
  ],
  [
    "on the programme: the first day and its times, with their version",
    "fr-FR",
    {},
    "Prochaine séance : mer. 2 déc. à 14:00, 18:15\u00a0VOST, 20:45\u00a0VF",
  ],
  [
    "coming soon, undated, no showtimes",
    "fr-FR",
    { playWeek: "NEXT_PLAYWEEK_1", releaseDate: null, nextDay: null, nextShowings: [] },
    null,
  ],
])("as built: %s", async (_, locale, fields, expected) => {
  expect(await whenLine(locale, fields)).toBe(expected);
});

it("on a US circuit: the time in the theater's zone, and the visitor's theater's day first", async () => {
  const chicago = (date: string, time: string) => zonedTimeToUtc(date, time, "America/Chicago").getTime() / 60_000;
  const nextShowings = [
    {
      theaterId: "starlight-downtown",
      date: "2026-12-02",
      times: [{ minute: chicago("2026-12-02", "19:30") }],
    },
    {
      theaterId: "starlight-north",
      date: "2026-12-01",
      times: [{ minute: chicago("2026-12-01", "13:00") }],
    },
  ];
  expect(await whenLine("en-US", { nextShowings })).toBe("Next showing: Tue, Dec 1 at 1:00 PM");
  installSiteRuntime(await siteRuntime("starlight"));
  const { container } = render(
    <OnInstalledSite>
      <FilmCard film={film({ nextShowings })} showingAt={{ id: "starlight-downtown", name: "Starlight Downtown" }} />
    </OnInstalledSite>,
  );
  expect(container.querySelector("p.when")?.textContent).toBe("Next showing: Wed, Dec 2 at 7:30 PM");
});

it.each<[string, string, string | null]>([
  [
    "in the morning: every time",
    "2026-12-02T08:00:00Z",
    "Prochaine séance : mer. 2 déc. à 14:00, 18:15\u00a0VOST, 20:45\u00a0VF",
  ],
  [
    "in the afternoon: the times to come",
    "2026-12-02T16:00:00Z",
    "Prochaine séance : mer. 2 déc. à 18:15\u00a0VOST, 20:45\u00a0VF",
  ],
  ["after the last show has gone: nothing", "2026-12-02T21:00:00Z", null],
])("with the visitor's clock, %s", async (_, now, expected) => {
  expect(await whenLine("fr-FR", {}, now)).toBe(expected);
});

it("every time carries the minute of its start, for the grid's pre-paint rule", async () => {
  installSiteRuntime(await siteRuntime("lumiere"));
  const { container } = render(
    <OnInstalledSite>
      <FilmGrid>
        <li>
          <FilmCard film={film({})} />
        </li>
      </FilmGrid>
    </OnInstalledSite>,
  );
  const minutes = [...container.querySelectorAll(".when [data-last-start-minute]")].map((e) =>
    Number(e.getAttribute("data-last-start-minute")),
  );
  expect(minutes).toEqual(["14:00", "18:15", "20:45"].map(paris));
  expect(container.querySelector("p.when")?.getAttribute("data-last-start-minute")).toBe(String(minutes[2]));
  expect(container.querySelector("ul")?.hasAttribute("data-offered-after-start")).toBe(true);
});
