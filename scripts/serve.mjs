// The one server for `npm start` and the browser tests: serves the built site (public/) with
// Gatsby's production server, which answers unknown paths with /404.html and a 404 status.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";

const port = process.env.PORT || "9000";
const host = process.env.HOST || "localhost";
if (!existsSync("public/index.html")) {
  console.error("No built site in public/. Run `npm run build` (or `npm start`, which builds first).");
  process.exit(1);
}
const child = spawn("npx", ["gatsby", "serve", "--port", port, "--host", host], {
  stdio: "inherit",
  env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1" },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
