// A film card says when the film can be seen (issue 45): a coming film its release date, a film on
// the programme its first day with showtimes.
import { render, screen } from "@testing-library/react";
import { OnInstalledSite } from "../../test/catalogue-site";
import { installSiteRuntime } from "../../test/gatsby-mock";
import { siteRuntime } from "../../test/screen-harness";
import type { FilmSummary } from "../types";
import { FilmCard } from "./FilmCard";

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
  theaterIds: ["LUM01"],
  ...fields,
});

it.each<[string, "fr-FR" | "en-US", Partial<FilmSummary>, string | null]>([
  ["coming soon, dated", "fr-FR", { playWeek: "NEXT_PLAYWEEK_1", nextDay: null }, "Sortie le 16 décembre 2026"],
  [
    "coming soon, dated (en-US)",
    "en-US",
    { playWeek: "NEXT_PLAYWEEK_1", nextDay: null },
    "In theaters December 16, 2026",
  ],
  [
    "coming soon with showtimes already (previews)",
    "fr-FR",
    { playWeek: "NEXT_PLAYWEEK_1" },
    "Sortie le 16 décembre 2026",
  ],
  ["on the programme", "fr-FR", {}, "Prochaine séance : mer. 2 déc."],
  ["on the programme (en-US)", "en-US", {}, "Next showing: Wed, Dec 2"],
  [
    "coming soon, undated, no showtimes",
    "fr-FR",
    { playWeek: "NEXT_PLAYWEEK_1", releaseDate: null, nextDay: null },
    null,
  ],
])("%s", async (_, locale, fields, expected) => {
  installSiteRuntime(await siteRuntime(locale === "fr-FR" ? "lumiere" : "starlight"));
  const { container } = render(
    <OnInstalledSite>
      <FilmCard film={film(fields)} />
    </OnInstalledSite>,
  );
  expect(screen.getByRole("heading", { name: "Reine de cœur" })).toBeInTheDocument();
  const when = container.querySelector("p.when");
  expect(when?.textContent ?? null).toBe(expected);
});
