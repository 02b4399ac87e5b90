/** @jest-environment jsdom */
import {
  FETCHES_PER_TASK,
  keepForOffline,
  resetOfflineSupport,
  startOfflineSupport,
  urlsToKeep,
  type ResourceTiming,
} from "./page-support";
import { isFailedSiteResource, watchFailedResources } from "./failed-resources";

const ORIGIN = "http://localhost";

describe("urlsToKeep: what is fetched again through the worker", () => {
  const page = `${ORIGIN}/films/1-x/`;
  it.each<[string, { pageUrl?: string; resources?: ResourceTiming[]; kept?: string[] }, string[]]>([
    ["the page's address, without its fragment", { pageUrl: `${page}#seances` }, [page]],
    ["the page's address with its query", { pageUrl: `${ORIGIN}/films/?q=lac` }, [`${ORIGIN}/films/?q=lac`]],
    ["nothing already fetched again", { kept: [page] }, []],
    [
      "files the page loaded before a worker controlled it",
      {
        resources: [
          { name: `${ORIGIN}/app-0123456789abcdef0123.js`, workerStart: 0 },
          { name: `${ORIGIN}/page-data/films/1-x/page-data.json`, workerStart: 0 },
        ],
      },
      [page, `${ORIGIN}/app-0123456789abcdef0123.js`, `${ORIGIN}/page-data/films/1-x/page-data.json`],
    ],
    [
      "not what the worker already handled",
      { resources: [{ name: `${ORIGIN}/page-data/app-data.json`, workerStart: 12.5 }] },
      [page],
    ],
    [
      "never member calls, the sandbox's stand-ins or other origins",
      {
        resources: [
          { name: `${ORIGIN}/api/cypher`, workerStart: 0 },
          { name: `${ORIGIN}/__consent/sdk/loader.js`, workerStart: 0 },
          { name: "http://127.0.0.1:9411/__ga/gtag/js", workerStart: 0 },
          { name: "https://www.googletagmanager.com/gtm.js", workerStart: 0 },
        ],
      },
      [page],
    ],
  ])("%s", (_, input, expected) => {
    expect(
      urlsToKeep({
        origin: ORIGIN,
        pageUrl: input.pageUrl ?? page,
        resources: input.resources ?? [],
        kept: new Set(input.kept ?? []),
      }),
    ).toEqual(expected);
  });
});

describe("isFailedSiteResource: which load failures count (spec §4 'if resources had failed to load')", () => {
  const script = (src: string) => Object.assign(document.createElement("script"), { src });
  const link = (rel: string, href: string, as = "") => {
    const element = Object.assign(document.createElement("link"), { rel, href });
    if (as) element.setAttribute("as", as);
    return element;
  };
  it.each<[string, EventTarget, boolean]>([
    ["a script of the site", script(`${ORIGIN}/app-0123456789abcdef0123.js`), true],
    ["a style sheet of the site", link("stylesheet", `${ORIGIN}/styles.css`), true],
    ["a script preload of the site", link("preload", `${ORIGIN}/component---x.js`, "script"), true],
    ["a third-party script", script("https://www.googletagmanager.com/gtm.js"), false],
    ["an inline script", document.createElement("script"), false],
    ["a font preload", link("preload", `${ORIGIN}/fonts/a.woff2`, "font"), false],
    ["an image", Object.assign(document.createElement("img"), { src: `${ORIGIN}/poster.svg` }), false],
  ])("%s → %s", (_, target, expected) => {
    expect(isFailedSiteResource(target, ORIGIN)).toBe(expected);
  });
});

type Listener = () => void;

/** A window whose navigator has a worker container (jsdom has none). */
function fakeWindow(controller: object | null) {
  const listeners: Listener[] = [];
  const container = {
    controller,
    addEventListener: (type: string, listener: Listener) => {
      if (type === "controllerchange") listeners.push(listener);
    },
  };
  const fetched: string[] = [];
  const reload = jest.fn();
  const resources = [{ name: `${ORIGIN}/app-0123456789abcdef0123.js`, workerStart: 0 }];
  // The tasks the page left for later (setTimeout: jsdom and Safari have no requestIdleCallback).
  const tasks: (() => void)[] = [];
  const win = {
    navigator: { serviceWorker: container },
    location: { origin: ORIGIN, href: `${ORIGIN}/films/`, reload },
    performance: { getEntriesByType: (type: string) => (type === "resource" ? resources : []) },
    fetch: (url: string) => {
      fetched.push(url);
      return Promise.resolve({});
    },
    setTimeout: (run: () => void) => tasks.push(run),
    addEventListener: jest.fn(),
  } as unknown as Window & { ___swUpdated?: boolean; ___failedResources?: boolean };
  const takeOver = (worker: object) => {
    container.controller = worker;
    for (const listener of listeners) listener();
  };
  /** Runs the next task left for later; false when there is none. */
  const runTask = () => {
    const task = tasks.shift();
    task?.();
    return task !== undefined;
  };
  const runTasks = () => {
    while (runTask());
  };
  return { win, fetched, reload, takeOver, resources, runTask, runTasks };
}

describe("startOfflineSupport and keepForOffline", () => {
  beforeEach(() => resetOfflineSupport());

  it("keeps the first page once the first worker takes over, then each page reached", () => {
    const { win, fetched, takeOver, runTasks } = fakeWindow(null);
    startOfflineSupport(win);
    keepForOffline(win);
    runTasks();
    expect(fetched).toEqual([]);
    takeOver({ scriptURL: `${ORIGIN}/sw.js` });
    runTasks();
    expect(fetched).toEqual([`${ORIGIN}/films/`, `${ORIGIN}/app-0123456789abcdef0123.js`]);
    expect(win.___swUpdated).toBeUndefined();
    (win.location as { href: string }).href = `${ORIGIN}/films/1-x/`;
    keepForOffline(win);
    runTasks();
    expect(fetched.slice(2)).toEqual([`${ORIGIN}/films/1-x/`]);
  });

  it(`fetches the page's files again ${FETCHES_PER_TASK} at a time, each batch in a task of its own`, () => {
    const { win, fetched, takeOver, resources, runTask } = fakeWindow(null);
    for (let i = 0; i < 9; i++) resources.push({ name: `${ORIGIN}/chunk-${i}.js`, workerStart: 0 });
    startOfflineSupport(win);
    takeOver({ scriptURL: `${ORIGIN}/sw.js` });
    // Nothing in the task the worker took over in (the page's start).
    expect(fetched).toEqual([]);
    const sizes: number[] = [];
    while (runTask()) sizes.push(fetched.length - sizes.reduce((a, b) => a + b, 0));
    expect(sizes).toEqual([4, 4, 3]);
    expect(new Set(fetched).size).toBe(11);
  });

  it("an update taking over between two batches: the files left are not fetched", () => {
    const { win, fetched, takeOver, resources, runTask, runTasks } = fakeWindow(null);
    for (let i = 0; i < 9; i++) resources.push({ name: `${ORIGIN}/chunk-${i}.js`, workerStart: 0 });
    startOfflineSupport(win);
    takeOver({ scriptURL: `${ORIGIN}/sw.js` });
    runTask();
    expect(fetched).toHaveLength(FETCHES_PER_TASK);
    takeOver({ scriptURL: `${ORIGIN}/sw.js?v=2` });
    runTasks();
    expect(fetched).toHaveLength(FETCHES_PER_TASK);
  });

  it("flags the page when a new worker takes over from the one that controlled it, and keeps nothing more", () => {
    const { win, fetched, reload, takeOver, runTasks } = fakeWindow({ scriptURL: "old" });
    startOfflineSupport(win);
    takeOver({ scriptURL: "new" });
    expect(win.___swUpdated).toBe(true);
    expect(reload).not.toHaveBeenCalled();
    fetched.length = 0;
    keepForOffline(win);
    runTasks();
    expect(fetched).toEqual([]);
  });

  it("reloads the page on that update if one of its resources had failed to load", () => {
    const { win, reload, takeOver } = fakeWindow({ scriptURL: "old" });
    startOfflineSupport(win);
    win.___failedResources = true;
    takeOver({ scriptURL: "new" });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("does nothing where the browser offers no worker (plain http)", () => {
    const { win, fetched, runTasks } = fakeWindow(null);
    Object.assign(win, { navigator: {} });
    expect(() => startOfflineSupport(win)).not.toThrow();
    keepForOffline(win);
    runTasks();
    expect(fetched).toEqual([]);
  });

  it("sets the failed-resources flag when one of the site's scripts fails to load", () => {
    watchFailedResources(window);
    const script = document.createElement("script");
    script.src = `${window.location.origin}/app-0123456789abcdef0123.js`;
    document.head.append(script);
    script.dispatchEvent(new Event("error"));
    expect(window.___failedResources).toBe(true);
  });
});
