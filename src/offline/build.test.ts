import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { finishWorker, siteDataDigest } from "./build";
import { offlinePluginOptions, offlineWorkerSetting } from "./settings";

const PROJECT = path.resolve(__dirname, "..", "..");

describe("OFFLINE_WORKER (build setting)", () => {
  it.each([
    [undefined, "on"],
    ["", "on"],
    ["on", "on"],
    [" OFF ", "off"],
    ["off", "off"],
  ])("%p → %s", (value, expected) => {
    expect(offlineWorkerSetting({ OFFLINE_WORKER: value })).toBe(expected);
  });

  it("names the setting and the value it refuses", () => {
    expect(() => offlineWorkerSetting({ OFFLINE_WORKER: "false" })).toThrow(
      'OFFLINE_WORKER: expected "on" or "off", got "false"',
    );
  });

  it("hands gatsby-plugin-offline the site's routes and the script appended to its worker", () => {
    const options = offlinePluginOptions(PROJECT);
    expect(readFileSync(options.appendScript, "utf8")).toContain("navigationRoute.match = () => false");
    expect(options.workboxConfig.runtimeCaching.map((r) => r.handler)).toEqual([
      "CacheFirst",
      "NetworkFirst",
      "NetworkFirst",
      "StaleWhileRevalidate",
    ]);
  });
});

describe("finishWorker (after gatsby-plugin-offline wrote /sw.js)", () => {
  let project: string;
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(project, file)), { recursive: true });
    writeFileSync(path.join(project, file), text);
  };
  const worker = () => readFileSync(path.join(project, "public", "sw.js"), "utf8");

  beforeEach(() => {
    project = mkdtempSync(path.join(os.tmpdir(), "offline-build-"));
    write("public/sw.js", "/* the plugin's worker */");
    write("public/page-data/films/page-data.json", '{"title":"Les Ombres du lac"}');
    write("public/page-data/app-data.json", '{"webpackCompilationHash":"abc"}');
  });
  afterEach(() => rmSync(project, { recursive: true, force: true }));

  it("appends the site data's digest: a content-only deploy is a new worker, an identical build is not", () => {
    const first = siteDataDigest(path.join(project, "public"));
    expect(siteDataDigest(path.join(project, "public"))).toBe(first);
    write("public/page-data/films/page-data.json", '{"title":"Les Ombres du lac (version restaurée)"}');
    const second = siteDataDigest(path.join(project, "public"));
    expect(second).not.toBe(first);

    expect(finishWorker(project, "on")).toBe("worker");
    expect(worker()).toMatch(/^\/\* the plugin's worker \*\//);
    expect(worker()).toContain(`// Site data ${second}`);
  });

  it("writes the kill switch in place of the worker when OFFLINE_WORKER=off", () => {
    write("src/offline/sw-kill-switch.js", readFileSync(path.join(PROJECT, "src/offline/sw-kill-switch.js"), "utf8"));
    expect(finishWorker(project, "off")).toBe("kill-switch");
    expect(worker()).toContain("self.registration.unregister()");
  });

  it("says so when the plugin wrote no worker", () => {
    rmSync(path.join(project, "public", "sw.js"));
    expect(finishWorker(project, "on")).toBe("none");
  });
});
