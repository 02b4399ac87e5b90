import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createUpstreamFetch } from "./upstream-fetch";

let server: Server;
let url: string;
const sockets = new Set<unknown>();
let answer: (res: import("node:http").ServerResponse) => void;

beforeAll(async () => {
  server = createServer((req, res) => {
    sockets.add(req.socket);
    req.resume();
    req.on("end", () => answer(res));
  });
  server.keepAliveTimeout = 10_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  sockets.clear();
  answer = (res) => {
    res.writeHead(200, { "Content-Type": "application/json", "X-Two": ["a", "b"] });
    res.end('{"peachCode":0}');
  };
});

const upstream = createUpstreamFetch({ maxBodyBytes: 1024 });

it("answers status, headers and body like fetch", async () => {
  const response = await upstream(new URL(`${url}/x`), { method: "POST", headers: { A: "1" }, body: "{}" });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/json");
  expect(response.headers.get("x-two")).toBe("a, b");
  expect(await response.json()).toEqual({ peachCode: 0 });
});

it("reuses its connection to the provider (keep-alive)", async () => {
  for (let i = 0; i < 5; i += 1) await (await upstream(`${url}/x`, { method: "GET" })).text();
  expect(sockets.size).toBe(1);
});

it("stops reading an answer past its cap, so the proxy's cap refuses it", async () => {
  answer = (res) => {
    res.writeHead(200, { "Content-Type": "application/json" });
    res.write("x".repeat(800));
    res.write("x".repeat(800));
    // never ends: the reader must not wait for the rest
  };
  const response = await upstream(`${url}/big`, { method: "GET" });
  expect((await response.arrayBuffer()).byteLength).toBe(1025);
});

it("is aborted by the signal, before or during the answer", async () => {
  answer = () => undefined; // never answers
  const controller = new AbortController();
  const pending = upstream(`${url}/slow`, { method: "GET", signal: controller.signal });
  setTimeout(() => controller.abort(), 50);
  await expect(pending).rejects.toThrow();
});

it("rejects when nothing listens, and on protocols it does not speak", async () => {
  await expect(upstream("http://127.0.0.1:1/", { method: "GET" })).rejects.toThrow();
  await expect(upstream("ftp://example.com/", { method: "GET" })).rejects.toThrow("unsupported protocol");
});
