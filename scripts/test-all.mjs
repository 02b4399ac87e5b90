// npm test: every check, in order, stopping at the first that fails, then where the time went.
// The type check and the lint are independent and single-threaded, so they run side by side on
// the two cores; the later steps run one at a time (Jest's two workers, the Gatsby builds one after
// the other so that each reuses webpack's cache of the one before, Playwright's two workers).
import { spawn } from "node:child_process";

const STEPS = [["typecheck", "lint"], ["test:unit"], ["build:e2e"], ["test:budget"], ["test:e2e"], ["test:sites"]];

const timings = [];

/** Runs `npm run <script>`; side by side with others, its output is held and printed whole at its end. */
function run(script, { buffered }) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", script, "--silent"], {
      stdio: buffered ? ["ignore", "pipe", "pipe"] : "inherit",
    });
    let output = "";
    if (buffered) {
      child.stdout.on("data", (chunk) => (output += chunk));
      child.stderr.on("data", (chunk) => (output += chunk));
    }
    child.on("close", (status) => {
      const seconds = (Date.now() - started) / 1000;
      timings.push([script, seconds, status]);
      if (buffered && output) process.stdout.write(output);
      console.log(
        `npm test  ${script}: ${status === 0 ? "passed" : `FAILED (exit ${status})`} in ${seconds.toFixed(0)} s`,
      );
      resolve(status === 0);
    });
  });
}

function summary(started) {
  const total = (Date.now() - started) / 1000;
  console.log("\nnpm test  where the time went:");
  for (const [script, seconds, status] of timings)
    console.log(`  ${script.padEnd(12)} ${seconds.toFixed(0).padStart(5)} s${status === 0 ? "" : "  FAILED"}`);
  console.log(`  ${"total".padEnd(12)} ${total.toFixed(0).padStart(5)} s (side-by-side steps overlap)`);
}

const started = Date.now();
let ok = true;
for (const group of STEPS) {
  const results = await Promise.all(group.map((script) => run(script, { buffered: group.length > 1 })));
  if (results.includes(false)) {
    ok = false;
    break;
  }
}
summary(started);
process.exit(ok ? 0 : 1);
