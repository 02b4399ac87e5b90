// The page's half of the offline worker (the worker itself: gatsby-plugin-offline's /sw.js with
// src/offline/worker-routes.ts and sw-append.js). Gatsby registers the worker
// (cache-dir/register-service-worker.js: HTTPS or localhost only, otherwise the error spec §8
// names; spec §4: `___swUpdated` when an update installs while an older worker controls the
// page, a reload if `___failedResources`). Two things it leaves to the site:
// - Gatsby 5 never sets `___failedResources`: it is set here when one of the site's scripts or
//   style sheets fails to load, and the update that may follow is also caught when the new
//   worker takes over (`controllerchange`), in case it was found before Gatsby listened.
// - A worker only sees what is fetched once it controls the page: the first page's files, and
//   the HTML of pages reached by client-side navigation, are fetched again through it so that
//   the pages a visitor saw open offline. Never after an update: this page's files belong to
//   the previous build, and the new worker's caches hold its own build only.

import { whenIdle } from "../lib/idle";
import "./failed-resources";

/** Paths the worker never handles (src/offline/worker-routes.ts): endpoints and the sandbox's stand-ins. */
const NOT_KEPT = /^\/(?:api(?:\/|$)|__)/;

export type ResourceTiming = { name: string; workerStart: number };

/**
 * The same-origin URLs to fetch again through the worker: the page's address (without its
 * fragment) and every file the page loaded without a worker, minus what was already fetched again.
 */
export function urlsToKeep(input: {
  origin: string;
  pageUrl: string;
  resources: readonly ResourceTiming[];
  kept: ReadonlySet<string>;
}): string[] {
  const urls = new Set<string>();
  const consider = (raw: string) => {
    let url: URL;
    try {
      url = new URL(raw, input.origin);
    } catch {
      return;
    }
    if (url.origin !== input.origin || NOT_KEPT.test(url.pathname)) return;
    url.hash = "";
    if (!input.kept.has(url.href)) urls.add(url.href);
  };
  consider(input.pageUrl);
  for (const resource of input.resources) if (resource.workerStart === 0) consider(resource.name);
  return [...urls];
}

const kept = new Set<string>();
let startedWith: ServiceWorker | null = null;

/**
 * How many files are fetched again in one task. Each fetch() call costs the main thread a few
 * milliseconds on a phone: the first page's thirty-odd files, fetched in one go when the first
 * worker took over, made a task of 76 ms at Lighthouse's 4x slowdown, in the middle of the page's
 * start (issue 44's blocking time). A few at a time, each batch in a task of its own, when the
 * browser is idle.
 */
export const FETCHES_PER_TASK = 4;
const waiting: string[] = [];
let draining = false;

/** Whether the worker that controls the page is still the one this page's files belong to. */
function sameWorker(win: Window): boolean {
  const worker = win.navigator.serviceWorker;
  if (!worker?.controller || win.___swUpdated) return false;
  // An update took over while this page was open (Gatsby's flag may not be set yet).
  return !startedWith || worker.controller === startedWith;
}

function drain(win: Window): void {
  if (draining) return;
  draining = true;
  const next = () => {
    // After an update, the files left belong to the previous build: the new worker keeps its own.
    if (!sameWorker(win)) {
      for (const url of waiting.splice(0)) kept.delete(url);
      draining = false;
      return;
    }
    for (const url of waiting.splice(0, FETCHES_PER_TASK))
      win.fetch(url, { credentials: "same-origin" }).catch(() => kept.delete(url));
    if (waiting.length > 0) whenIdle(next, 1_000, win);
    else draining = false;
  };
  whenIdle(next, 1_000, win);
}

/** Fetches through the worker what it has not seen of this page (call on every route update). */
export function keepForOffline(win: Window = window): void {
  if (!sameWorker(win)) return;
  const resources = win.performance.getEntriesByType("resource") as unknown as ResourceTiming[];
  const urls = urlsToKeep({ origin: win.location.origin, pageUrl: win.location.href, resources, kept });
  for (const url of urls) {
    kept.add(url);
    waiting.push(url);
  }
  if (urls.length > 0) drain(win);
}

/** Once per page load, soon after it starts (gatsby-browser loads this module after the first render). */
export function startOfflineSupport(win: Window = window): void {
  const worker = win.navigator.serviceWorker;
  if (!worker) return;
  startedWith = worker.controller;
  // The document itself came through the worker: it is kept already.
  const navigation = win.performance.getEntriesByType("navigation")[0] as unknown as ResourceTiming | undefined;
  if (startedWith && navigation && navigation.workerStart > 0) {
    const page = new URL(win.location.href);
    page.hash = "";
    kept.add(page.href);
  }
  worker.addEventListener("controllerchange", () => {
    if (startedWith) {
      // Spec §4: a new worker installed while an older one controlled the page.
      win.___swUpdated = true;
      if (win.___failedResources) win.location.reload();
      return;
    }
    // The first worker took over this page: keep what the page loaded before it.
    startedWith = worker.controller;
    keepForOffline(win);
  });
}

/** Tests only: forget what this module remembered. */
export function resetOfflineSupport(): void {
  kept.clear();
  startedWith = null;
  waiting.length = 0;
  draining = false;
}
