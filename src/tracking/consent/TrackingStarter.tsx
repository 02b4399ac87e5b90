import { useEffect } from "react";
import { nextTask, whenIdle } from "../../lib/idle";
import { loadOnce } from "../../lib/lazy";
import type { SiteRuntime } from "../../runtime/site-runtime";

const loadTrackingRuntime = /* @__PURE__ */ loadOnce(() => import("./runtime"));

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
        // The chunk is evaluated in the task its script arrives in, and tracking starts in the next
        // one: together they made one long task on a phone (issue 44).
        .then(async ({ startTracking }) => {
          await nextTask();
          startTracking({
            name: site.name,
            logoSrc: site.logo.src,
            privacyPolicySlug: site.privacyPolicyPageSlug,
            country: site.country.iso31661A2,
            locale: site.locale,
            tracking: site.tracking,
          });
        })
        .catch(() => undefined);
    };
    whenIdle(start, 2000);
    // Every page mounts the starter; the runtime keeps the first start of the page load.
  }, [site]);
  return null;
}
