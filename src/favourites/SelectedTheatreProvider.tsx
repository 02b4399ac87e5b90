// Spec §4 "Selected theatre" for the whole page. The server render knows only the page's own
// theatre (or the single location); the stored choice is read after mount, so the first client
// render matches the HTML and a circuit page picks up the visitor's theatre a moment later.
import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from "react";
import { useSiteRuntime } from "../site/SiteRuntime";
import type { SiteRuntime } from "../site/model";
import { readSelectedTheatreId, resolveCurrentTheatre, storeSelectedTheatreId } from "./selected-theatre";

export type SelectedTheatre = SiteRuntime["theaters"][number];

export interface SelectedTheatreValue {
  /** The theatre the page is about or the visitor chose (spec §4 resolution); null when none. */
  readonly currentTheatre: SelectedTheatre | null;
  /** The stored choice (null until read after mount, or when there is none). */
  readonly selectedTheatreId: string | null;
  /** Updates the state and the 30-day cookie. */
  chooseTheatre(theatreId: string): void;
}

const SelectedTheatreContext = createContext<SelectedTheatreValue | null>(null);

export function useSelectedTheatre(): SelectedTheatreValue {
  const value = useContext(SelectedTheatreContext);
  if (!value) throw new Error("useSelectedTheatre must be used inside <SelectedTheatreProvider>");
  return value;
}

export interface SelectedTheatreProviderProps {
  /** The page context's theaterId. */
  readonly theaterId: string | null;
  readonly children: ReactNode;
}

export function SelectedTheatreProvider({ theaterId, children }: SelectedTheatreProviderProps) {
  const runtime = useSiteRuntime();
  const [selectedTheatreId, setSelectedTheatreId] = useState<string | null>(null);

  useEffect(() => {
    // A choice made before this effect ran (a click during hydration) is newer than the cookie.
    // Not urgent (see useNow); the updater form keeps a click's choice whichever lands first.
    const stored = readSelectedTheatreId();
    startTransition(() => setSelectedTheatreId((current) => current ?? stored));
  }, []);

  const chooseTheatre = useCallback((theatreId: string) => {
    setSelectedTheatreId(theatreId);
    storeSelectedTheatreId(theatreId);
  }, []);

  const currentTheatre = useMemo(
    () =>
      resolveCurrentTheatre({
        theatres: runtime.theaters,
        isSingleLocation: runtime.isSingleLocation,
        pageTheaterId: theaterId,
        selectedTheaterId: selectedTheatreId,
      }),
    [runtime.theaters, runtime.isSingleLocation, theaterId, selectedTheatreId],
  );

  const value = useMemo<SelectedTheatreValue>(
    () => ({ currentTheatre, selectedTheatreId, chooseTheatre }),
    [currentTheatre, selectedTheatreId, chooseTheatre],
  );
  return <SelectedTheatreContext.Provider value={value}>{children}</SelectedTheatreContext.Provider>;
}
