// The offline worker's build setting and gatsby-plugin-offline's options (gatsby-config.ts).
import path from "node:path";
import { RUNTIME_CACHING } from "./worker-routes";

/**
 * OFFLINE_WORKER (build time): "on" (default) builds /sw.js and registers it; "off" is the kill
 * switch: pages no longer register a worker and /sw.js is a worker that empties its caches,
 * unregisters itself and reloads the pages it controlled (src/offline/sw-kill-switch.js).
 */
export type OfflineWorkerSetting = "on" | "off";

export function offlineWorkerSetting(env: Record<string, string | undefined>): OfflineWorkerSetting {
  const value = (env.OFFLINE_WORKER ?? "").trim().toLowerCase();
  if (value === "" || value === "on") return "on";
  if (value === "off") return "off";
  throw new Error(`OFFLINE_WORKER: expected "on" or "off", got "${env.OFFLINE_WORKER}"`);
}

export const SW_APPEND_FILE = path.join("src", "offline", "sw-append.js");
export const SW_KILL_SWITCH_FILE = path.join("src", "offline", "sw-kill-switch.js");

/** gatsby-plugin-offline's options: Workbox 4 with the site's routes, the plugin's app-shell route removed. */
export function offlinePluginOptions(projectDir: string) {
  return {
    // Workbox's debug build logs every request; the production build is smaller and quiet.
    debug: false,
    appendScript: path.join(projectDir, SW_APPEND_FILE),
    workboxConfig: {
      // The plugin merges these into its defaults entry by entry (lodash merge): four routes
      // replace its four (src/offline/worker-routes.ts, tested).
      runtimeCaching: RUNTIME_CACHING.map((route) => ({ ...route })),
      // A new deploy's worker takes over at once; pages it finds open are flagged (spec §4).
      skipWaiting: true,
      clientsClaim: true,
    },
  };
}
