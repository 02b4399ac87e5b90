// npm run serve [-- site-dir…]: the production server (src/server/http/) over the built site(s);
// `npm start` and the browser tests use it too. Where esbuild is installed (a development
// checkout) the bundle is rebuilt first, so it never lags behind the sources; a production
// install (no devDependencies) runs the bundle its build stage made (`npm run build:server`).
import { existsSync } from "node:fs";
import { SERVER_BUNDLE, buildServerBundle } from "./build-server.mjs";

let canBuild = true;
try {
  await import("esbuild");
} catch {
  canBuild = false;
}
if (canBuild) await buildServerBundle({ quiet: true });
else if (!existsSync(SERVER_BUNDLE)) {
  console.error(
    `No server bundle at ${SERVER_BUNDLE}: run \`npm run build:server\` where devDependencies are installed.`,
  );
  process.exit(1);
}
await import(SERVER_BUNDLE);
