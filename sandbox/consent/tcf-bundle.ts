// The consent stand-in's browser bundles, each built once per process with esbuild's buildSync (an
// IIFE, ES2017, minified) whose result is a `var <name> = …` of the module's exports:
// - tcf-cmp.ts (the IAB's TCF CMP API and TC string encoder with the stand-in's vendor list), which
//   loader.js carries ahead of the SDK's code, as a local the SDK calls (start, answered);
// - gpp-cmp.ts (the IAB's GPP CMP API), served on its own as sdk/gpp.js: the IAB's library holds
//   every section's encoder (140 KB minified), which only a visitor under a US regulation needs, so
//   the SDK loads it for those alone (startGpp, gppAnswered on `window[GPP_BUNDLE_NAME]`).
//
// esbuild runs in a child Node process: in Jest's jsdom environment, where the SDK's own tests run
// didomiSdkSource(), esbuild refuses to load (its Uint8Array invariant fails across realms).
import { execFileSync } from "node:child_process";
import path from "node:path";

/** The name the TCF bundle's exports get in loader.js (a local of the SDK's function). */
export const TCF_BUNDLE_NAME = "standinTcf";
/** The global the GPP bundle's exports get (gpp.js is a script of its own). */
export const GPP_BUNDLE_NAME = "__didomiStandinGpp";

const bundles = new Map<string, string>();

export const tcfCmpBundle = (): string => bundle("tcf-cmp.ts", TCF_BUNDLE_NAME);
// Put on window by name as well: the bundle starts "use strict", and strict code run through eval
// (as the stand-in's jsdom tests run scripts) keeps its top-level var to itself.
export const gppCmpBundle = (): string =>
  `${bundle("gpp-cmp.ts", GPP_BUNDLE_NAME)};window.${GPP_BUNDLE_NAME} = ${GPP_BUNDLE_NAME};`;

function bundle(entry: string, globalName: string): string {
  let source = bundles.get(entry);
  if (source === undefined) {
    source = build(entry, globalName);
    bundles.set(entry, source);
  }
  return source;
}

function build(entry: string, globalName: string): string {
  const options = {
    entryPoints: [path.join(__dirname, entry)],
    bundle: true,
    write: false,
    format: "iife",
    globalName,
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
