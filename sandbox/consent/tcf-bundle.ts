// The browser bundle of tcf-cmp.ts (the IAB's CMP API and TC string encoder with the stand-in's
// vendor list), which loader.js carries ahead of the SDK's code: built once per process with
// esbuild's buildSync (an IIFE, ES2017, minified) whose result is a `var standinTcf = …` the SDK
// calls (start, answered).
//
// esbuild runs in a child Node process: in Jest's jsdom environment, where the SDK's own tests run
// didomiSdkSource(), esbuild refuses to load (its Uint8Array invariant fails across realms).
import { execFileSync } from "node:child_process";
import path from "node:path";

/** The name the bundle's exports get in loader.js (a local of the SDK's function). */
export const TCF_BUNDLE_NAME = "standinTcf";

let bundle: string | undefined;

export function tcfCmpBundle(): string {
  bundle ??= build();
  return bundle;
}

function build(): string {
  const options = {
    entryPoints: [path.join(__dirname, "tcf-cmp.ts")],
    bundle: true,
    write: false,
    format: "iife",
    globalName: TCF_BUNDLE_NAME,
    platform: "browser",
    target: "es2017",
    minify: true,
    logLevel: "error",
  };
  const script = [
    'const { buildSync } = require("esbuild");',
    "const result = buildSync(JSON.parse(process.argv[1]));",
    "process.stdout.write(result.outputFiles[0].text);",
  ].join("\n");
  return execFileSync(process.execPath, ["-e", script, JSON.stringify(options)], {
    cwd: __dirname,
    encoding: "utf8",
    maxBuffer: 16 * 1024 * 1024,
    stdio: ["ignore", "pipe", "inherit"],
  });
}
