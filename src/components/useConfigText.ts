import { useCallback } from "react";
import { useSelectedTheatre } from "../favourites/SelectedTheatreProvider";
import { fillConfigText } from "../site/config-text";
import { useSiteRuntime } from "../site/SiteRuntime";

/** Fills an operator's text for this page: [theaterName] is the current theatre (spec §4 resolution). */
export function useConfigText(): (text: string, first?: string | null) => string {
  const { name: siteName } = useSiteRuntime();
  const theaterName = useSelectedTheatre().currentTheatre?.name ?? null;
  return useCallback((text, first) => fillConfigText(text, { siteName, theaterName, first }), [siteName, theaterName]);
}
