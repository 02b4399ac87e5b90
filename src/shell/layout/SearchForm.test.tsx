import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { IntlProvider } from "react-intl";
import { messagesFor } from "../../i18n/catalogues";
import { CurrentLocationProvider } from "../../links/LinkEnvironment";
import type { SiteRuntime } from "../../site/model";
import { navigations } from "../../test/gatsby-mock";
import { publishedSearchIndex, serveSearchIndex } from "../../test/film-search-index";
import { SiteThemeProvider } from "../../theme/ThemeProvider";
import { SearchForm } from "./SearchForm";
import { builtRuntime } from "../../test/site-runtime";

jest.mock("gatsby", () => jest.requireActual("../../test/gatsby-mock"));

let lumiere: SiteRuntime;
let fetchMock: jest.Mock;
beforeAll(async () => {
  lumiere = await builtRuntime("lumiere");
  fetchMock = serveSearchIndex(await publishedSearchIndex("lumiere"));
});

beforeEach(() => {
  navigations.length = 0;
});

function renderAt(pathname: string) {
  render(
    <IntlProvider locale="fr-FR" messages={messagesFor("fr-FR")}>
      <SiteThemeProvider theme={lumiere.siteTheme}>
        <CurrentLocationProvider location={{ pathname, search: "" }}>
          <SearchForm />
          <a href="/ailleurs/">Ailleurs</a>
        </CurrentLocationProvider>
      </SiteThemeProvider>
    </IntlProvider>,
  );
  return { box: screen.getByRole("combobox", { name: "Rechercher un film" }), user: userEvent.setup() };
}

const options = () => within(screen.getByRole("listbox", { name: "Films suggérés" })).getAllByRole("option");
const announcement = () => screen.getByText((_, element) => element?.getAttribute("aria-live") === "polite");

// First in the file: this file's modules have not loaded the search yet.
describe("the film search's index", () => {
  it("loads the index on the first focus, not with the page, and once", async () => {
    fetchMock.mockClear();
    const { box, user } = renderAt("/");
    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(box);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // Once a page load: another box, another focus, no second request.
    await user.tab();
    await user.click(box);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe("the film search", () => {
  it.each([
    // [page, typed, Enter or the button, where it goes]
    ["/", "  marius ", "Enter", ["/films/?q=marius"]],
    ["/films/", "été 85", "button", ["/films/?q=%C3%A9t%C3%A9%2085"]],
    ["/", "   ", "Enter", ["/films/"]],
    // Spec §2: under the preview prefix no navigation happens, a search's included.
    ["/cms-preview/", "marius", "Enter", []],
    ["/cms-preview/films/", "marius", "button", []],
  ])("on %s, %j submitted with %s goes to %j", async (pathname, typed, how, expected) => {
    const { box, user } = renderAt(pathname);
    await user.type(box, typed);
    if (how === "Enter") await user.keyboard("{Enter}");
    else await user.click(screen.getByRole("button", { name: "Rechercher" }));
    expect(navigations).toEqual(expected);
  });

  it("is a plain GET form to the results page, for a page without scripts", () => {
    const { box } = renderAt("/");
    const form = screen.getByRole("search");
    expect(form).toHaveAttribute("action", "/films/");
    expect(form).toHaveAttribute("method", "get");
    expect(box).toHaveAttribute("name", "q");
  });
});

describe("the film search's suggestions (WAI-ARIA combobox)", () => {
  it("are listed as the visitor types, best first, and counted politely", async () => {
    const { box, user } = renderAt("/");
    expect(box).toHaveAttribute("aria-expanded", "false");
    expect(box).toHaveAttribute("aria-autocomplete", "list");
    await user.type(box, "coeur");
    await waitFor(() => expect(box).toHaveAttribute("aria-expanded", "true"));
    expect(box).toHaveAttribute("aria-controls", screen.getByRole("listbox").id);
    expect(options().map((o) => o.textContent)).toEqual(["Reine de cœur2026 · Inès Roussel"]);
    expect(announcement()).toHaveTextContent("1 film trouvé");
    await user.clear(box);
    await user.type(box, "drame");
    await waitFor(() => expect(announcement()).toHaveTextContent("4 films trouvés"));
    await user.clear(box);
    await user.type(box, "zzzz");
    await waitFor(() => expect(announcement()).toHaveTextContent("Aucun film trouvé"));
    expect(box).toHaveAttribute("aria-expanded", "false");
  });

  it("arrow keys move through them, Enter opens the film's page", async () => {
    const { box, user } = renderAt("/");
    await user.type(box, "drame");
    await waitFor(() => expect(options()).toHaveLength(4));
    expect(box).not.toHaveAttribute("aria-activedescendant");
    await user.keyboard("{ArrowDown}");
    expect(box).toHaveAttribute("aria-activedescendant", options()[0]!.id);
    expect(options()[0]).toHaveAttribute("aria-selected", "true");
    await user.keyboard("{ArrowDown}{ArrowDown}");
    expect(box).toHaveAttribute("aria-activedescendant", options()[2]!.id);
    await user.keyboard("{ArrowUp}");
    expect(box).toHaveAttribute("aria-activedescendant", options()[1]!.id);
    // Focus stays in the box all along.
    expect(box).toHaveFocus();
    const chosen = options()[1]!.textContent;
    await user.keyboard("{Enter}");
    expect(navigations).toHaveLength(1);
    expect(navigations[0]).toMatch(/^\/films\/\d+-[a-z0-9-]+\/$/);
    expect(chosen).toBeTruthy();
  });

  it("up from the box goes to the last one, and the list wraps round", async () => {
    const { box, user } = renderAt("/");
    await user.type(box, "drame");
    await waitFor(() => expect(options()).toHaveLength(4));
    await user.keyboard("{ArrowUp}");
    expect(box).toHaveAttribute("aria-activedescendant", options()[3]!.id);
    await user.keyboard("{ArrowDown}");
    expect(box).toHaveAttribute("aria-activedescendant", options()[0]!.id);
  });

  it("Enter on the one chosen opens Reine de cœur", async () => {
    const { box, user } = renderAt("/");
    await user.type(box, "coeur");
    await waitFor(() => expect(options()).toHaveLength(1));
    await user.keyboard("{ArrowDown}{Enter}");
    expect(navigations).toEqual(["/films/1000021007-reine-de-coeur/"]);
  });

  it("Escape closes the list, a second Escape clears the box", async () => {
    const { box, user } = renderAt("/");
    await user.type(box, "orbi");
    await waitFor(() => expect(box).toHaveAttribute("aria-expanded", "true"));
    await user.keyboard("{ArrowDown}{Escape}");
    expect(box).toHaveAttribute("aria-expanded", "false");
    expect(box).not.toHaveAttribute("aria-activedescendant");
    expect(box).toHaveValue("orbi");
    await user.keyboard("{Escape}");
    expect(box).toHaveValue("");
    // Enter after Escape is the plain search again.
    await user.type(box, "orbi{Escape}{Enter}");
    expect(navigations).toEqual(["/films/?q=orbi"]);
  });

  it("a click on a suggestion opens it; a click outside closes the list", async () => {
    const { box, user } = renderAt("/");
    await user.type(box, "orbi");
    await waitFor(() => expect(options()).toHaveLength(1));
    await user.click(document.body);
    expect(box).toHaveAttribute("aria-expanded", "false");
    await user.type(box, "t");
    await waitFor(() => expect(options()).toHaveLength(1));
    await user.click(options()[0]!);
    expect(navigations).toEqual(["/films/1000021002-orbite-basse/"]);
  });

  it("Tab away closes the list", async () => {
    const { box, user } = renderAt("/");
    await user.type(box, "orbi");
    await waitFor(() => expect(box).toHaveAttribute("aria-expanded", "true"));
    await user.tab();
    expect(box).toHaveAttribute("aria-expanded", "false");
  });
});
