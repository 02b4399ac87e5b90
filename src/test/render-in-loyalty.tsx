// Shared by the favourites hook tests: the site runtimes, and a LoyaltyProvider over a fake
// fetch (./loyalty-fakes.ts) around whatever providers and hook a test renders.
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { loadSiteConfig } from "../config/load";
import { createLoyaltyClient } from "../member/provider/client";
import { loadLoyaltyEngine } from "../member/session/lazy-client";
import { LoyaltyProvider } from "../member/session/LoyaltyProvider";
import { clearSession } from "../member/session/persistence";
import { createTokenHandover } from "../member/session/token-handover";
import { createRefreshMemory } from "../member/session/refresh-schedule";
import { fakeFetch, rawDetails, settle } from "./loyalty-fakes";
import { buildSiteModel, type SiteRuntime } from "../site/model";
import { installSiteRuntime } from "./gatsby-mock";
import { loadFavouriteTheatersStore } from "../member/favourites/FavouriteTheatersProvider";
import { loadWatchlistStore } from "../member/favourites/WatchlistProvider";

export async function loadRuntimes(): Promise<{ lumiere: SiteRuntime; starlight: SiteRuntime }> {
  const now = new Date("2026-11-20T10:00:00Z");
  return {
    lumiere: buildSiteModel(await loadSiteConfig({ configRoot: "site-config", siteId: "lumiere" }), now).runtime,
    starlight: buildSiteModel(await loadSiteConfig({ configRoot: "site-config", siteId: "starlight" }), now).runtime,
  };
}

export function withLoyalty(runtime: SiteRuntime, loyalty: Partial<SiteRuntime["loyalty"]>): SiteRuntime {
  return { ...runtime, loyalty: { ...runtime.loyalty, ...loyalty } };
}

const RESTORE_V1 = "/Member/GetMember/";
const RESTORE_V3 = "/Member/v3/GetMember/";

/**
 * Renders `hook` inside <LoyaltyProvider> (and `Providers`), letting the session restore and the
 * favourites chunk load, as they do lazily on a page.
 */
export async function renderInLoyalty<T>(
  runtime: SiteRuntime,
  answers: Parameters<typeof fakeFetch>[0],
  Providers: (props: { children: ReactNode }) => ReactNode,
  hook: () => T,
  options: { readonly refreshOnStart?: boolean } = {},
) {
  installSiteRuntime(runtime);
  // A restored session reads its member again (nothing personal is stored): answered here unless
  // the test answers it, and left out of the calls the test sees.
  const memberAnswer = { json: { peachCode: 0, memberDetails: rawDetails() } };
  const fake = fakeFetch({ [RESTORE_V1]: memberAnswer, [RESTORE_V3]: memberAnswer, ...answers });
  const client = createLoyaltyClient({
    config: runtime.loyalty,
    brand: runtime.loyaltyBrand,
    fetchImpl: fake.fetchImpl,
  });
  // A restored session is refreshed 500 ms after start; most tests have no answer for that call.
  const memory = options.refreshOnStart ? createRefreshMemory() : { startupDone: true, lastRunAt: Date.now() };
  const wrapper = ({ children }: { children: ReactNode }) => (
    <LoyaltyProvider client={client} externalToken={null} refreshMemory={memory} tokenHandover={createTokenHandover()}>
      <Providers>{children}</Providers>
    </LoyaltyProvider>
  );
  const rendered = renderHook(hook, { wrapper });
  await act(async () => {
    await loadLoyaltyEngine();
    await Promise.all([loadWatchlistStore(), loadFavouriteTheatersStore()]);
    await settle();
  });
  const restoreCalls = fake.calls.filter((call) => /^\/Member\/(?:v3\/)?GetMember\//.test(call.body.reqMetadata.route));
  for (const call of restoreCalls) fake.calls.splice(fake.calls.indexOf(call), 1);
  return { ...rendered, calls: fake.calls };
}

/**
 * Every test of the file starts as a fresh visit (no session, nothing stored) with console.warn
 * silenced and watched; answers the spy of the running test, for what a store should have warned.
 */
export function withFreshVisitWatchingWarnings(): () => jest.SpyInstance {
  let warn: jest.SpyInstance | null = null;
  beforeEach(() => {
    clearSession();
    localStorage.clear();
    warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());
  return () => {
    if (!warn) throw new Error("render-in-loyalty: no test is running");
    return warn;
  };
}
