import { readFileSync } from "node:fs";
import path from "node:path";
import vm from "node:vm";

type Handler = (event: { waitUntil: (p: Promise<unknown>) => void }) => void;

/** Runs the kill switch in a stand-in worker scope and records what it does. */
async function runKillSwitch() {
  const handlers: Record<string, Handler> = {};
  const done: string[] = [];
  const cacheNames = ["gatsby-plugin-offline-precache-v2-https://x/", "gatsby-plugin-offline-runtime-https://x/"];
  const self = {
    addEventListener: (type: string, handler: Handler) => (handlers[type] = handler),
    skipWaiting: () => done.push("skipWaiting"),
    clients: {
      claim: async () => done.push("claim"),
      matchAll: async () => [
        { url: "https://x/films/", navigate: async (url: string) => done.push(`navigate ${url}`) },
      ],
    },
    registration: { unregister: async () => done.push("unregister") },
  };
  const caches = {
    keys: async () => cacheNames,
    delete: async (name: string) => done.push(`delete ${name}`),
  };
  const indexedDB = { deleteDatabase: (name: string) => done.push(`deleteDatabase ${name}`) };
  const source = readFileSync(path.join(__dirname, "sw-kill-switch.js"), "utf8");
  vm.runInNewContext(source, { self, caches, indexedDB });
  const pending: Promise<unknown>[] = [];
  const event = { waitUntil: (p: Promise<unknown>) => pending.push(p) };
  handlers.install?.(event);
  handlers.activate?.(event);
  await Promise.all(pending);
  return { done, handlers };
}

describe("the kill switch worker (OFFLINE_WORKER=off)", () => {
  it("takes over at once, deletes every cache, unregisters itself and reloads the pages it controlled", async () => {
    const { done, handlers } = await runKillSwitch();
    expect(done).toEqual([
      "skipWaiting",
      "claim",
      "delete gatsby-plugin-offline-precache-v2-https://x/",
      "delete gatsby-plugin-offline-runtime-https://x/",
      "deleteDatabase keyval-store",
      "unregister",
      "navigate https://x/films/",
    ]);
    // Nothing goes through it.
    expect(handlers.fetch).toBeUndefined();
  });
});
