// How much history a member sees (spec §7: maxResults is optional on both history routes).
//
// Choice: the 10 most recent entries first, then everything on request. Most members look for a
// recent booking; a long-standing member's full history can run to hundreds of rows, which is
// slow to fetch and to read through with a screen reader. One more row than is shown is asked
// for, so the screen knows whether "show all" has anything to add without a second call (the
// provider answers newest first). "Show all" then drops maxResults: paging is not offered by the
// provider (no offset), so the whole list is the only next step.

export const HISTORY_FIRST_PAGE = 10;

export type HistoryScope = "recent" | "all";

/** The maxResults a scope asks the provider for. */
export function historyRequest(scope: HistoryScope): { maxResults?: number } {
  return scope === "recent" ? { maxResults: HISTORY_FIRST_PAGE + 1 } : {};
}

/** What the screen lists for a scope, and whether "show all" would add anything. */
export function historyView<T>(items: readonly T[], scope: HistoryScope): { shown: readonly T[]; hasMore: boolean } {
  if (scope === "all") return { shown: items, hasMore: false };
  return { shown: items.slice(0, HISTORY_FIRST_PAGE), hasMore: items.length > HISTORY_FIRST_PAGE };
}
