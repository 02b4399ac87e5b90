import { useEffect } from "react";
import { loadOnce } from "../../lib/lazy";
import type { SiteRuntime } from "../../runtime/site-runtime";

const loadTrackingRuntime = /* @__PURE__ */ loadOnce(() => import("./runtime"));

type IdleWindow = Window & { requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number };

/**
 * Starts consent-gated tracking once the page has hydrated and the main thread is idle: the
 * consent tool, analytics and tags are all in a lazily loaded chunk (src/tracking/consent/runtime.ts), off
 * the critical path and out of a guest's first-load JS. Renders nothing; a chunk or a script that
 * fails to load changes nothing a visitor can see.
 */
export function TrackingStarter({ site }: { site: SiteRuntime }) {
  useEffect(() => {
    const start = () => {
      loadTrackingRuntime()
        .then(({ startTracking }) =>
          startTracking({
            name: site.name,
            logoSrc: site.logo.src,
            privacyPolicySlug: site.privacyPolicyPageSlug,
            country: site.country.iso31661A2,
            locale: site.locale,
            tracking: site.tracking,
          }),
        )
        .catch(() => undefined);
    };
    const idle = (window as IdleWindow).requestIdleCallback;
    if (idle) idle(start, { timeout: 2000 });
    else window.setTimeout(start, 1);
    // Every page mounts the starter; the runtime keeps the first start of the page load.
  }, [site]);
  return null;
}
