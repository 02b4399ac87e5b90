import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { IntlProvider } from "react-intl";
import { messagesFor } from "../../i18n/catalogues";
import { CurrentLocationProvider } from "../../links/LinkEnvironment";
import type { SiteRuntime } from "../../site/model";
import { navigations } from "../../test/gatsby-mock";
import { SiteThemeProvider } from "../../theme/ThemeProvider";
import { SearchForm } from "./SearchForm";
import { builtRuntime } from "../../test/site-runtime";

jest.mock("gatsby", () => jest.requireActual("../../test/gatsby-mock"));

let lumiere: SiteRuntime;
beforeAll(async () => {
  lumiere = await builtRuntime("lumiere");
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
        </CurrentLocationProvider>
      </SiteThemeProvider>
    </IntlProvider>,
  );
}

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
    renderAt(pathname);
    const user = userEvent.setup();
    await user.type(screen.getByRole("searchbox", { name: "Rechercher un film" }), typed);
    if (how === "Enter") await user.keyboard("{Enter}");
    else await user.click(screen.getByRole("button", { name: "Rechercher" }));
    expect(navigations).toEqual(expected);
  });
});
