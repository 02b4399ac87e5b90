// The publish API in process (Fastify's inject), over the in-process queue with held fake builds.
import { Writable } from "node:stream";
import type { FastifyInstance, InjectOptions } from "fastify";
import { buildPublishApi, type PublishApiOptions, type Rollback } from "./publish-api";
import { inProcessQueue } from "./in-process-queue";
import type { PublishQueue } from "./publish-queue";
import { eventually, fakeBuilds, type FakeBuilds } from "./publish-queue.contract";

const TOKEN = "test-publish-token-0123456789abcdef";
const AUTH = { authorization: `Bearer ${TOKEN}` };

let app: FastifyInstance;
let queue: PublishQueue;
let builds: FakeBuilds;
let log: string[];
let rollBack: jest.Mock<Rollback | null, [string]>;

async function open(overrides: Partial<PublishApiOptions> = {}) {
  builds = fakeBuilds();
  queue = inProcessQueue({ buildRelease: builds.buildRelease });
  log = [];
  rollBack = jest.fn<Rollback | null, [string]>(() => ({
    live: "20261123T101502123Z-aaaaaa",
    replaced: "20261123T111502123Z-bbbbbb",
  }));
  app = await buildPublishApi({
    queue,
    publishToken: TOKEN,
    knownSites: () => new Set(["lumiere", "starlight"]),
    rollBack,
    logStream: new Writable({
      write(chunk, _encoding, done) {
        log.push(String(chunk));
        done();
      },
    }),
    ...overrides,
  });
}
afterEach(async () => {
  for (const build of builds.underWay()) build.finish();
  await queue.close();
  await app.close();
});

const publish = (siteId: string, extra: Partial<InjectOptions> = {}) =>
  app.inject({ method: "POST", url: `/sites/${siteId}/publish`, headers: AUTH, ...extra });

describe("POST /sites/{siteId}/publish", () => {
  beforeEach(() => open());

  it("queues a publish: 202, its state and where to follow it", async () => {
    const response = await publish("lumiere", { payload: { reason: "New poster" } });
    expect(response.statusCode).toBe(202);
    const body = response.json();
    expect(body).toEqual({
      id: expect.stringMatching(/^\d{8}T\d{9}Z-[0-9a-f]{6}$/),
      state: "queued",
      step: null,
      queuedAt: expect.any(String),
      startedAt: null,
      finishedAt: null,
      error: null,
    });
    expect(response.headers.location).toBe(`/sites/lumiere/publishes/${body.id}`);
    await eventually(() => expect(builds.started).toMatchObject([{ siteId: "lumiere", id: body.id }]));
    expect(log.join("")).toContain('"reason":"New poster"');
  });

  it("takes no body, an empty JSON body or {}", async () => {
    expect((await publish("lumiere")).statusCode).toBe(202);
    const empty = await publish("lumiere", { headers: { ...AUTH, "content-type": "application/json" }, payload: "" });
    expect(empty.statusCode).toBe(202);
    expect((await publish("lumiere", { payload: {} })).statusCode).toBe(202);
  });

  it("saves while the site's publish waits answer that same publish", async () => {
    const building = (await publish("lumiere")).json().id;
    await eventually(() => expect(builds.underWay()).toHaveLength(1));
    const ids: string[] = [];
    for (let save = 0; save < 3; save += 1) ids.push((await publish("lumiere")).json().id);
    expect(new Set(ids).size).toBe(1);
    expect(ids[0]).not.toBe(building);
  });

  it.each([
    ["no header", {}],
    ["another token", { authorization: "Bearer not-the-token" }],
    ["another scheme", { authorization: `Basic ${TOKEN}` }],
  ])("without the token (%s): 401, nothing queued", async (_case, headers) => {
    const response = await app.inject({ method: "POST", url: "/sites/lumiere/publish", headers });
    expect(response.statusCode).toBe(401);
    expect(response.headers["www-authenticate"]).toBe('Bearer realm="publish"');
    expect(response.json().error.code).toBe("unauthorized");
    expect(await queue.recentPublishes("lumiere")).toEqual([]);
  });

  it("without the token, 401 before the site or the body is looked at", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/sites/odeon/publish",
      headers: { "content-type": "application/json" },
      payload: "x".repeat(20_000),
    });
    expect(response.statusCode).toBe(401);
  });

  it.each([
    ["a way out of the folder", "..%2Fx", 400],
    ["capitals", "LUMIERE", 400],
    ["a site no folder has", "odeon", 404],
  ])("%s: %i", async (_case, siteId, status) => {
    const response = await publish(siteId);
    expect(response.statusCode).toBe(status);
    expect(response.json().error.code).toBe(status === 404 ? "unknown_site" : "bad_site_id");
    expect(builds.started).toEqual([]);
  });

  it("a body over 16 KB: 413", async () => {
    const response = await publish("lumiere", { payload: { reason: "x".repeat(17 * 1024) } });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe("body_too_large");
  });

  it.each([
    ["an unknown field", { reason: "x", force: true }, "unknown_field"],
    ["a reason too long", { reason: "x".repeat(501) }, "reason_too_long"],
    ["a reason that is no text", { reason: 1 }, "bad_body"],
  ])("%s: 400", async (_case, payload, code) => {
    const response = await publish("lumiere", { payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe(code);
  });

  it("a body that is not JSON: 400, or 415 for another type", async () => {
    const broken = await publish("lumiere", { headers: { ...AUTH, "content-type": "application/json" }, payload: "{" });
    expect(broken.statusCode).toBe(400);
    const form = await publish("lumiere", {
      headers: { ...AUTH, "content-type": "application/x-www-form-urlencoded" },
      payload: "reason=x",
    });
    expect(form.statusCode).toBe(415);
  });

  it("once the queue closes: 503", async () => {
    await queue.close();
    const response = await publish("lumiere");
    expect(response.statusCode).toBe(503);
  });

  it("never logs the token", async () => {
    await publish("lumiere");
    await app.inject({ method: "POST", url: "/sites/lumiere/publish", headers: { authorization: "Bearer wrong" } });
    expect(log.join("")).not.toContain(TOKEN);
    expect(log.join("")).not.toContain("wrong");
  });
});

describe("GET /sites/{siteId}/publishes[/{id}]", () => {
  beforeEach(() => open());

  it("one publish, as it moves on", async () => {
    const { id } = (await publish("lumiere")).json();
    const get = () => app.inject({ method: "GET", url: `/sites/lumiere/publishes/${id}`, headers: AUTH });
    await eventually(async () => expect((await get()).json().state).toBe("building"));
    expect((await get()).json().step).toBeNull();
    await builds.started[0]!.step("check");
    expect((await get()).json()).toMatchObject({ state: "building", step: "check" });
    builds.started[0]!.fail("site-config/lumiere/pages.json › pages[0].slug: expected a slug");
    await eventually(async () => expect((await get()).json().state).toBe("failed"));
    expect((await get()).json()).toEqual({
      id,
      state: "failed",
      step: null,
      queuedAt: expect.any(String),
      startedAt: expect.any(String),
      finishedAt: expect.any(String),
      error: "site-config/lumiere/pages.json › pages[0].slug: expected a slug",
    });
  });

  it("the site's last publishes, newest first", async () => {
    const first = (await publish("lumiere")).json().id;
    const second = (await publish("lumiere")).json().id;
    const response = await app.inject({ method: "GET", url: "/sites/lumiere/publishes", headers: AUTH });
    expect(response.statusCode).toBe(200);
    expect(response.json().publishes.map((publish: { id: string }) => publish.id)).toEqual([second, first]);
  });

  it("another site's publish, an unknown one, or a malformed id are not found", async () => {
    const { id } = (await publish("lumiere")).json();
    const get = (url: string) => app.inject({ method: "GET", url, headers: AUTH });
    expect((await get(`/sites/starlight/publishes/${id}`)).statusCode).toBe(404);
    expect((await get("/sites/lumiere/publishes/20261123T101502123Z-abcdef")).statusCode).toBe(404);
    expect((await get("/sites/lumiere/publishes/..%2F..%2Fetc")).statusCode).toBe(400);
    expect((await get("/sites/odeon/publishes")).statusCode).toBe(404);
  });

  it("need the token", async () => {
    expect((await app.inject({ method: "GET", url: "/sites/lumiere/publishes" })).statusCode).toBe(401);
  });
});

describe("POST /sites/{siteId}/rollback", () => {
  beforeEach(() => open());

  it("makes the previous release live and says which", async () => {
    const response = await app.inject({ method: "POST", url: "/sites/starlight/rollback", headers: AUTH });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ live: "20261123T101502123Z-aaaaaa", replaced: "20261123T111502123Z-bbbbbb" });
    expect(rollBack).toHaveBeenCalledWith("starlight");
  });

  it("with no release before the live one: 409, nothing changed", async () => {
    rollBack.mockReturnValue(null);
    const response = await app.inject({ method: "POST", url: "/sites/lumiere/rollback", headers: AUTH });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe("no_previous_release");
  });

  it("needs the token and a known site", async () => {
    expect((await app.inject({ method: "POST", url: "/sites/lumiere/rollback" })).statusCode).toBe(401);
    expect((await app.inject({ method: "POST", url: "/sites/odeon/rollback", headers: AUTH })).statusCode).toBe(404);
    expect(rollBack).not.toHaveBeenCalled();
  });
});

describe("rate limits", () => {
  it("a client past its publishes per minute gets 429 with Retry-After, wrong tokens counted", async () => {
    await open({ rateLimit: { changes: 2, reads: 100 } });
    await app.inject({ method: "POST", url: "/sites/lumiere/publish", headers: { authorization: "Bearer guess" } });
    expect((await publish("lumiere")).statusCode).toBe(202);
    const limited = await publish("lumiere");
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe("too_many_requests");
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    // Reads have their own budget.
    expect((await app.inject({ method: "GET", url: "/sites/lumiere/publishes", headers: AUTH })).statusCode).toBe(200);
  });

  it("reads past theirs too", async () => {
    await open({ rateLimit: { changes: 10, reads: 1 } });
    const read = () => app.inject({ method: "GET", url: "/sites/lumiere/publishes", headers: AUTH });
    expect((await read()).statusCode).toBe(200);
    expect((await read()).statusCode).toBe(429);
  });
});

it("GET /healthz needs no token", async () => {
  await open();
  const response = await app.inject({ method: "GET", url: "/healthz" });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ status: "ok" });
});
