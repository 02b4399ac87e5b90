// The favourites code that runs only for a signed-in v3 member (the engines, the stores, the
// calls, zod) is fetched the first time a member's favourites are needed: a film page must not pay
// for it on first load (JS budget, README), and a guest never loads it.
type WatchlistEngineModule = typeof import("./WatchlistEngine");
type FavouriteTheatresEngineModule = typeof import("./FavouriteTheatresEngine");

/** One import per page load; a chunk that failed to load (offline, a deploy in between) is tried again next time. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}

// Marked pure so that a page using only one of them does not carry the other (nor its chunk).
export const loadWatchlistEngine: () => Promise<WatchlistEngineModule> = /* @__PURE__ */ once(
  () => import("./WatchlistEngine"),
);
export const loadFavouriteTheatresEngine: () => Promise<FavouriteTheatresEngineModule> = /* @__PURE__ */ once(
  () => import("./FavouriteTheatresEngine"),
);
