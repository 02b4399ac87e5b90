// A film path no page is built at, resolved in the browser (a static host, `gatsby serve`, the
// permalink fallback pages): the visitor lands on the canonical film page with the address's query
// and fragment kept, as the production server's 301 keeps them (a campaign's utm_*), and a token
// the page was handed kept in its history entry (issue 44: it left the address as the page started).
import { act, render, screen, waitFor } from "@testing-library/react";
import { loadSiteConfig } from "../../config/load";
import { PageShell } from "../../shell/PageShell";
import { CurrentLocationProvider } from "../../links/LinkEnvironment";
import { buildPageContext } from "../../runtime/page-context";
import { buildSiteModel } from "../../site/model";
import { installSiteRuntime, navigations, navigationStates } from "../../test/gatsby-mock";
import { OPENED_QUERY_STATE } from "../../tracking/analytics/private-params";
import { startPageAsTheHeadDoes } from "../../test/address-bar";
import { FilmFallback } from "./FilmFallback";

jest.mock("gatsby", () => jest.requireActual("../../test/gatsby-mock"));

const INDEX = { "1000021002": "/films/1000021002-orbite-basse/" };
const realFetch = globalThis.fetch;
beforeEach(() => {
  navigations.length = 0;
  navigationStates.length = 0;
  // The film index, as the site serves it (/film-index.json).
  globalThis.fetch = jest.fn(async () => ({ ok: true, status: 200, json: async () => INDEX }) as Response);
});
afterEach(() => {
  globalThis.fetch = realFetch;
  window.history.replaceState(null, "", "/");
});

async function visit(address: string) {
  window.history.replaceState(null, "", address);
  // As every page starts (gatsby-browser.tsx): the private parameters leave the address bar.
  startPageAsTheHeadDoes();
  const { pathname, search } = window.location;
  const config = await loadSiteConfig({ configRoot: "site-config", siteId: "lumiere" });
  const model = buildSiteModel(config, new Date());
  installSiteRuntime(model.runtime);
  const pageContext = buildPageContext(model, { pagePath: "/404/", templateName: "generic" });
  render(
    <CurrentLocationProvider location={{ pathname, search }}>
      <PageShell pageContext={pageContext}>
        <FilmFallback pathname={pathname} />
      </PageShell>
    </CurrentLocationProvider>,
  );
  await act(async () => undefined);
}

describe("a film path resolved in the browser", () => {
  it.each([
    ["a permalink", "/permalink/movie/1000021002", "/films/1000021002-orbite-basse/"],
    [
      "a permalink with a campaign's query and a fragment",
      "/permalink/movie/1000021002?utm_source=newsletter&utm_campaign=hiver#seances",
      "/films/1000021002-orbite-basse/?utm_source=newsletter&utm_campaign=hiver#seances",
    ],
  ])("%s lands on the film's page, the address's query kept", async (_, address, landing) => {
    await visit(address);
    await waitFor(() => expect(navigations).toEqual([landing]));
  });

  it("an outdated slug with a handed-over token: the address without it, the entry's state with it", async () => {
    await visit("/films/1000021002-ancien-titre/?token=abc&utm_source=pos");
    await waitFor(() => expect(navigations).toEqual(["/films/1000021002-orbite-basse/?utm_source=pos"]));
    // The hop replaces the entry keeping its state: the film page's session still reads the token.
    expect(navigationStates).toEqual([expect.objectContaining({ [OPENED_QUERY_STATE]: "?token=abc&utm_source=pos" })]);
  });

  it("a film the index does not know shows the film not-found content, and goes nowhere", async () => {
    await visit("/films/123-inconnu/?utm_source=newsletter");
    expect(await screen.findByText("Ce film n'est pas (ou plus) à notre programme.")).toBeInTheDocument();
    expect(navigations).toEqual([]);
  });
});
