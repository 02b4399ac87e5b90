// A film path no page is built at, resolved in the browser (a static host, `gatsby serve`, the
// permalink fallback pages): the visitor lands on the canonical film page with the address's query
// and fragment kept, as the production server's 301 keeps them (a campaign's utm_*, a token).
import { act, render, screen, waitFor } from "@testing-library/react";
import { loadSiteConfig } from "../../config/load";
import { PageShell } from "../../shell/PageShell";
import { CurrentLocationProvider } from "../../links/LinkEnvironment";
import { buildPageContext } from "../../runtime/page-context";
import { buildSiteModel } from "../../site/model";
import { installSiteRuntime, navigations } from "../../test/gatsby-mock";
import { FilmFallback } from "./FilmFallback";

jest.mock("gatsby", () => jest.requireActual("../../test/gatsby-mock"));

const INDEX = { "1000021002": "/films/1000021002-orbite-basse/" };
const realFetch = globalThis.fetch;
beforeEach(() => {
  navigations.length = 0;
  // The film index, as the site serves it (/film-index.json).
  globalThis.fetch = jest.fn(async () => ({ ok: true, status: 200, json: async () => INDEX }) as Response);
});
afterEach(() => {
  globalThis.fetch = realFetch;
  window.history.replaceState(null, "", "/");
});

async function visit(address: string) {
  window.history.replaceState(null, "", address);
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
    [
      "an outdated slug with a handed-over token",
      "/films/1000021002-ancien-titre/?token=abc",
      "/films/1000021002-orbite-basse/?token=abc",
    ],
  ])("%s lands on the film's page, the address's query kept", async (_, address, landing) => {
    await visit(address);
    await waitFor(() => expect(navigations).toEqual([landing]));
  });

  it("a film the index does not know shows the film not-found content, and goes nowhere", async () => {
    await visit("/films/123-inconnu/?utm_source=newsletter");
    expect(await screen.findByText("Ce film n'est pas (ou plus) à notre programme.")).toBeInTheDocument();
    expect(navigations).toEqual([]);
  });
});
