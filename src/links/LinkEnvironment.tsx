import { createContext, startTransition, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { useEmbeddedAtRunTime } from "../embedding/EmbeddingModeProvider";
import { effectiveEmbeddingMode } from "../embedding/run-time-mode";
import { useSiteRuntime } from "../site/SiteRuntime";
import type { LinkAction, LinkEnvironment } from "./rules";

/** The page being shown, as the router sees it. */
export type CurrentLocation = { pathname: string; search: string };

const CurrentLocationContext = createContext<CurrentLocation>({ pathname: "/", search: "" });

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
  return <CurrentLocationContext.Provider value={value}>{children}</CurrentLocationContext.Provider>;
}

export function useCurrentLocation(): CurrentLocation {
  return useContext(CurrentLocationContext);
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
