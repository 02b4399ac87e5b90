import { readFileSync } from "node:fs";
import path from "node:path";
import vm from "node:vm";

type CatchHandler = (options: { event: { request: { mode: string } } }) => Promise<unknown>;
type Activate = (event: { waitUntil: (p: Promise<unknown>) => void }) => void;

const PRECACHE = "gatsby-plugin-offline-precache-v2-https://x/";
const OFFLINE_PAGE = { offlinePage: true };
const ERROR = { error: true };

/** Runs the appended script after a stand-in of what the plugin's worker defines before it. */
function runAppend() {
  let catchHandler: CatchHandler | undefined;
  let activate: Activate | undefined;
  const deleted: string[] = [];
  const navigationRoute = { match: (): unknown => true };
  const context = vm.createContext({
    navigationRoute,
    workbox: {
      core: { cacheNames: { precache: PRECACHE, runtime: "gatsby-plugin-offline-runtime-https://x/" } },
      precaching: { getCacheKeyForURL: (url: string) => `${url}?__WB_REVISION__=1` },
      routing: { setCatchHandler: (handler: CatchHandler) => (catchHandler = handler) },
    },
    caches: {
      match: async (key: string) =>
        key === "/offline-plugin-app-shell-fallback/index.html?__WB_REVISION__=1" ? OFFLINE_PAGE : undefined,
      keys: async () => [PRECACHE, "gatsby-plugin-offline-runtime-https://x/", "other"],
      delete: async (name: string) => deleted.push(name),
    },
    Response: { error: () => ERROR },
    self: { addEventListener: (type: string, handler: Activate) => type === "activate" && (activate = handler) },
  });
  vm.runInContext(readFileSync(path.join(__dirname, "sw-append.js"), "utf8"), context);
  return { navigationRoute, catchHandler: catchHandler!, activate: activate!, deleted };
}

describe("the script appended to the plugin's worker", () => {
  it("makes the plugin's app-shell route match nothing", () => {
    expect(runAppend().navigationRoute.match()).toBe(false);
  });

  it("answers a page that is neither reachable nor kept with the offline page, anything else with an error", async () => {
    const { catchHandler } = runAppend();
    await expect(catchHandler({ event: { request: { mode: "navigate" } } })).resolves.toBe(OFFLINE_PAGE);
    await expect(catchHandler({ event: { request: { mode: "cors" } } })).resolves.toBe(ERROR);
  });

  it("empties every cache but the precache when it takes over", async () => {
    const { activate, deleted } = runAppend();
    const pending: Promise<unknown>[] = [];
    activate({ waitUntil: (p) => pending.push(p) });
    await Promise.all(pending);
    expect(deleted).toEqual(["gatsby-plugin-offline-runtime-https://x/", "other"]);
  });
});
