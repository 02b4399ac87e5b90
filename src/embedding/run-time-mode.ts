// Spec §4 "Embedding mode", entered at run time: the same build serves ordinary visitors and, in
// the tabs a point-of-sale host opens with `?embeddingMode=tapos_embedded`, the embedded site. The
// flag is kept for the tab (sessionStorage), since only utm_* parameters travel on links (spec §7).
// Pure apart from the storage it is handed.

export type EmbeddingMode = "none" | "tapos_embedded";

/** `?embeddingMode=tapos_embedded` enters the mode for this tab; `?embeddingMode=none` leaves it. */
export const EMBEDDING_QUERY_PARAM = "embeddingMode";
export const EMBEDDING_STORAGE_KEY = "venue.embeddingMode";

export type TabStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/**
 * Whether this tab is in 'tapos_embedded' mode, from the current query string and what the tab
 * remembers; records a flag found in the query. Storage may be missing or refuse (disabled, a
 * sandboxed frame): then only the page that carries the flag is embedded.
 */
export function runTimeEmbedded(search: string, storage: TabStorage | null): boolean {
  const flag = new URLSearchParams(search).get(EMBEDDING_QUERY_PARAM);
  try {
    if (flag === "tapos_embedded") {
      storage?.setItem(EMBEDDING_STORAGE_KEY, flag);
      return true;
    }
    if (flag === "none") {
      storage?.removeItem(EMBEDDING_STORAGE_KEY);
      return false;
    }
    return storage?.getItem(EMBEDDING_STORAGE_KEY) === "tapos_embedded";
  } catch {
    return flag === "tapos_embedded";
  }
}

/** The build's mode wins when it embeds; otherwise the tab decides. */
export function effectiveEmbeddingMode(buildMode: EmbeddingMode, embeddedAtRunTime: boolean): EmbeddingMode {
  return buildMode === "tapos_embedded" || embeddedAtRunTime ? "tapos_embedded" : "none";
}

/** sessionStorage, or null where reading the property itself throws (storage disabled). */
export function tabStorage(): TabStorage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null;
  }
}
