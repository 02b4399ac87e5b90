// /films/?q=…, where the header's search lands: the results, the search as it stands to change,
// and the way back to the whole list.
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { PageProps } from "gatsby";
import type { SiteRuntime } from "../site/model";
import { installSiteRuntime, navigations } from "../test/gatsby-mock";
import { plannedPage } from "../test/site-runtime";
import { publishedSearchIndex, serveSearchIndex } from "../test/film-search-index";
import type { FilmListPageContext } from "../site/contexts";
import { FILMS_QUERY_STYLE_ID, filmsQueryPrepaintScript } from "../catalogue/films-query-prepaint";
import FilmsTemplate from "./FilmsTemplate";

jest.mock("gatsby", () => jest.requireActual("../test/gatsby-mock"));

type Site = "lumiere" | "starlight";
const sites = new Map<Site, { runtime: SiteRuntime; pageContext: FilmListPageContext }>();
beforeAll(async () => {
  for (const siteId of ["lumiere", "starlight"] as const) {
    sites.set(siteId, await plannedPage<FilmListPageContext>(siteId, "/films/"));
  }
  // One index for the file (the search loads once a page load): the French site's, whose films
  // the ranking tests below look for; on the US site its ids answer nothing, as a stale index would.
  serveSearchIndex(await publishedSearchIndex("lumiere"));
});
beforeEach(() => {
  navigations.length = 0;
});

function FilmsPage({ site, search }: { site: Site; search: string }) {
  const { runtime, pageContext } = sites.get(site)!;
  installSiteRuntime(runtime);
  const props = { pageContext, location: { pathname: "/films/", search } } as PageProps<object, FilmListPageContext>;
  return <FilmsTemplate {...props} />;
}

const TEXTS = {
  lumiere: {
    noMatch: "Aucun film ne correspond à « zzzz »",
    search: "Recherche de films",
    box: "Rechercher un film",
    submit: "Rechercher",
    clear: "Effacer la recherche",
    filters: "Afficher",
  },
  starlight: {
    noMatch: "No movie matches “zzzz”",
    search: "Movie search",
    box: "Search movies",
    submit: "Search",
    clear: "Clear search",
    filters: "Show",
  },
} as const;

describe.each(["lumiere", "starlight"] as const)("the film list's search results on %s", (site) => {
  const texts = TEXTS[site];
  const main = () => within(screen.getByRole("main"));
  const searchAgain = () => main().getByRole("search", { name: texts.search });

  it("show the query in a search box of the page, and a link back to the whole list", async () => {
    render(<FilmsPage site={site} search="?q=zzzz" />);
    expect(await main().findByRole("status")).toHaveTextContent(texts.noMatch);
    expect(within(searchAgain()).getByRole("combobox", { name: texts.box })).toHaveValue("zzzz");
    expect(main().getByRole("link", { name: texts.clear })).toHaveAttribute("href", "/films/");
    // The selections are for the whole list, not for results.
    expect(main().queryByRole("group", { name: texts.filters })).not.toBeInTheDocument();
  });

  it.each([
    ["a changed query searches for it", "  Orbite  ", "/films/?q=Orbite"],
    ["an emptied box goes back to the whole list", "", "/films/"],
    ["a query with signs of its own is sent as text", "a+b=c?", "/films/?q=a%2Bb%3Dc%3F"],
    // Spec §5: a text input drops < > ' " & as they are typed.
    ["the characters a text input drops never reach the query", `<Fast & "Furious">`, "/films/?q=Fast%20%20Furious"],
  ])("%s", async (_case, typed, path) => {
    render(<FilmsPage site={site} search="?q=zzzz" />);
    const box = within(await main().findByRole("search", { name: texts.search })).getByRole("combobox");
    fireEvent.change(box, { target: { value: typed } });
    fireEvent.click(within(searchAgain()).getByRole("button", { name: texts.submit }));
    expect(navigations).toEqual([path]);
  });

  it("clearing the search brings the whole list back with its selections", async () => {
    const { rerender } = render(<FilmsPage site={site} search="?q=zzzz" />);
    fireEvent.click(await main().findByRole("link", { name: texts.clear }));
    expect(navigations).toEqual(["/films/"]);
    rerender(<FilmsPage site={site} search="" />);
    expect(await main().findByRole("group", { name: texts.filters })).toBeInTheDocument();
    expect(within(searchAgain()).getByRole("combobox")).toHaveValue("");
    expect(main().queryByRole("link", { name: texts.clear })).not.toBeInTheDocument();
    expect(main().queryByRole("status")).not.toBeInTheDocument();
  });

  it("another search from the header: the page's box shows the new query", async () => {
    const { rerender } = render(<FilmsPage site={site} search="?q=zzzz" />);
    const box = within(await main().findByRole("search", { name: texts.search })).getByRole("combobox");
    fireEvent.change(box, { target: { value: "zz" } });
    rerender(<FilmsPage site={site} search="?q=orbit" />);
    expect(within(searchAgain()).getByRole("combobox")).toHaveValue("orbit");
  });

  it.each(["", "?q=zzzz"])(
    "with %j, the page has one search box: its own, not the header's (issue 45)",
    async (search) => {
      render(<FilmsPage site={site} search={search} />);
      await main().findByRole("search", { name: texts.search });
      expect(screen.getAllByRole("search")).toHaveLength(1);
      expect(screen.getAllByRole("combobox", { name: texts.box })).toHaveLength(1);
    },
  );
});

describe("the film list's search results, ranked by the search index (lumiere)", () => {
  const main = () => within(screen.getByRole("main"));
  const grid = async () => main().findByRole("list", { name: /^\d+ films?$/ });
  const cardTitles = (list: HTMLElement, level = 2) =>
    within(list)
      .getAllByRole("heading", { level })
      .map((heading) => heading.textContent);

  it.each([
    ["coeur", ["Reine de cœur"]],
    ["marchal", ["Les Ombres du lac"]],
    ["low orbit", ["Orbite basse"]],
    ["ombres lac", ["Les Ombres du lac"]],
  ])("%j finds %j", async (query, titles) => {
    render(<FilmsPage site="lumiere" search={`?q=${encodeURIComponent(query)}`} />);
    await waitFor(async () => expect(cardTitles(await grid())).toEqual(titles));
  });

  it("a search with no result offers the closest titles and what is playing today", async () => {
    const today = "2026-11-20";
    jest.spyOn(Date, "now").mockReturnValue(new Date(`${today}T12:00:00Z`).getTime());
    const playingToday = sites
      .get("lumiere")!
      .pageContext.films.filter((f) => f.nextDay?.date === today)
      .map((f) => f.title);
    expect(playingToday.length).toBeGreaterThan(0);
    render(<FilmsPage site="lumiere" search="?q=orbute%20zzzz" />);
    expect(await main().findByRole("status")).toHaveTextContent("Aucun film ne correspond à « orbute zzzz »");
    const closest = await main().findByRole("region", { name: "Les titres les plus proches" });
    expect(cardTitles(closest, 3)[0]).toBe("Orbite basse");
    const today_ = main().getByRole("region", { name: "À l'affiche aujourd'hui" });
    expect(cardTitles(today_, 3)).toEqual(playingToday);
    jest.restoreAllMocks();
  });
});

describe("a search's address opened directly (the list hidden before paint)", () => {
  // Put back even when the test fails: the address and the rule would leak into the tests after it.
  afterEach(() => {
    window.history.replaceState(null, "", "/films/");
    document.getElementById(FILMS_QUERY_STYLE_ID)?.remove();
  });

  it("the render that shows the results removes the rule the pre-paint script added", async () => {
    window.history.replaceState(null, "", "/films/?q=orbite");
    (0, eval)(filmsQueryPrepaintScript);
    expect(document.getElementById(FILMS_QUERY_STYLE_ID)).not.toBeNull();
    render(<FilmsPage site="lumiere" search="?q=orbite" />);
    expect(await within(screen.getByRole("main")).findByText(/correspond.* à « orbite »/)).toHaveAttribute(
      "role",
      "status",
    );
    expect(document.getElementById(FILMS_QUERY_STYLE_ID)).toBeNull();
  });
});
