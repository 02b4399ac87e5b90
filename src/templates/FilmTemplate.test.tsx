// The film page's "Versions" chips: each version its showtimes play in, once, as the times say it
// (VF, VO, VOST), then the other attributes. A VOST show is the original version with subtitles in
// the site's language, never "subtitles for the deaf and hard of hearing" (SME).
import { render, screen, within } from "@testing-library/react";
import type { PageProps } from "gatsby";
import { filmPath } from "../catalogue/films";
import { installSiteRuntime } from "../test/gatsby-mock";
import { plannedPage } from "../test/site-runtime";
import type { FilmPageContext } from "../site/contexts";
import FilmTemplate from "./FilmTemplate";

jest.mock("gatsby", () => jest.requireActual("../test/gatsby-mock"));

// The programme's pre-paint <script> (PrepaintScript.tsx) is meant for the browser's parser; a
// client render, as here, makes React warn that it will not run it. Every other error still shows.
const consoleError = console.error.bind(console);
beforeEach(() => {
  jest.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    if (typeof args[0] === "string" && args[0].startsWith("Encountered a script tag")) return;
    consoleError(...args);
  });
});
afterEach(() => jest.restoreAllMocks());

// Built on a Saturday a week before The Last Rope's run at Starlight Downtown starts (4 Dec).
const BUILT_AT = new Date("2026-11-28T12:00:00Z");

async function chipsOf(siteId: "lumiere" | "starlight", id: number, title: string, locale: string) {
  const path = filmPath(id, title, locale);
  const { runtime, pageContext } = await plannedPage<FilmPageContext>(siteId, path, BUILT_AT);
  installSiteRuntime(runtime);
  const props = { pageContext, location: { pathname: path, search: "" } } as PageProps<object, FilmPageContext>;
  render(<FilmTemplate {...props} />);
  // "Versions" on both sites.
  return within(screen.getByRole("list", { name: "Versions" }))
    .getAllByRole("listitem")
    .map((li) => li.textContent);
}

it.each([
  ["a film in VF and VOST: each once, no SME", "lumiere", 1000021005, "The Quiet Hours", "fr-FR", ["VF", "VOST"]],
  ["a film in VF and VO", "lumiere", 1000021002, "Orbite basse", "fr-FR", ["VF", "VO"]],
  ["a VOST film on the US site, in words", "starlight", 2053, "The Last Rope", "en-US", ["Original with subtitles"]],
  ["a format, not a version", "starlight", 2048, "Low Orbit", "en-US", ["Original version", "IMAX"]],
] as const)("%s", async (_case, siteId, id, title, locale, expected) => {
  expect(await chipsOf(siteId, id, title, locale)).toEqual(expected);
});
