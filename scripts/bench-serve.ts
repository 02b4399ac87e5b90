// npm run bench:serve [-- --duration 10 --connections 50 --rate 200 --rate-duration 30 --gatsby
// --bundle path/to/server.cjs --profile dir --function]: load on the production server (build/server.cjs, rebuilt first,
// or the bundle given, e.g. one built from an older commit for a before/after) over the last
// build in public/, with autocannon:
// - a film page (brotli accepted, as browsers do, and without compression) and the app script every
//   page loads (brotli);
// - issue 43's flood: --flood-connections (1,500) keep-alive clients asking for the film page with
//   brotli for --flood-duration (15) s: 5xx, req/s and the server's memory peak (RSS sampled every
//   100 ms) over its memory before; and refused uploads at full size: 10 tries each of a 200 MiB
//   declared multipart body and a 200 MiB chunked JSON body, from a client reading while it sends
//   (as curl does), and of a 24 MiB one from a client that reads only once it has sent it: how many
//   got their JSON refusal;
// - /api/cypher (a sign-in envelope) in front of a local provider that answers in 50 ms, and the
//   same call straight to that provider: the difference is the proxy's overhead;
// - issue 20's bar: /api/cypher at a fixed 200 req/s for 30 s, one call every 5 ms (paced();
//   errors, p99, and how much the server's memory grew over that run; bar: 0 errors,
//   p99 ≤ 70 ms, ≤ 50 MiB), and the floor: the same rate straight at the provider stand-in (the
//   load generator and the stand-in share the machine with the server, so their own tail is part
//   of every figure); then the same rate as autocannon sends it, in bursts of --connections calls
//   at once (a stress figure, printed beside the bar);
// and the server's memory (RSS) before and after. `--gatsby` measures `gatsby serve` the same way,
// for comparison with the server it replaced; `--function` measures /api/cypher through the last
// build's compiled Function (.cache/functions/cypher.js) loaded once, as a warm Functions host runs
// it (scripts/bench-function-host.mjs; `gatsby serve` re-requires it on every call). The server runs with its per-address limits lifted
// (every request comes from 127.0.0.1) and captcha off. `--profile dir` writes the production
// server's V8 CPU profile (--cpu-prof) there, for the whole run.
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import autocannon from "autocannon";
import { cypherPost, upload } from "../src/test/raw-upload";

const args = process.argv.slice(2);
const siteAt = args.indexOf("--site");
/** The built project served (default: this one); `--site ../other` measures another checkout's build. */
const ROOT = siteAt >= 0 ? path.resolve(args[siteAt + 1] ?? ".") : process.cwd();
const option = (name: string, fallback: number) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const DURATION = option("duration", 10);
const CONNECTIONS = option("connections", 50);
const RATE = option("rate", 200);
const RATE_DURATION = option("rate-duration", 30);
const FLOOD_CONNECTIONS = option("flood-connections", 1500);
const FLOOD_DURATION = option("flood-duration", 15);
const bundleAt = args.indexOf("--bundle");
const GIVEN_BUNDLE = bundleAt >= 0 ? path.resolve(args[bundleAt + 1] ?? "") : null;
const profileAt = args.indexOf("--profile");
const PROFILE_DIR = profileAt >= 0 ? path.resolve(args[profileAt + 1] ?? "bench-profiles") : null;
const UPSTREAM_DELAY_MS = 50;
const LOGIN_ROUTE = "/Member/v3/Login?CypherCircuitId=";
const ENVELOPE = JSON.stringify({
  reqMetadata: { method: "POST", route: LOGIN_ROUTE },
  username: "bench@example.com",
  password: "not-a-real-password",
});

type Figures = {
  label: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** Fixed-rate runs: autocannon's own p50/p99, with its coordinated-omission fill (see load()). */
  filled?: { p50: number; p99: number };
  /** The fixed rate sent evenly (paced()): the run issue 20's bar is read on. */
  paced?: true;
};

/** The q-quantile (0..1) of sorted values, rounded to the millisecond like autocannon's. */
function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0);
}

async function load(
  label: string,
  options: autocannon.Options,
  fixed?: { rate: number; duration: number },
): Promise<Figures> {
  // A short warm-up, then the measured run.
  await autocannon({ ...options, duration: 2, connections: CONNECTIONS });
  const run = autocannon({
    ...options,
    duration: fixed?.duration ?? DURATION,
    connections: CONNECTIONS,
    ...(fixed ? { overallRate: fixed.rate } : {}),
  });
  // At a fixed rate autocannon "corrects" each latency for coordinated omission with an expected
  // interval of ceil(1 / per-connection rate) = 1 ms, i.e. it also records every value from the
  // latency down to 1 ms: its p50 falls below the provider's own 50 ms. The latencies of the
  // answers themselves are recorded here.
  // autocannon's fixed rate comes in bursts: each connection makes its calls of the second back
  // to back when its one-second tick comes, and the connections tick together, so at 200/s over
  // 50 connections the server gets 50 calls at once, four times, then nothing for ~750 ms. That
  // is printed as a stress figure; the bar is read on paced() below, which sends at the rate.
  const latencies: number[] = [];
  if (fixed)
    run.on("response", (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
    });
  const result = await run;
  latencies.sort((a, b) => a - b);
  return {
    label,
    rps: result.requests.average,
    p50: fixed ? quantile(latencies, 0.5) : result.latency.p50,
    p99: fixed ? quantile(latencies, 0.99) : result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    ...(fixed ? { filled: { p50: result.latency.p50, p99: result.latency.p99 } } : {}),
  };
}

/**
 * A fixed rate as it reaches a server from many visitors: one call every 1000/rate ms, over a
 * keep-alive pool of up to CONNECTIONS sockets (an open model: a call is sent when it is due,
 * whether or not earlier ones have been answered). Each latency runs from the moment the call was
 * due, so a call held back by the generator, or waiting for a free socket, counts its wait
 * (no coordinated omission). autocannon has no such mode (see load()).
 */
async function paced(label: string, options: autocannon.Options, rate: number, duration: number): Promise<Figures> {
  const target = new URL(options.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const call = (due: number) =>
    new Promise<{ status: number; ms: number } | null>((resolve) => {
      const request = http.request(
        target,
        { method: options.method ?? "GET", headers: options.headers, agent, timeout: 10_000 },
        (response) => {
          response.resume();
          response.on("end", () => resolve({ status: response.statusCode ?? 0, ms: performance.now() - due }));
          response.on("error", () => resolve(null));
        },
      );
      request.on("timeout", () => request.destroy(new Error("timeout")));
      request.on("error", () => resolve(null));
      request.end(options.body);
    });
  const sendAll = async (seconds: number) => {
    const calls: Promise<{ status: number; ms: number } | null>[] = [];
    const start = performance.now();
    for (let i = 0; i < rate * seconds; i += 1) {
      const due = start + (i * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      calls.push(call(due));
    }
    return Promise.all(calls);
  };
  await sendAll(2); // warm-up
  const answers = await sendAll(duration);
  agent.destroy();
  const latencies = answers
    .flatMap((a) => (a && a.status >= 200 && a.status < 300 ? [a.ms] : []))
    .sort((a, b) => a - b);
  return {
    label,
    rps: latencies.length / duration,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    non2xx: answers.filter((a) => a && (a.status < 200 || a.status >= 300)).length,
    errors: answers.filter((a) => a === null).length,
    paced: true,
  };
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** The provider stand-in, in its own process so it does not share the load generator's event loop. */
function startUpstream(): Promise<{ url: string; child: ChildProcess }> {
  const code = `
    const http = require("node:http");
    const server = http.createServer((req, res) => {
      req.resume();
      req.on("end", () => setTimeout(() => {
        res.writeHead(200, { "Content-Type": "application/json" });
        res.end('{"peachCode":0,"memberDetails":{"memberId":"1"},"sessionManagementTokens":{"token":"t","refreshToken":"r"}}');
      }, ${UPSTREAM_DELAY_MS}));
    });
    server.keepAliveTimeout = 60000;
    server.listen(0, "127.0.0.1", () => console.log(server.address().port));`;
  const child = spawn(process.execPath, ["-e", code], { stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve) => {
    child.stdout?.once("data", (chunk: Buffer) =>
      resolve({ url: `http://127.0.0.1:${chunk.toString().trim()}`, child }),
    );
  });
}

async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i += 1) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited (${child.exitCode})`);
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer`);
}

async function measure(
  name: string,
  start: (port: number, upstream: string) => ChildProcess,
  upstream: string,
  pages: { film: string; script: string } | null,
): Promise<{ name: string; figures: Figures[]; rss: number[]; notes: string[] }> {
  const port = await freePort();
  const child = start(port, upstream);
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/`, child);
  const pid = child.pid ?? 0;
  const rss = [rssMb(pid)];
  const figures: Figures[] = [];
  // A Functions host serves no pages: its "film page" row is left out (and its memory not moved).
  const notes: string[] = [];
  if (pages) {
    for (const [label, urlPath, encoding] of [
      ["film page, brotli", pages.film, "br"],
      ["film page, uncompressed", pages.film, "identity"],
      ["app script, brotli", pages.script, "br"],
    ] as const)
      figures.push(
        await load(`${name}: ${label}`, { url: `${base}${urlPath}`, headers: { "accept-encoding": encoding } }),
      );
    // Issue 43's cases are the production server's own.
    if (name === "fastify")
      notes.push(await flood(name, `${base}${pages.film}`, pid), ...(await refusedUploads(name, port)));
  }
  rss.push(rssMb(pid));
  const call = {
    url: `${base}/api/cypher`,
    method: "POST",
    headers: { "content-type": "application/json", origin: base, "sec-fetch-site": "same-origin" },
    body: ENVELOPE,
  } as const;
  figures.push(await load(`${name}: /api/cypher`, call));
  rss.push(rssMb(pid));
  figures.push(await paced(`${name}: /api/cypher ${RATE}/s`, call, RATE, RATE_DURATION));
  rss.push(rssMb(pid));
  figures.push(await load(`${name}: … in bursts`, call, { rate: RATE, duration: RATE_DURATION }));
  child.kill("SIGTERM");
  await new Promise((resolve) => child.once("exit", resolve));
  return { name, figures, rss, notes };
}

/** Issue 43's flood: many brotli clients at once on a page; the server's memory sampled throughout. */
async function flood(name: string, url: string, pid: number): Promise<string> {
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 100);
  const result = await autocannon({
    url,
    connections: FLOOD_CONNECTIONS,
    duration: FLOOD_DURATION,
    headers: { "accept-encoding": "br" },
  });
  clearInterval(sampler);
  const fiveXx = result["5xx"];
  return `${`${name}: flood (issue 43)`.padEnd(28)} ${FLOOD_CONNECTIONS} brotli clients for ${FLOOD_DURATION} s: ${(result.requests.total / FLOOD_DURATION).toFixed(0)} req/s, p99 ${result.latency.p99} ms, max ${result.latency.max} ms, ${fiveXx} 5xx, ${result.errors + result.timeouts} errors; memory ${before.toFixed(0)} MB → peak ${peak.toFixed(0)} MB (+${(peak - before).toFixed(0)} MB; bar +300), ${rssMb(pid).toFixed(0)} MB after`;
}

/** Issue 43's refused uploads at full size: how many of 10 clients got their JSON refusal. */
async function refusedUploads(name: string, port: number): Promise<string[]> {
  const MiB = 1024 * 1024;
  const cases = [
    [
      "200 MiB multipart, declared",
      cypherPost("multipart/form-data; boundary=b", `Content-Length: ${200 * MiB}\r\n`),
      200 * MiB,
      { readWhileSending: true },
    ],
    [
      "200 MiB JSON, chunked",
      cypherPost("application/json", "Transfer-Encoding: chunked\r\n"),
      200 * MiB,
      { readWhileSending: true, chunked: true },
    ],
    [
      "24 MiB multipart, read once sent",
      cypherPost("multipart/form-data; boundary=b", `Content-Length: ${24 * MiB}\r\n`),
      24 * MiB,
      {},
    ],
  ] as const;
  const lines: string[] = [];
  for (const [label, head, size, options] of cases) {
    let refused = 0;
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const { answer } = await upload(port, head, size, options);
      if (answer.startsWith("HTTP/1.1 413 ") && answer.includes('"payload_too_large"')) refused += 1;
    }
    lines.push(`${`${name}: refused upload`.padEnd(28)} ${label}: ${refused} of 10 got their JSON 413`);
  }
  return lines;
}

async function main(): Promise<void> {
  const { buildServerBundle, SERVER_BUNDLE } = (await import(
    path.join(process.cwd(), "scripts", "build-server.mjs")
  )) as {
    buildServerBundle: (o: { quiet: boolean }) => Promise<string>;
    SERVER_BUNDLE: string;
  };
  const bundle = GIVEN_BUNDLE ?? SERVER_BUNDLE;
  if (!GIVEN_BUNDLE) await buildServerBundle({ quiet: true });
  const index = JSON.parse(readFileSync(path.join(ROOT, "public", "film-index.json"), "utf8")) as Record<
    string,
    string
  >;
  const filmPath = Object.values(index)[0];
  if (!filmPath) throw new Error("public/film-index.json lists no film: build a site first");
  // The script every page loads (a content-hashed file: served from its precompressed copy).
  const filmHtml = readFileSync(path.join(ROOT, "public", filmPath, "index.html"), "utf8");
  const scriptPath = /<script src="(\/app-[0-9a-f]+\.js)"/.exec(filmHtml)?.[1];
  if (!scriptPath) throw new Error(`${filmPath}: no app script in its HTML`);
  const pages = { film: filmPath, script: scriptPath };
  const upstream = await startUpstream();
  console.log(
    `bench:serve  ${DURATION} s per run, ${CONNECTIONS} connections, provider answering in ${UPSTREAM_DELAY_MS} ms, film page ${filmPath}`,
  );

  const straight = {
    url: `${upstream.url}${LOGIN_ROUTE}`,
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "bench@example.com", password: "not-a-real-password" }),
  } as const;
  const direct = await load("provider directly", straight);
  const floor = await paced(`provider directly ${RATE}/s`, straight, RATE, RATE_DURATION);
  const floorBursts = await load(`… in bursts`, straight, { rate: RATE, duration: RATE_DURATION });

  // What every measured host is given: its port, the upstream stand-in, no captcha.
  const hostEnv = (port: number, cypher: string): NodeJS.ProcessEnv => ({
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    CYPHER_API_URL: cypher,
    RECAPTCHA_OFF: "true",
  });
  const runs = [
    await measure(
      "fastify",
      (port, cypher) =>
        spawn(process.execPath, [...(PROFILE_DIR ? ["--cpu-prof", "--cpu-prof-dir", PROFILE_DIR] : []), bundle, ROOT], {
          env: {
            ...hostEnv(port, cypher),
            MEMBER_RATE_LIMIT: "off",
            MEMBER_RATE_LIMIT_SENSITIVE: "off",
            LOG_LEVEL: process.env.LOG_LEVEL ?? "info",
          },
          stdio: "ignore",
        }),
      upstream.url,
      pages,
    ),
  ];
  if (args.includes("--function")) {
    // Gatsby's compiled Function of the last build, as a warm Functions host runs it.
    const compiled = path.join(ROOT, ".cache", "functions", "cypher.js");
    runs.push(
      await measure(
        "function (warm)",
        (port, cypher) =>
          spawn(process.execPath, [path.join(process.cwd(), "scripts", "bench-function-host.mjs"), compiled], {
            cwd: ROOT,
            env: hostEnv(port, cypher),
            stdio: "ignore",
          }),
        upstream.url,
        null,
      ),
    );
  }
  if (args.includes("--gatsby")) {
    runs.push(
      await measure(
        "gatsby serve",
        (port, cypher) =>
          spawn(
            path.join(ROOT, "node_modules", ".bin", "gatsby"),
            ["serve", "--port", String(port), "--host", "127.0.0.1"],
            {
              env: { ...process.env, CYPHER_API_URL: cypher, GATSBY_TELEMETRY_DISABLED: "1" },
              stdio: "ignore",
            },
          ),
        upstream.url,
        pages,
      ),
    );
  }
  upstream.child.kill("SIGTERM");

  const row = (f: Figures) =>
    `${f.label.padEnd(28)} ${f.rps.toFixed(0).padStart(8)} req/s   p50 ${String(f.p50).padStart(4)} ms   p99 ${String(f.p99).padStart(4)} ms${f.filled ? `   (autocannon's filled histogram: p50 ${f.filled.p50}, p99 ${f.filled.p99} ms)` : ""}${f.non2xx || f.errors ? `   (${f.non2xx} non-2xx, ${f.errors} errors)` : ""}`;
  console.log("");
  console.log(row(direct));
  console.log(row(floor));
  console.log(row(floorBursts));
  for (const run of runs) {
    for (const f of run.figures) console.log(row(f));
    for (const note of run.notes) console.log(note);
    const cypher = run.figures.find((f) => f.label.endsWith(": /api/cypher"));
    if (cypher)
      console.log(
        `${`${run.name}: proxy overhead`.padEnd(28)} p50 +${cypher.p50 - direct.p50} ms, p99 +${cypher.p99 - direct.p99} ms over the provider alone`,
      );
    const [before, afterPages, afterCypher, afterRate] = run.rss.map((mb) => mb.toFixed(1));
    console.log(
      `${`${run.name}: memory (RSS)`.padEnd(28)} ${before} MB at start → ${afterPages} MB after the pages → ${afterCypher} MB after /api/cypher → ${afterRate} MB after the fixed rate`,
    );
    const fixed = run.figures.find((f) => f.paced);
    const bursts = run.figures.find((f) => f.filled);
    const growth = (run.rss[3] ?? 0) - (run.rss[2] ?? 0);
    if (fixed)
      console.log(
        `${`${run.name}: bar (issue 20)`.padEnd(28)} ${RATE} req/s for ${RATE_DURATION} s: ${fixed.errors} errors, ${fixed.non2xx} non-2xx, p99 ${fixed.p99} ms (≤ 70; the provider alone at that rate: ${floor.p99} ms), memory ${growth >= 0 ? "+" : "−"}${Math.abs(growth).toFixed(1)} MB (≤ 50)${bursts ? `; in autocannon's bursts of ${CONNECTIONS}: p99 ${bursts.p99} ms (the provider alone: ${floorBursts.p99} ms)` : ""}`,
      );
  }
}

main().catch((error: unknown) => {
  console.error(`bench:serve  ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
