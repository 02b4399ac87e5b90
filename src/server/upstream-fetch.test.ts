import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { callUpstream, UpstreamTimeoutError, type UpstreamRequest } from "./upstream-fetch";

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

const upstream = (target: string, call: Partial<UpstreamRequest> = {}) =>
  callUpstream(new URL(target), { method: "GET", headers: {}, timeoutMs: 2_000, maxBodyBytes: 1024, ...call });

it("answers the status, headers (repeated ones joined, as fetch does) and the whole body", async () => {
  const seen: string[] = [];
  answer = (res) => {
    res.writeHead(200, { "Content-Type": "application/json", "X-Two": ["a", "b"] });
    res.end('{"peachCode":0}');
  };
  server.once("request", (req: import("node:http").IncomingMessage) => {
    seen.push(`${req.method} ${req.url} ${req.headers.a} ${req.headers["content-length"]}`);
  });
  const answered = await upstream(`${url}/x`, { method: "POST", headers: { A: "1" }, body: "{}" });
  expect(answered.status).toBe(200);
  expect(answered.header("Content-Type")).toBe("application/json");
  expect(answered.header("x-two")).toBe("a, b");
  expect(answered.header("x-none")).toBeNull();
  expect(JSON.parse(answered.bytes?.toString("utf8") ?? "")).toEqual({ peachCode: 0 });
  expect(seen).toEqual(["POST /x 1 2"]);
});

it("reuses its connection to the provider (keep-alive)", async () => {
  for (let i = 0; i < 5; i += 1) expect((await upstream(`${url}/x`)).status).toBe(200);
  expect(sockets.size).toBe(1);
});

it.each([
  {
    case: "a declared length past the cap: nothing of it is read",
    send: (res: import("node:http").ServerResponse) => {
      res.writeHead(200, { "Content-Type": "application/json", "Content-Length": "5000" });
      res.write("x".repeat(100)); // never ends
    },
  },
  {
    case: "an undeclared answer that grows past the cap: reading stops there",
    send: (res: import("node:http").ServerResponse) => {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.write("x".repeat(800));
      res.write("x".repeat(800)); // never ends: the reader must not wait for the rest
    },
  },
])("an answer larger than maxBodyBytes comes back without bytes ($case)", async ({ send }) => {
  answer = send;
  const answered = await upstream(`${url}/big`);
  expect(answered).toMatchObject({ status: 200, bytes: null });
});

it("an answer of exactly maxBodyBytes is kept whole", async () => {
  answer = (res) => res.end("y".repeat(1024));
  expect((await upstream(`${url}/edge`)).bytes?.byteLength).toBe(1024);
});

it("gives up past timeoutMs, before the answer or during it, with UpstreamTimeoutError", async () => {
  answer = () => undefined; // never answers
  await expect(upstream(`${url}/slow`, { timeoutMs: 50 })).rejects.toBeInstanceOf(UpstreamTimeoutError);
  answer = (res) => {
    res.writeHead(200, { "Content-Type": "application/json" });
    res.write("{"); // starts, never ends
  };
  await expect(upstream(`${url}/slower`, { timeoutMs: 50 })).rejects.toBeInstanceOf(UpstreamTimeoutError);
});

it("rejects when nothing listens, and on protocols it does not speak", async () => {
  await expect(upstream("http://127.0.0.1:1/")).rejects.toThrow();
  await expect(upstream("http://127.0.0.1:1/")).rejects.not.toBeInstanceOf(UpstreamTimeoutError);
  await expect(upstream("ftp://example.com/")).rejects.toThrow("unsupported protocol");
});

describe("a connection the provider closes just as a call reuses it (keep-alive's race)", () => {
  it("sends the call once more, on a new connection, and answers its result", async () => {
    expect((await upstream(`${url}/first`)).status).toBe(200); // leaves an idle, kept-alive connection
    const firstSocket = [...sockets][0];
    const seen: string[] = [];
    answer = (res) => {
      seen.push(res.req.url ?? "");
      if (res.socket === firstSocket) return void res.socket?.destroy(); // closed with the call unanswered
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end('{"peachCode":0,"again":true}');
    };
    const answered = await upstream(`${url}/second`, { method: "POST", body: "{}" });
    expect(answered.status).toBe(200);
    expect(JSON.parse(answered.bytes?.toString("utf8") ?? "")).toEqual({ peachCode: 0, again: true });
    expect(seen).toEqual(["/second", "/second"]);
    expect(sockets.size).toBe(2);
  });

  it("tries once more only: a provider that resets every connection fails the call", async () => {
    expect((await upstream(`${url}/first`)).status).toBe(200);
    let calls = 0;
    answer = (res) => {
      calls += 1;
      res.socket?.destroy();
    };
    await expect(upstream(`${url}/x`)).rejects.toThrow("socket hang up");
    expect(calls).toBe(2);
  });

  it("a reset on a new connection is the provider's failure: not sent again", async () => {
    let calls = 0;
    answer = (res) => {
      calls += 1;
      res.socket?.destroy();
    };
    // No idle connection left on either side, so the call opens a new one.
    server.closeIdleConnections();
    await new Promise((resolve) => setTimeout(resolve, 50));
    sockets.clear();
    await expect(upstream(`${url}/x`)).rejects.toThrow("socket hang up");
    expect(sockets.size).toBe(1);
    expect(calls).toBe(1);
  });

  it("a reset in the middle of an answer is not sent again", async () => {
    expect((await upstream(`${url}/first`)).status).toBe(200);
    let calls = 0;
    answer = (res) => {
      calls += 1;
      res.writeHead(200, { "Content-Type": "application/json", "Content-Length": "100" });
      res.write('{"peachCode":');
      setTimeout(() => res.socket?.destroy(), 20);
    };
    await expect(upstream(`${url}/x`)).rejects.toThrow();
    expect(calls).toBe(1);
  });
});
