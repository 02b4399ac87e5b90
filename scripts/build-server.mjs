// npm run build:server: bundles the production server (src/server/http/start.ts and everything
// it imports: Fastify and its plugins, zod, src/server/) into one file, build/server.cjs, which
// runs on Node 20 with no node_modules at all (the Dockerfile's run stage has none).
// esbuild comes with tsx (a devDependency; it should become a direct one): production images build
// the bundle in their build stage.
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const SERVER_BUNDLE = path.join(ROOT, "build", "server.cjs");

export async function buildServerBundle({ quiet = false } = {}) {
  const esbuild = await import("esbuild");
  const started = Date.now();
  await esbuild.build({
    entryPoints: [path.join(ROOT, "src", "server", "http", "start.ts")],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: "node",
    target: "node20",
    format: "cjs",
    sourcemap: "linked",
    legalComments: "linked",
    logLevel: quiet ? "error" : "warning",
    tsconfig: path.join(ROOT, "tsconfig.json"),
  });
  if (!quiet) console.log(`build:server  ${path.relative(process.cwd(), SERVER_BUNDLE)} in ${Date.now() - started} ms`);
  return SERVER_BUNDLE;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  buildServerBundle().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
