// Test support: the film search index a sample site publishes, served to the page's fetch.
import { buildSearchIndex, FILM_SEARCH_INDEX_PATH } from "../catalogue/search-index";
import { loadSiteConfig } from "../config/load";
import { buildSiteModel } from "../site/model";

export async function publishedSearchIndex(siteId: "lumiere" | "starlight"): Promise<unknown> {
  const config = await loadSiteConfig({ configRoot: "site-config", siteId });
  const { films } = buildSiteModel(config, new Date("2026-11-20T10:00:00Z"));
  return JSON.parse(JSON.stringify(buildSearchIndex(films)));
}

/**
 * Answers the page's fetch of the index with `index`, or fails it as a browser offline does
 * ("offline"); returns the mock, to count the requests.
 */
export function serveSearchIndex(index: unknown): jest.Mock {
  const fetchMock = jest.fn(async (url: RequestInfo | URL) => {
    if (String(url) !== FILM_SEARCH_INDEX_PATH) throw new TypeError(`unexpected fetch of ${String(url)}`);
    if (index === "offline") throw new TypeError("Failed to fetch");
    // What the search reads of a Response (jsdom has no Response of its own).
    return { ok: true, status: 200, json: async () => index };
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}
