// node scripts/bench-function-host.cjs <compiled function> (PORT, HOST from the environment): a
// warm Functions host for `npm run bench:serve -- --function`. It loads Gatsby's compiled
// /api/cypher Function (.cache/functions/cypher.js: the wrapper with Gatsby's body parsers around
// src/api/cypher.ts, as it is deployed) once, as a hosted Function's instance does between
// invocations, and hands it every request with the few Express helpers Gatsby Functions get
// (status, send, json). `gatsby serve` cannot stand in for this: it re-requires the compiled
// Function on every request (gatsby/dist/internal-plugins/functions/middleware.js), which is
// what issue 20 measured at about 90 ms of CPU and 6 MiB per call.
import { createRequire } from "node:module";
import http from "node:http";
import path from "node:path";

const file = path.resolve(process.argv[2] || ".cache/functions/cypher.js");
// The compiled Function is CommonJS, as Gatsby writes it.
const loaded = createRequire(import.meta.url)(file);
const handler = (loaded && loaded.default) || loaded;
if (typeof handler !== "function") throw new Error(`${file} exports no function`);

const server = http.createServer((req, res) => {
  if (req.url === "/" || req.url === "/healthz") {
    res.writeHead(200, { "Content-Type": "text/plain" }).end("ok\n");
    return;
  }
  if (!req.url.startsWith("/api/cypher")) {
    res.writeHead(404).end();
    return;
  }
  req.originalUrl = req.url;
  req.ip = req.socket.remoteAddress;
  res.status = (code) => {
    res.statusCode = code;
    return res;
  };
  res.json = (data) => {
    if (!res.hasHeader("content-type")) res.setHeader("content-type", "application/json");
    res.end(JSON.stringify(data));
    return res;
  };
  res.send = (data) =>
    typeof data === "object" && data !== null && !Buffer.isBuffer(data) ? res.json(data) : res.end(data);
  Promise.resolve(handler(req, res)).catch((error) => {
    console.error(error);
    if (!res.headersSent) res.writeHead(500).end();
  });
});
server.keepAliveTimeout = 60_000;
server.listen(Number(process.env.PORT || 9280), process.env.HOST || "127.0.0.1");
process.on("SIGTERM", () => server.close(() => process.exit(0)));
