import { createContext, startTransition, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { useEmbeddedAtRunTime } from "../embedding/EmbeddingModeProvider";
import { effectiveEmbeddingMode } from "../embedding/run-time-mode";
import { useSiteRuntime } from "../runtime/SiteRuntime";
import type { LinkAction, LinkEnvironment } from "./rules";

/** The page being shown, as the router sees it. */
export type CurrentLocation = { pathname: string; search: string };

const CurrentLocationContext = createContext<CurrentLocation>({ pathname: "/", search: "" });

/**
 * Whether `search` has been read yet, so a page that needs its query (the booking route) can tell
 * "none yet" (server render, hydration) from "none at all". A context of its own: every link reads
 * the location, and would render again when hydration flips this on a page with no query.
 */
const SearchKnownContext = createContext(false);

/**
 * Wraps every page (wrapPageElement). The query string is only read after hydration: the server
 * render has none, and React does not patch attributes that differ at hydration, so a utm
 * parameter read during the first client render would never reach the href.
 */
export function CurrentLocationProvider({ location, children }: { location: CurrentLocation; children: ReactNode }) {
  const [hydrated, setHydrated] = useState(false);
  // Not urgent (see useNow): links take the query in a render React may interrupt.
  useEffect(() => startTransition(() => setHydrated(true)), []);
  const search = hydrated ? location.search : "";
  const value = useMemo(() => ({ pathname: location.pathname, search }), [location.pathname, search]);
  return (
    <CurrentLocationContext.Provider value={value}>
      <SearchKnownContext.Provider value={hydrated}>{children}</SearchKnownContext.Provider>
    </CurrentLocationContext.Provider>
  );
}

export function useCurrentLocation(): CurrentLocation {
  return useContext(CurrentLocationContext);
}

/** Whether the page has read its query string (false in the server render and until hydration). */
export function useSearchKnown(): boolean {
  return useContext(SearchKnownContext);
}

/**
 * What links need from the member session: the token for ticketing links, and the actions that
 * `#loyalty-logout` / `#loyalty-login` run. The loyalty feature provides it; without it links
 * carry no token and the action links do nothing.
 */
export type SessionLinkBridge = { token: string | null; runAction(action: LinkAction): void };

const SessionLinkContext = createContext<SessionLinkBridge>({ token: null, runAction: () => undefined });

export const SessionLinkProvider = SessionLinkContext.Provider;

export function useSessionLinkBridge(): SessionLinkBridge {
  return useContext(SessionLinkContext);
}

/** Everything the link rules need on this page, for this visitor. */
export function useLinkEnvironment(): LinkEnvironment {
  const site = useSiteRuntime();
  const { search } = useCurrentLocation();
  const { token } = useSessionLinkBridge();
  const embeddedAtRunTime = useEmbeddedAtRunTime();
  return useMemo(
    () => ({
      hosts: site.linkHosts,
      currentSearch: search,
      ticketing: site.links.ticketing,
      embeddingMode: effectiveEmbeddingMode(site.links.embeddingMode, embeddedAtRunTime),
      sessionToken: token,
    }),
    [site, search, token, embeddedAtRunTime],
  );
}
