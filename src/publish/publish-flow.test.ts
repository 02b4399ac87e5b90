// Issue 47 end to end, with a fake build in place of Gatsby: an operator's save goes through the
// publish API, the queue and the release step, and the production server (which serves the
// publisher's output folder, as `npm start` has it) answers with the new build; a broken save
// leaves the site as it was and says why; a rollback brings back the build before.
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { buildServer, type ProductionServer } from "../server/http/app";
import { serverDeploySettings } from "../server/http/deploy-settings";
import { liveSite } from "../server/http/live-site";
import { loadSiteBundle } from "../server/http/site-bundle";
import { inProcessQueue } from "./in-process-queue";
import { buildPublishApi } from "./publish-api";
import type { PublishQueue } from "./publish-queue";
import { eventually } from "./publish-queue.contract";
import { writeServerSettings } from "../test/tiny-site";
import { releaseSite, rollBack, type SiteBuilder } from "./release-site";

const TOKEN = "flow-test-publish-token-0123456789";
const AUTH = { authorization: `Bearer ${TOKEN}` };

let tmp: string;
let out: string;
let queue: PublishQueue;
let api: FastifyInstance;
let site: ProductionServer;
/** What the operator's configuration says now: the next build's home page, or a broken field. */
let configuration: { home: string } | { broken: string };

/** Given, the next build waits for it once its configuration is checked (Gatsby running). */
let gatsbyRunning: Promise<void> | null = null;

/** Stands for build-sites' buildSite: the configuration's words when it is broken, else a built copy. */
const buildSite: SiteBuilder = async (siteId, onBuilding) => {
  if ("broken" in configuration) return { ok: false, message: configuration.broken };
  onBuilding();
  await gatsbyRunning;
  const copy = path.join(tmp, "work", siteId);
  rmSync(copy, { recursive: true, force: true });
  mkdirSync(path.join(copy, "public"), { recursive: true });
  writeFileSync(path.join(copy, "public", "index.html"), configuration.home);
  writeServerSettings(copy, { siteId });
  return { ok: true, projectDir: copy };
};
const copyDeployable = (copy: string, release: string) => cpSync(copy, release, { recursive: true });

const save = async (reason: string) => {
  const response = await api.inject({
    method: "POST",
    url: "/sites/lumiere/publish",
    headers: AUTH,
    payload: { reason },
  });
  expect(response.statusCode).toBe(202);
  return response.json().id as string;
};
const publishOf = async (id: string) =>
  (await api.inject({ method: "GET", url: `/sites/lumiere/publishes/${id}`, headers: AUTH })).json();
const home = async () =>
  (await site.app.inject({ method: "GET", url: "/", headers: { host: "www.cinema-lumiere.fr" } })).body;

beforeAll(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), "publish-flow-"));
  out = path.join(tmp, "dist");
  configuration = { home: "<p>first build</p>" };
  queue = inProcessQueue({ buildRelease: releaseSite({ buildSite, copyDeployable, outDir: out }) });
  api = await buildPublishApi({
    queue,
    publishToken: TOKEN,
    knownSites: () => new Set(["lumiere"]),
    rollBack: (siteId) => rollBack(out, siteId),
    logLevel: "silent",
  });
  // The site's first build, then the server over the publisher's output folder.
  await eventually(async () => expect((await publishOf(await save("first"))).state).toBe("live"));
  const env = { RECAPTCHA_OFF: "true", CYPHER_API_URL: "http://127.0.0.1:9", LOG_LEVEL: "silent" };
  site = await buildServer({
    sites: [liveSite(path.join(out, "lumiere"), { load: (dir) => loadSiteBundle(dir, [], env), checkEveryMs: 10 })],
    deploy: serverDeploySettings(env),
    env,
  });
});
afterAll(async () => {
  await Promise.all([api.close(), site.app.close(), queue.close()]);
  rmSync(tmp, { recursive: true, force: true });
});

it("a save goes live: the server answers with the new build, without a restart", async () => {
  expect(await home()).toBe("<p>first build</p>");
  configuration = { home: "<p>new poster</p>" };
  const id = await save("new poster");
  await eventually(async () => expect((await publishOf(id)).state).toBe("live"));
  await eventually(async () => expect(await home()).toBe("<p>new poster</p>"));
});

it("a broken save fails in the configuration's words, and the site stays as it was", async () => {
  const before = await home();
  configuration = { broken: "site-config/lumiere/settings.json › loyalty.version: expected 1 or 3 (received 2)" };
  const id = await save("broken");
  await eventually(async () => expect((await publishOf(id)).state).toBe("failed"));
  expect((await publishOf(id)).step).toBeNull();
  expect((await publishOf(id)).error).toBe(
    "site-config/lumiere/settings.json › loyalty.version: expected 1 or 3 (received 2)",
  );
  await new Promise((resolve) => setTimeout(resolve, 30));
  expect(await home()).toBe(before);
});

it("a rollback brings back the build before, at once", async () => {
  configuration = { home: "<p>a mistake</p>" };
  const id = await save("a mistake");
  await eventually(async () => expect((await publishOf(id)).state).toBe("live"));
  await eventually(async () => expect(await home()).toBe("<p>a mistake</p>"));
  const rollback = await api.inject({ method: "POST", url: "/sites/lumiere/rollback", headers: AUTH });
  expect(rollback.json()).toMatchObject({ replaced: id });
  await eventually(async () => expect(await home()).toBe("<p>new poster</p>"));
});

it("while it builds, the publish says its step; once live, none", async () => {
  configuration = { home: "<p>new times</p>" };
  let gatsbyDone = () => {};
  gatsbyRunning = new Promise((resolve) => (gatsbyDone = resolve));
  const id = await save("new times");
  await eventually(async () => expect(await publishOf(id)).toMatchObject({ state: "building", step: "build" }));
  gatsbyRunning = null;
  gatsbyDone();
  await eventually(async () => expect(await publishOf(id)).toMatchObject({ state: "live", step: null }));
  await eventually(async () => expect(await home()).toBe("<p>new times</p>"));
});
