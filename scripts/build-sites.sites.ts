// npm run test:sites (last step of `npm test`): `npm run build:sites` over a circuit where one
// site's configuration is broken. The good site is built for real (a full Gatsby build), lands in
// the output folder and is served by the production server; the broken one is named with its file
// and field; the exit code says that not all succeeded.
//
// That run is the one `npm run build:e2e` makes to build the browser tests' default site
// (SITES_RUN in e2e/variants.ts): this checks what it printed, its exit code and what it wrote,
// rather than building the same site a second time. Run `npm run build:e2e -- lumiere` first.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { SITES_RUN } from "../e2e/variants";

const ROOT = path.resolve(__dirname, "..");
const OUT = path.join(ROOT, SITES_RUN.out);
const LOG = path.join(ROOT, SITES_RUN.log);

function get(port: number, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path: "/", headers: { host } }, (res) => {
        let body = "";
        res.on("data", (chunk: Buffer) => (body += chunk.toString()));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on("error", reject);
  });
}

test("build:sites builds the good site, names the broken one by file and field, and exits 1", async () => {
  if (!existsSync(LOG))
    throw new Error(`${SITES_RUN.log}: no build:sites run on record; run \`npm run build:e2e -- lumiere\``);
  const output = readFileSync(LOG, "utf8");
  expect(output.trimEnd().split("\n").pop()).toBe("exit 1");
  // Every folder of the config root, in order, one progress line each.
  expect(output).toContain(`build:sites  2 site(s): ${SITES_RUN.brokenSite}, lumiere`);
  expect(output).toContain(`build:sites  [1/2] ${SITES_RUN.brokenSite}  FAILED (not built)`);
  expect(output).toMatch(new RegExp(`${SITES_RUN.brokenSite}/settings\\.json › loyalty\\.version: `));
  expect(output).toMatch(
    /build:sites {2}\[2\/2\] lumiere {2}built in [\d.]+ s → .*sites-dist\/lumiere\/ \(\d+ files\)/,
  );
  expect(output).toContain(`build:sites  1 built, 1 failed: ${SITES_RUN.brokenSite}`);

  expect(existsSync(path.join(OUT, SITES_RUN.brokenSite))).toBe(false);
  for (const file of ["public/index.html", "public/404.html", "server-settings.json", "match-paths.json"])
    expect(existsSync(path.join(OUT, "lumiere", file))).toBe(true);
  expect(JSON.parse(readFileSync(path.join(OUT, "lumiere", "server-settings.json"), "utf8"))).toMatchObject({
    siteId: "lumiere",
    domain: "www.cinema-lumiere.fr",
  });

  // Search engines get a robots.txt naming the sitemap, whose URLs are absolute; no source maps are published.
  const publicDir = path.join(OUT, "lumiere", "public");
  const robots = readFileSync(path.join(publicDir, "robots.txt"), "utf8");
  expect(robots).toContain("Disallow: /account/");
  expect(robots).toContain("Sitemap: https://www.cinema-lumiere.fr/sitemap-index.xml");
  const sitemap = readFileSync(path.join(publicDir, "sitemap-0.xml"), "utf8");
  expect(sitemap).toContain("<loc>https://www.cinema-lumiere.fr/films/</loc>");
  expect(sitemap).toMatch(/<loc>https:\/\/www\.cinema-lumiere\.fr\/films\/\d+-[a-z0-9-]+\/<\/loc>/);
  expect(sitemap).not.toMatch(/\/(account|cms-preview|booking|films\/__film|404|500)\//);
  expect(readdirSync(publicDir).filter((file) => file.endsWith(".map"))).toEqual([]);
  // Film pages carry their schema.org data in the HTML.
  const filmHtml = readFileSync(path.join(publicDir, "films", "1000021002-orbite-basse", "index.html"), "utf8");
  const jsonLd = /<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/.exec(filmHtml)?.[1] ?? "{}";
  const graph = (JSON.parse(jsonLd) as { "@graph"?: { "@type": string; name: string }[] })["@graph"] ?? [];
  expect(graph[0]).toMatchObject({ "@type": "Movie", name: "Orbite basse" });
  expect(graph.slice(1).every((node) => node["@type"] === "ScreeningEvent")).toBe(true);
  expect(graph.length).toBeGreaterThan(1);

  // What build:sites wrote is what the server serves: the output folder stands for its sites.
  expect(spawnSync(process.execPath, ["scripts/build-server.mjs"], { cwd: ROOT }).status).toBe(0);
  const server = spawn(process.execPath, ["build/server.cjs", OUT], {
    cwd: ROOT,
    // Captcha off, said explicitly: the server refuses to start with neither a secret nor this.
    env: { PATH: process.env.PATH ?? "", HOST: "127.0.0.1", PORT: "0", RECAPTCHA_OFF: "true" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let log = "";
      server.stdout.on("data", (chunk: Buffer) => {
        log += chunk.toString();
        const found = /listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(log);
        if (found) resolve(Number(found[1]));
      });
      server.on("exit", (code) => reject(new Error(`server exited ${code}: ${log}`)));
    });
    const home = await get(port, "www.cinema-lumiere.fr");
    expect(home.status).toBe(200);
    expect(home.body).toContain('<html lang="fr-FR"');
  } finally {
    server.kill("SIGTERM");
  }
}, 60_000);
