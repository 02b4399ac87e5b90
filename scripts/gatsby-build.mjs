// `gatsby build` as every build of a site runs it: `npm run build` (and through it build:e2e,
// build:sites, npm start, the Dockerfile) and `npm run bench:build`.
//
// It caps the V8 heap of Gatsby and its workers (BUILD_HEAP_MB, default 1024). Without a cap,
// V8 sizes its heap to the machine (about 4 GB here) and lets garbage pile up: at 10,000 films the
// build's processes held 1.7 GiB, of which Gatsby's main process used under 550 MB after each full
// collection. With the cap the same build peaks at 1.3–1.4 GiB (issue 19; docs/architecture.md).
// A catalogue whose build needs more stops with V8's "heap out of memory": this says which
// setting to raise.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";

const DEFAULT_HEAP_MB = 1024;
const raw = process.env.BUILD_HEAP_MB ?? "";
const heapMb = raw === "" ? DEFAULT_HEAP_MB : Number(raw);
if (!Number.isInteger(heapMb) || heapMb < 256) {
  console.error(`[venue] BUILD_HEAP_MB must be a whole number of megabytes, at least 256 (got "${raw}").`);
  process.exit(1);
}

const gatsby = createRequire(import.meta.url).resolve("gatsby/cli.js");
const child = spawn(process.execPath, [gatsby, "build", ...process.argv.slice(2)], {
  stdio: ["inherit", "inherit", "pipe"],
  env: {
    ...process.env,
    GATSBY_TELEMETRY_DISABLED: "1",
    // Workers inherit NODE_OPTIONS; a cap the caller set there comes last, so it wins.
    NODE_OPTIONS: `--max-old-space-size=${heapMb} ${process.env.NODE_OPTIONS ?? ""}`.trim(),
  },
});
// stderr passes through; its tail is kept to tell V8's out-of-memory stop (in Gatsby's main process
// or one of its workers) from any other failure.
let tail = "";
child.stderr.on("data", (chunk) => {
  process.stderr.write(chunk);
  tail = (tail + chunk.toString()).slice(-20_000);
});
child.on("error", (err) => {
  console.error(`[venue] Could not start gatsby build: ${err.message}`);
  process.exit(1);
});
child.on("close", (code, signal) => {
  if (code !== 0 && /heap out of memory|Reached heap limit/.test(tail)) {
    console.error(
      `[venue] The build ran out of its ${heapMb} MB JavaScript heap. Set BUILD_HEAP_MB higher ` +
        `(for example ${heapMb * 2}) for a catalogue this size.`,
    );
  }
  process.exit(code ?? (signal ? 1 : 0));
});
