// /films/?q=… when the search index cannot be fetched (offline): the page filters its own list by
// title, as it did before the index existed, and still never shows an empty page. A file of its
// own: the search is loaded once per page load (per test file here).
import { render, screen, within } from "@testing-library/react";
import type { PageProps } from "gatsby";
import { loadSiteConfig } from "../config/load";
import { buildSiteModel } from "../site/model";
import { planSite } from "../site/page-plan";
import { installSiteRuntime } from "../test/gatsby-mock";
import { serveSearchIndex } from "../test/film-search-index";
import type { FilmListPageContext } from "../site/contexts";
import FilmsTemplate from "./FilmsTemplate";

jest.mock("gatsby", () => jest.requireActual("../test/gatsby-mock"));

let pageContext: FilmListPageContext;
let fetchMock: jest.Mock;
beforeAll(async () => {
  const model = buildSiteModel(
    await loadSiteConfig({ configRoot: "site-config", siteId: "lumiere" }),
    new Date("2026-11-20T10:00:00Z"),
  );
  const plan = planSite({ ...model, deferFlags: { standardPages: false, moviePages: false, theaterPages: false } });
  pageContext = plan.pages.find((p) => p.path === "/films/")!.context as unknown as FilmListPageContext;
  installSiteRuntime(model.runtime);
  fetchMock = serveSearchIndex("offline");
  jest.spyOn(Date, "now").mockReturnValue(new Date("2026-11-20T12:00:00Z").getTime());
});

function renderResults(query: string) {
  const props = { pageContext, location: { pathname: "/films/", search: `?q=${query}` } };
  render(<FilmsTemplate {...(props as PageProps<object, FilmListPageContext>)} />);
  return within(screen.getByRole("main"));
}

it("filters the list by title, accents and ligatures folded", async () => {
  const main = renderResults("coeur");
  expect(await main.findByRole("status")).toHaveTextContent("1 film correspond à « coeur »");
  expect(fetchMock).toHaveBeenCalled();
  const grid = main.getByRole("list", { name: "1 film" });
  expect(within(grid).getByRole("heading", { level: 2 })).toHaveTextContent("Reine de cœur");
});

it("with no title matching, offers what is playing rather than an empty page (no closest titles without the index)", async () => {
  const main = renderResults("marchal");
  expect(await main.findByRole("status")).toHaveTextContent("Aucun film ne correspond à « marchal »");
  expect(main.queryByRole("region", { name: "Les titres les plus proches" })).not.toBeInTheDocument();
  const playing = main.getByRole("region", { name: "À l'affiche aujourd'hui" });
  expect(within(playing).getAllByRole("heading", { level: 3 }).length).toBeGreaterThan(0);
});
