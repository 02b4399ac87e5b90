import { navigate } from "gatsby";
import { useEffect } from "react";
import { useSiteRuntime } from "../runtime/SiteRuntime";
import { useCurrentLocation, useLinkEnvironment } from "./LinkEnvironment";
import { findRedirect } from "./redirects";
import { resolveLink } from "./rules";

/** Applies the site's redirect table (spec §2) to the page being shown; renders nothing. */
export function RedirectGate() {
  const { redirects } = useSiteRuntime();
  const { pathname } = useCurrentLocation();
  const env = useLinkEnvironment();
  useEffect(() => {
    const to = findRedirect(redirects, pathname);
    if (!to) return;
    const link = resolveLink(to, { ...env, currentSearch: window.location.search });
    if (link.kind === "internal") void navigate(link.href, { replace: true });
    // A redirect is followed, so it opens the address with the member's token (spec §7, issue 43).
    else if (link.kind === "outbound") window.location.replace(link.follow);
  }, [redirects, pathname, env]);
  return null;
}
