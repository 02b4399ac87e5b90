// `npm start` after its build: makes this checkout's own build (`npm run build`: public/ and what
// the server reads of .cache/) the live release of SITE under PUBLISH_DIR (default dist/), the
// folder the publisher publishes into, so that the site `npm start` serves is the one a publish
// replaces. Prints the site's folder, which is what to serve.
import path from "node:path";
import { loadOptionsFromEnv } from "../src/config/load";
import { releaseBuiltCopy } from "./build-sites";

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) {
  const root = process.cwd();
  const { siteId } = loadOptionsFromEnv();
  const outDir = path.resolve(root, process.env.PUBLISH_DIR?.trim() || "dist");
  try {
    releaseBuiltCopy(root, outDir, siteId);
    console.log(path.join(outDir, siteId));
  } catch (error) {
    console.error(`The build cannot be released into ${outDir}: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}
