// Spec §4 "Selected theater" for the whole page. The server render knows only the page's own
// theater (or the single location); the stored choice is read after mount, so the first client
// render matches the HTML and a circuit page picks up the visitor's theater a moment later.
import { startTransition, useCallback, useEffect, useMemo, useState, type ReactNode } from "react";
import { requiredContext } from "../../lib/required-context";
import { useSiteRuntime } from "../../runtime/SiteRuntime";
import type { SiteRuntime } from "../../runtime/site-runtime";
import { readSelectedTheaterId, resolveCurrentTheater, storeSelectedTheaterId } from "./selected-theater";

export type SelectedTheater = SiteRuntime["theaters"][number];

export interface SelectedTheaterValue {
  /** The theater the page is about or the visitor chose (spec §4 resolution); null when none. */
  readonly currentTheater: SelectedTheater | null;
  /** The stored choice (null until read after mount, or when there is none). */
  readonly selectedTheaterId: string | null;
  /** Updates the state and the 30-day cookie. */
  chooseTheater(theaterId: string): void;
}

const [SelectedTheaterContext, useSelectedTheater] = requiredContext<SelectedTheaterValue>(
  "useSelectedTheater",
  "SelectedTheaterProvider",
);
export { useSelectedTheater };

export interface SelectedTheaterProviderProps {
  /** The page context's theaterId. */
  readonly theaterId: string | null;
  readonly children: ReactNode;
}

export function SelectedTheaterProvider({ theaterId, children }: SelectedTheaterProviderProps) {
  const runtime = useSiteRuntime();
  const [selectedTheaterId, setSelectedTheaterId] = useState<string | null>(null);

  useEffect(() => {
    // A choice made before this effect ran (a click during hydration) is newer than the cookie.
    // Not urgent (see useNow); the updater form keeps a click's choice whichever lands first.
    const stored = readSelectedTheaterId();
    startTransition(() => setSelectedTheaterId((current) => current ?? stored));
  }, []);

  const chooseTheater = useCallback((theaterId: string) => {
    setSelectedTheaterId(theaterId);
    storeSelectedTheaterId(theaterId);
  }, []);

  const currentTheater = useMemo(
    () =>
      resolveCurrentTheater({
        theaters: runtime.theaters,
        isSingleLocation: runtime.isSingleLocation,
        pageTheaterId: theaterId,
        selectedTheaterId: selectedTheaterId,
      }),
    [runtime.theaters, runtime.isSingleLocation, theaterId, selectedTheaterId],
  );

  const value = useMemo<SelectedTheaterValue>(
    () => ({ currentTheater, selectedTheaterId, chooseTheater }),
    [currentTheater, selectedTheaterId, chooseTheater],
  );
  return <SelectedTheaterContext.Provider value={value}>{children}</SelectedTheaterContext.Provider>;
}
