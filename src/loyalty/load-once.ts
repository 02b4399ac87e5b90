// The one loader of the member features' code (the session engine, the favourites stores): each
// chunk is imported on first use and kept for the page load, so a guest never pays for it (JS
// budget, docs/architecture.md). A chunk that fails to load (offline, a deploy in between) is not
// kept: the next use imports it again.

/** `load` run at most once at a time and, once it has succeeded, never again. */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}
