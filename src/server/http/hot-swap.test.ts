// Issue 47's bar for the production server: a publish swaps a site's release under a running
// server, and not one request fails. The real server listens on a socket (PUBLISH_TEST_PORT, else a
// free port) over a site made of a few files in two releases; clients keep asking for its pages,
// page data and a large file (streamed from disk, not from memory) while the site's link is swapped
// between the releases as a publish swaps it. Every answer must be a 200 whose body and
// Content-Security-Policy are of one and the same release, and after each swap the new release
// must be what is served.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { buildServer, type ProductionServer } from "./app";
import { serverDeploySettings } from "./deploy-settings";
import { liveSite } from "./live-site";
import { loadSiteBundle } from "./site-bundle";
import { makeLive, newReleaseId, writeRelease } from "./site-releases";
import { writePublicFiles, writeServerSettings } from "../../test/tiny-site";

const CHECK_EVERY_MS = 25;
const SWAPS = 6;
const CLIENTS = 4;
/** Past what the server keeps in memory (256 KiB): streamed from the release's folder. */
const BIG_FILE_BYTES = 512 * 1024;
/** Answers between two swaps. */
const ANSWERS_PER_SWAP = 40;
const PATHS = ["/", "/films/", "/page-data/index/page-data.json", "/big.bin"] as const;

jest.setTimeout(60_000);

let out: string;
let server: ProductionServer;
let origin: string;
const releases: string[] = [];
const logLines: string[] = [];

/** A release whose every file says which it is ("A" or "B"); its inline script differs, so does its CSP. */
function writeSiteRelease(name: string, minute: number): string {
  const id = newReleaseId(Date.UTC(2026, 10, 23) + minute * 60_000, "abcdef");
  writeRelease(out, "lumiere", id, (dir) => {
    const files: Record<string, string | Buffer> = {
      "index.html": `<html><body><script>window.release=${JSON.stringify(name)}</script><p>release ${name}</p></body></html>`,
      "404.html": `<html><body>not found ${name}</body></html>`,
      "films/index.html": `<html><body>films of release ${name}</body></html>`,
      "page-data/index/page-data.json": JSON.stringify({ path: "/", release: name }),
      "big.bin": Buffer.alloc(BIG_FILE_BYTES, name),
    };
    writePublicFiles(dir, files);
    writeServerSettings(dir);
    writeFileSync(path.join(dir, "match-paths.json"), "[]");
  });
  return id;
}

const scriptHash = (name: string) =>
  `'sha256-${createHash("sha256")
    .update(`window.release=${JSON.stringify(name)}`)
    .digest("base64")}'`;

beforeAll(async () => {
  out = mkdtempSync(path.join(os.tmpdir(), "hot-swap-"));
  releases.push(writeSiteRelease("A", 0), writeSiteRelease("B", 1));
  makeLive(out, "lumiere", releases[0]!);
  const env = { RECAPTCHA_OFF: "true", CYPHER_API_URL: "http://127.0.0.1:9", HOST: "127.0.0.1" };
  const site = liveSite(path.join(out, "lumiere"), {
    load: (dir) => loadSiteBundle(dir, [], env),
    checkEveryMs: CHECK_EVERY_MS,
  });
  server = await buildServer({
    sites: [site],
    deploy: serverDeploySettings(env),
    env,
    logStream: new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    }),
  });
  await server.app.listen({ port: Number(process.env.PUBLISH_TEST_PORT) || 0, host: "127.0.0.1" });
  origin = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await server?.app.close();
  rmSync(out, { recursive: true, force: true });
});

type Answer = { path: string; status: number; release: string | null; cspRelease: string | null; problem?: string };

/** Which release an answer's body is of, and whether its length is whole. */
function releaseOfBody(requestPath: string, body: Buffer): string | null {
  if (requestPath === "/big.bin") {
    const first = String.fromCharCode(body[0] ?? 0);
    return body.length === BIG_FILE_BYTES && body.every((byte) => byte === body[0]) ? first : null;
  }
  return /release["\s:=]*"?([AB])/.exec(body.toString("utf8"))?.[1] ?? null;
}

async function ask(requestPath: string): Promise<Answer> {
  try {
    const response = await fetch(`${origin}${requestPath}`, { headers: { "accept-encoding": "identity" } });
    const body = Buffer.from(await response.arrayBuffer());
    const csp = response.headers.get("content-security-policy") ?? "";
    const cspRelease = csp.includes(scriptHash("A")) ? "A" : csp.includes(scriptHash("B")) ? "B" : null;
    return { path: requestPath, status: response.status, release: releaseOfBody(requestPath, body), cspRelease };
  } catch (error) {
    return { path: requestPath, status: 0, release: null, cspRelease: null, problem: String(error) };
  }
}

it("serves every request while its release is swapped, each from one release, the new one after the swap", async () => {
  const answers: Answer[] = [];
  let asking = true;
  const client = async (offset: number) => {
    for (let turn = offset; asking; turn += 1) answers.push(await ask(PATHS[turn % PATHS.length]!));
  };
  const clients = Array.from({ length: CLIENTS }, (_, offset) => client(offset));

  const seen: string[] = [];
  for (let swap = 1; swap <= SWAPS; swap += 1) {
    const name = swap % 2 === 1 ? "B" : "A";
    makeLive(out, "lumiere", releases[name === "A" ? 0 : 1]!);
    // The new release is what new requests get, soon after the swap.
    const deadline = Date.now() + 5_000;
    for (;;) {
      const answer = await ask("/");
      if (answer.release === name) break;
      if (Date.now() > deadline) throw new Error(`swap ${swap}: release ${name} not served after 5 s`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    seen.push(name);
    // The clients go on asking, from the new release, before the next swap.
    const before = answers.length;
    while (answers.length < before + ANSWERS_PER_SWAP) await new Promise((resolve) => setTimeout(resolve, 5));
  }
  asking = false;
  await Promise.all(clients);

  expect(seen).toEqual(["B", "A", "B", "A", "B", "A"]);
  expect(answers.length).toBeGreaterThanOrEqual(SWAPS * ANSWERS_PER_SWAP);
  const failed = answers.filter((answer) => answer.status !== 200 || answer.release === null);
  expect(failed).toEqual([]);
  // An HTML page's policy is its own release's: settings, files and headers swap together.
  const html = answers.filter((answer) => answer.path === "/" || answer.path === "/films/");
  const mixed = html.filter((answer) => answer.path === "/" && answer.cspRelease !== answer.release);
  expect(mixed).toEqual([]);
  expect(new Set(answers.map((answer) => answer.release))).toEqual(new Set(["A", "B"]));
  expect(logLines.join("")).toContain('site \\"lumiere\\" now serves');
});
