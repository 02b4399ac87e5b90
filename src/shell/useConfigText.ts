import { useCallback } from "react";
import { useSelectedTheater } from "../member/favourites/SelectedTheaterProvider";
import { fillConfigText } from "../lib/config-text";
import { useSiteRuntime } from "../runtime/SiteRuntime";

/** Fills an operator's text for this page: [theaterName] is the current theater (spec §4 resolution). */
export function useConfigText(): (text: string, first?: string | null) => string {
  const { name: siteName } = useSiteRuntime();
  const theaterName = useSelectedTheater().currentTheater?.name ?? null;
  return useCallback((text, first) => fillConfigText(text, { siteName, theaterName, first }), [siteName, theaterName]);
}
