// Issue 20's bar: hostile requests against the real server process (build/server.cjs) over a tiny
// site written here (no Gatsby build needed), with a provider that records what reaches it. Every
// answer under /api/ must be a JSON 4xx error, none may reach the provider (every route here is off
// the table or the request is malformed), and nothing answers 5xx: paths, encodings, methods,
// content types, multipart shapes, oversize and slow bodies, long URLs. Then the per-address
// limits (429 with Retry-After) and the wallet answers, against the same kind of process.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { recordingUpstream, startServer, type RecordingUpstream, type ServerProcess } from "./fixtures/server-process";

test.describe.configure({ mode: "default" });

const LOGIN = { method: "POST", route: "/Member/v3/Login?CypherCircuitId=C1" };

function tinySite(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), "fuzz-site-"));
  mkdirSync(path.join(dir, "public"), { recursive: true });
  writeFileSync(path.join(dir, "public", "index.html"), "<!doctype html><html lang=en><title>t</title></html>");
  writeFileSync(path.join(dir, "public", "404.html"), "<!doctype html><html lang=en><title>404</title></html>");
  writeFileSync(
    path.join(dir, "server-settings.json"),
    JSON.stringify({
      siteId: "fuzz",
      domain: "www.fuzz.example",
      ticketingUrl: "https://tickets.fuzz.example",
      loyalty: { tokenParam: "token" },
    }),
  );
  writeFileSync(path.join(dir, "match-paths.json"), "[]");
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Writes raw bytes (optionally in two halves with a pause between) and reads until the server closes. */
function rawHttp(port: number, request: string | Buffer, options: { pauseMs?: number } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", () => undefined); // EPIPE/ECONNRESET once the server has answered and closed.
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("latin1");
      const head = text.slice(0, Math.max(0, text.indexOf("\r\n\r\n")));
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      if (!status) return reject(new Error(`no answer to ${String(request).slice(0, 80)}`));
      const headers: Record<string, string> = {};
      for (const line of head.split("\r\n").slice(1)) {
        const at = line.indexOf(":");
        headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
      }
      let body = text.slice(text.indexOf("\r\n\r\n") + 4);
      if (headers["transfer-encoding"] === "chunked") body = dechunk(body);
      resolve({ status, headers, body });
    });
    const bytes = Buffer.isBuffer(request) ? request : Buffer.from(request, "latin1");
    if (options.pauseMs) {
      socket.write(bytes.subarray(0, Math.floor(bytes.length / 2)));
      setTimeout(() => socket.writable && socket.write(bytes.subarray(Math.floor(bytes.length / 2))), options.pauseMs);
    } else {
      socket.write(bytes);
    }
  });
}

function dechunk(text: string): string {
  let out = "";
  let rest = text;
  for (;;) {
    const eol = rest.indexOf("\r\n");
    const size = parseInt(rest.slice(0, eol), 16);
    if (!size) return out;
    out += rest.slice(eol + 2, eol + 2 + size);
    rest = rest.slice(eol + 2 + size + 2);
  }
}

function httpRequest(
  method: string,
  target: string,
  headers: Record<string, string | number>,
  body: string | Buffer = "",
): string | Buffer {
  const all = { Host: "www.fuzz.example", Connection: "close", ...headers };
  // Text is sent as UTF-8 unless it is byte values written as characters ("\xff"): then as those bytes.
  const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body, /[^\x00-\xff]/.test(body) ? "utf8" : "latin1");
  if (bytes.length > 0 && !("Content-Length" in all) && !("Transfer-Encoding" in all))
    Object.assign(all, { "Content-Length": bytes.length });
  const head = `${method} ${target} HTTP/1.1\r\n${Object.entries(all)
    .map(([k, v]) => `${k}: ${v}`)
    .join("\r\n")}\r\n\r\n`;
  return Buffer.concat([Buffer.from(head, "latin1"), bytes]);
}

const jsonPost = (body: string | Buffer, headers: Record<string, string | number> = {}) =>
  httpRequest("POST", "/api/cypher", { "Content-Type": "application/json", ...headers }, body);

function multipart(parts: string[], boundary = "fuzzb"): [string, Record<string, string>] {
  return [
    `${parts.map((part) => `--${boundary}\r\n${part}\r\n`).join("")}--${boundary}--\r\n`,
    { "Content-Type": `multipart/form-data; boundary=${boundary}` },
  ];
}
const field = (name: string, value: string) => `Content-Disposition: form-data; name="${name}"\r\n\r\n${value}`;

/** Routes that are not in the table, or are spelled so that the table must not accept them. */
const HOSTILE_ROUTES: [string, string][] = [
  ["GET", "/Admin/DeleteAll"],
  ["POST", "/Member/v3/Login/../../Admin"],
  ["POST", "/Member/v3/%2e%2e/Admin"],
  ["POST", "//evil.example/Member/v3/Login"],
  ["POST", "http://evil.example/Member/v3/Login"],
  ["POST", "https:evil.example"],
  ["POST", "/Member/v3/Login?CypherCircuitId=C1&CypherCircuitId=C2"],
  ["POST", "/Member/v3/Login?CypherCircuitId=C1#frag"],
  ["POST", "/Member/v3/Login?CypherCircuitId=C1&extra=1"],
  ["POST", "/Member/v3/Login?CypherCircuitId=%ZZ"],
  ["POST", "/Member/v3/Login?CypherCircuitId=a+b"],
  ["POST", "/Member/v3/Login?CypherCircuitId=%0d%0aX-Injected:1"],
  ["POST", "/Member/v3/Login\\..\\Admin"],
  ["POST", "/Member/v3/Login?"],
  ["POST", "/member/v3/login?CypherCircuitId=C1"],
  ["GET", "/Member/v3/Login?CypherCircuitId=C1"],
  ["POST", "/Member/v3/Login;jsessionid=1?CypherCircuitId=C1"],
  ["POST", "/Member/v3/Login%3FCypherCircuitId=C1"],
  ["POST", "/Member/v3/Login?CypherCircuitId=C1?x=1"],
  ["POST", "/Member/v3/Login/?CypherCircuitId=C1"],
  ["GET", "/AppleWallet/CreateLoyaltyCard/../../etc/passwd?cardNumber=1&fullJwt=true"],
  ["GET", "/AppleWallet/CreateLoyaltyCard/%2e%2e?cardNumber=1&fullJwt=true"],
  ["GET", "/AppleWallet/CreateLoyaltyCard/C1?cardNumber=1&fullJwt=false"],
  ["GET", "/Apple%2FWallet/CreateLoyaltyCard/C1?cardNumber=1&fullJwt=true"],
  ["GET", "/Member/UsernameReminder/C1/not-an-email"],
  ["GET", "/Member/UsernameReminder/C1/a%40b.example/extra"],
  ["GET", "/Member/GetMembershipList/..%2f/"],
  ["GET", "/Member/GetValidatedMember/%00?cinemaId=1"],
  ["POST", "/Member/v3/Delete/?CypherCircuitId=C1&memberId=1"],
  ["GET", "/Member/v3/Delete/?CypherCircuitId=C1"],
  ["GET", `/Member/v3/GetCards?${"a".repeat(3000)}=1`],
  ["GET", `/${"x/".repeat(1500)}`],
  ["GET", "/Member/v3/GetCards\u0000"],
  ["GET", "/Member/v3/GetCards\u2028"],
  ["GET", "/Member/v3/GétCards"],
  ["GET", " /Member/v3/GetCards"],
  ["GET", ""],
  ["DELETE", "/Member/v3/GetCards"],
  ["get", "/Member/v3/GetCards"],
  ["POST", "/Member/v3/Logout?CypherCircuitId=C1"],
];

const METADATA_SHAPES: unknown[] = [
  undefined,
  null,
  "not json",
  "[]",
  42,
  [],
  { method: "POST" },
  { route: "/Member/v3/GetCards" },
  { method: "PUT", route: "/Member/v3/GetCards" },
  { method: "GET", route: "/Member/v3/GetCards", extra: true },
  { method: "GET", route: 7 },
  { method: "GET", route: "/Member/v3/GetCards", responseFormat: "raw" },
  { method: "GET", route: "/AppleWallet/CreateLoyaltyCard/C1?cardNumber=1&fullJwt=true", responseFormat: "json" },
  { method: "GET", route: "/Member/v3/GetCards", "g-recaptcha-response": "x".repeat(9000) },
  { method: "GET", route: "x".repeat(5000) },
];

test.describe("hostile requests", () => {
  let upstream: RecordingUpstream;
  let site: { dir: string; remove: () => void };
  let server: ServerProcess;

  test.beforeAll(async () => {
    upstream = await recordingUpstream();
    site = tinySite();
    server = await startServer([site.dir], {
      CYPHER_API_URL: upstream.url,
      // The answers under test are the checks themselves, not the per-address budget (tested below).
      MEMBER_RATE_LIMIT: "off",
      MEMBER_RATE_LIMIT_SENSITIVE: "off",
    });
  });
  test.afterAll(async () => {
    await server?.stop();
    await upstream?.close();
    site?.remove();
  });

  test("at least 250 hostile requests: every answer a JSON 4xx, none reaches the provider", async () => {
    test.setTimeout(120_000);
    const requests: { label: string; bytes: string | Buffer; pauseMs?: number; head?: boolean }[] = [];
    const add = (label: string, bytes: string | Buffer, extra: { pauseMs?: number; head?: boolean } = {}) =>
      requests.push({ label, bytes, ...extra });

    // Routes off the table, as JSON and as multipart, with and without a payload.
    for (const [method, route] of HOSTILE_ROUTES) {
      const meta = { method, route };
      add(`json ${method} ${route.slice(0, 60)}`, jsonPost(JSON.stringify({ reqMetadata: meta, username: "u" })));
      const [body, headers] = multipart([field("reqMetadata", JSON.stringify(meta)), field("username", "u")]);
      add(`multipart ${method} ${route.slice(0, 60)}`, httpRequest("POST", "/api/cypher", headers, body));
      add(
        `json (charset) ${route.slice(0, 60)}`,
        jsonPost(JSON.stringify({ reqMetadata: meta }), { "Content-Type": "application/json; charset=utf-8" }),
      );
    }
    // Malformed envelopes.
    for (const meta of METADATA_SHAPES) {
      add(`envelope ${JSON.stringify(meta)?.slice(0, 60)}`, jsonPost(JSON.stringify({ reqMetadata: meta })));
      const [body, headers] = multipart(
        meta === undefined
          ? [field("x", "1")]
          : [field("reqMetadata", typeof meta === "string" ? meta : JSON.stringify(meta))],
      );
      add(
        `multipart envelope ${JSON.stringify(meta)?.slice(0, 60)}`,
        httpRequest("POST", "/api/cypher", headers, body),
      );
    }
    // Bodies that are not a JSON object, or not JSON, or not UTF-8.
    for (const body of [
      "",
      "null",
      "[]",
      '"string"',
      "1e999",
      "{",
      "{}}",
      '{"reqMetadata":',
      '{"__proto__":{"polluted":1},"reqMetadata":{"method":"GET","route":"/Admin"}}',
      '{"constructor":{"prototype":{"x":1}}}',
      "[".repeat(5000) + "]".repeat(5000),
      `{"a":${"[".repeat(3000)}${"]".repeat(3000)}}`,
    ])
      add(`body ${body.slice(0, 40)}`, jsonPost(body));
    add("invalid UTF-8", jsonPost(Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d])));
    add(
      "UTF-16 body",
      jsonPost(Buffer.from('{"reqMetadata":1}', "utf16le"), { "Content-Type": "application/json; charset=utf-16" }),
    );
    add("BOM", jsonPost(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"reqMetadata":1}')])));
    add("gzip body that is not gzip", jsonPost("{}", { "Content-Encoding": "gzip" }));
    add("deflate body", jsonPost(Buffer.from([0x78, 0x9c, 0x03, 0x00]), { "Content-Encoding": "deflate" }));
    add("unknown encoding", jsonPost("{}", { "Content-Encoding": "br, zstd, x-evil" }));
    // Content types.
    for (const type of [
      "text/plain",
      "text/html",
      "application/xml",
      "application/x-www-form-urlencoded",
      "application/jsonx",
      "application/json-patch",
      "application/javascript",
      "multipart/form-data",
      "multipart/mixed; boundary=x",
      "multipart/form-data; boundary=",
      "image/png",
      "*/*",
      "",
    ])
      add(
        `content type ${type}`,
        httpRequest("POST", "/api/cypher", type ? { "Content-Type": type } : {}, '{"reqMetadata":{}}'),
      );
    add(
      "two content types",
      httpRequest("POST", "/api/cypher", { "Content-Type": "text/plain\r\nContent-Type: application/json" }, "{}"),
    );
    // Multipart shapes.
    const shapes: [string, string[], string?][] = [
      [
        "a file",
        [
          field("reqMetadata", JSON.stringify(LOGIN)),
          `Content-Disposition: form-data; name="f"; filename="x.html"\r\nContent-Type: text/html\r\n\r\n<script>1</script>`,
        ],
      ],
      ["a file first", [`Content-Disposition: form-data; name="f"; filename="a"\r\n\r\n${"x".repeat(100_000)}`]],
      ["reqMetadata twice", [field("reqMetadata", JSON.stringify(LOGIN)), field("reqMetadata", JSON.stringify(LOGIN))]],
      ["a nameless part", ["Content-Disposition: form-data\r\n\r\nvalue"]],
      ["no disposition", ["Content-Type: text/plain\r\n\r\nvalue"]],
      ["a field over the cap", [field("reqMetadata", JSON.stringify(LOGIN)), field("filler", "x".repeat(70_000))]],
      ["100 fields", Array.from({ length: 100 }, (_, i) => field(`f${i}`, "1"))],
      [
        "200 header pairs",
        [`${Array.from({ length: 200 }, (_, i) => `X-H${i}: 1`).join("\r\n")}\r\n${field("reqMetadata", "{}")}`],
      ],
      [
        "nested multipart",
        [
          `Content-Disposition: form-data; name="reqMetadata"\r\nContent-Type: multipart/mixed; boundary=inner\r\n\r\n--inner\r\n\r\nx\r\n--inner--`,
        ],
      ],
      ["non-UTF-8 field", [field("reqMetadata", "\xff\xfe\xfd")]],
    ];
    for (const [label, parts] of shapes) {
      const [body, headers] = multipart(parts);
      add(`multipart: ${label}`, httpRequest("POST", "/api/cypher", headers, body));
    }
    add(
      "multipart: cut off",
      httpRequest(
        "POST",
        "/api/cypher",
        { "Content-Type": "multipart/form-data; boundary=b" },
        `--b\r\n${field("reqMetadata", "{}")}`,
      ),
    );
    add(
      "multipart: wrong boundary",
      httpRequest(
        "POST",
        "/api/cypher",
        { "Content-Type": "multipart/form-data; boundary=a" },
        `--b\r\n${field("x", "1")}\r\n--b--\r\n`,
      ),
    );
    add(
      "multipart: garbage",
      httpRequest("POST", "/api/cypher", { "Content-Type": "multipart/form-data; boundary=b" }, "\x00\x01\x02garbage"),
    );
    // Oversize, declared or sent.
    add(
      "declared 50 MB",
      httpRequest(
        "POST",
        "/api/cypher",
        { "Content-Type": "application/json", "Content-Length": 50 * 1024 * 1024 },
        "{",
      ),
    );
    add("sent 1 MB JSON", jsonPost(JSON.stringify({ reqMetadata: LOGIN, filler: "x".repeat(1024 * 1024) })));
    add(
      "chunked 1 MB JSON",
      httpRequest(
        "POST",
        "/api/cypher",
        { "Content-Type": "application/json", "Transfer-Encoding": "chunked" },
        `100000\r\n${"x".repeat(0x100000)}\r\n0\r\n\r\n`,
      ),
    );
    const [bigForm, bigFormHeaders] = multipart([
      `Content-Disposition: form-data; name="f"; filename="big"\r\n\r\n${"x".repeat(2 * 1024 * 1024)}`,
    ]);
    add("multipart 2 MB file", httpRequest("POST", "/api/cypher", bigFormHeaders, bigForm));
    add(
      "negative length",
      httpRequest("POST", "/api/cypher", { "Content-Type": "application/json", "Content-Length": "-1" }, "{}"),
    );
    add(
      "length and chunked",
      httpRequest(
        "POST",
        "/api/cypher",
        { "Content-Type": "application/json", "Content-Length": 2, "Transfer-Encoding": "chunked" },
        "2\r\n{}\r\n0\r\n\r\n",
      ),
    );
    // Paths, methods and URLs under /api/.
    for (const target of [
      "/api/cypher/",
      "/api/cypher/..",
      "/api/cypher%2f..%2f",
      "/api/%2e%2e/cypher",
      "/api/CYPHER",
      "/api//cypher",
      "/api/cypher%00",
      "/api/cypher;x=1",
      "/api/%ZZ",
      "/api/cypher?%ZZ",
      "/api/admin",
      "/api/",
      "/api/launch/redirect/extra",
      "/api/..%5c..%5cetc%5cpasswd",
      `/api/cypher?${"q".repeat(5000)}`,
      `/api/${"a".repeat(5000)}`,
      `/api/${"%41".repeat(2000)}`,
    ])
      add(
        `POST ${target.slice(0, 60)}`,
        jsonPost(JSON.stringify({ reqMetadata: LOGIN }))
          .toString("latin1")
          .replace("/api/cypher", target),
      );
    for (const method of ["GET", "PUT", "DELETE", "PATCH", "OPTIONS", "PROPFIND", "FOO"])
      add(`${method} /api/cypher`, httpRequest(method, "/api/cypher", { "Content-Type": "application/json" }, "{}"));
    add("HEAD /api/cypher", httpRequest("HEAD", "/api/cypher", {}), { head: true });
    add("headers over 16 KiB", httpRequest("GET", `/api/cypher?${"a".repeat(20_000)}`, {}));
    add("a header over 16 KiB", httpRequest("POST", "/api/cypher", { "X-Big": "b".repeat(20_000) }, "{}"));
    add("malformed request line", "GET /api/cypher HTTP/9.9\r\n\r\n");
    add("garbage", "\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03");
    add("header without colon", "POST /api/cypher HTTP/1.1\r\nHost: x\r\nbroken header\r\n\r\n");
    add(
      "bad token header",
      jsonPost(JSON.stringify({ reqMetadata: { method: "GET", route: "/Member/v3/GetCards?x=1" } }), {
        "Cypher-Session-Token": "a b",
      }),
    );
    add("cross-site", jsonPost(JSON.stringify({ reqMetadata: LOGIN }), { Origin: "https://evil.example" }));
    add("cross-site (null origin)", jsonPost(JSON.stringify({ reqMetadata: LOGIN }), { Origin: "null" }));
    add(
      "cross-site fetch metadata",
      jsonPost(JSON.stringify({ reqMetadata: LOGIN }), { "Sec-Fetch-Site": "same-site" }),
    );
    // Slow: a body that stops halfway, headers that never end.
    add(
      "slow body",
      httpRequest("POST", "/api/cypher", { "Content-Type": "application/json", "Content-Length": 100 }, "{"),
      { pauseMs: 0 },
    );
    add("slow headers", "POST /api/cypher HTTP/1.1\r\nHost: www.fuzz.example\r\nX-Slow: 1\r\n");

    expect(requests.length).toBeGreaterThanOrEqual(250);
    const answers: (Answer & { label: string })[] = [];
    // In batches of ten: the slow ones wait for the server's timeouts alongside the rest.
    const pending = [...requests];
    const started = Date.now();
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        for (let next = pending.shift(); next; next = pending.shift()) {
          const answer = await rawHttp(server.port, next.bytes, next.pauseMs ? { pauseMs: next.pauseMs } : {});
          answers.push({ ...answer, label: next.label });
          if (next.head) expect(answer.status, next.label).toBe(405);
        }
      }),
    );
    const elapsed = Date.now() - started;
    const problems = answers
      .filter((a) => !a.label.startsWith("HEAD"))
      .flatMap((a) => {
        const found: string[] = [];
        if (a.status < 400 || a.status >= 500) found.push(`status ${a.status}`);
        if (!/^application\/json/.test(a.headers["content-type"] ?? ""))
          found.push(`type ${a.headers["content-type"]}`);
        try {
          const body = JSON.parse(a.body) as { error?: { code?: unknown; message?: unknown } };
          if (typeof body.error?.code !== "string" || typeof body.error.message !== "string") found.push("shape");
        } catch {
          found.push(`body ${a.body.slice(0, 60)}`);
        }
        return found.length ? [`${a.label}: ${found.join(", ")}`] : [];
      });
    expect(problems).toEqual([]);
    expect(upstream.received).toEqual([]);
    const statuses = [...new Set(answers.map((a) => a.status))].sort();
    for (const status of [400, 403, 404, 405, 408, 413, 414, 415, 431]) expect(statuses).toContain(status);
    // The slow requests were cut by the server's timeouts (seconds), not left open for minutes.
    expect(elapsed).toBeLessThan(60_000);
    expect(server.output()).not.toMatch(/"level":50/);
  });
});

test.describe("per-address limits and wallet answers", () => {
  let site: { dir: string; remove: () => void };
  let provider: http.Server;
  let providerUrl: string;
  let walletType = "application/vnd.apple.pkpass";

  test.beforeAll(async () => {
    site = tinySite();
    provider = http.createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        if (req.url?.includes("CreateLoyaltyCard")) {
          res.writeHead(200, { "Content-Type": walletType, "Content-Disposition": "inline" });
          res.end(
            walletType.startsWith("text/html") ? "<script>alert(document.cookie)</script>" : "PK\u0003\u0004pass",
          );
        } else {
          res.writeHead(200, { "Content-Type": "application/json" });
          res.end('{"peachCode":0}');
        }
      });
    });
    await new Promise<void>((resolve) => provider.listen(0, "127.0.0.1", resolve));
    providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
  });
  test.afterAll(async () => {
    provider.closeAllConnections();
    await new Promise((resolve) => provider.close(resolve));
    site?.remove();
  });

  test("sign-in calls past the address's budget get a JSON 429 with Retry-After", async () => {
    const server = await startServer([site.dir], { CYPHER_API_URL: providerUrl, MEMBER_RATE_LIMIT_SENSITIVE: "3" });
    try {
      const login = () =>
        rawHttp(server.port, jsonPost(JSON.stringify({ reqMetadata: LOGIN, username: "u", password: "p" })));
      for (let i = 0; i < 3; i += 1) expect((await login()).status).toBe(200);
      const refused = await login();
      expect(refused.status).toBe(429);
      expect(JSON.parse(refused.body)).toEqual({ error: { code: "rate_limited", message: expect.any(String) } });
      expect(Number(refused.headers["retry-after"])).toBeGreaterThanOrEqual(1);
      expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(60);
    } finally {
      await server.stop();
    }
  });

  test("a wallet pass is an attachment; an HTML answer from the provider is refused", async () => {
    const server = await startServer([site.dir], { CYPHER_API_URL: providerUrl });
    const wallet = () =>
      rawHttp(
        server.port,
        jsonPost(
          JSON.stringify({
            reqMetadata: {
              method: "GET",
              route: "/AppleWallet/CreateLoyaltyCard/C1?cardNumber=6001&fullJwt=true",
              responseFormat: "raw",
            },
          }),
          { "Cypher-Session-Token": "t" },
        ),
      );
    try {
      walletType = "application/vnd.apple.pkpass";
      const pass = await wallet();
      expect(pass.status).toBe(200);
      expect(pass.headers["content-type"]).toBe("application/vnd.apple.pkpass");
      expect(pass.headers["content-disposition"]).toBe('attachment; filename="pass.pkpass"');
      expect(pass.headers["x-content-type-options"]).toBe("nosniff");
      expect(pass.headers["content-security-policy"]).toContain("sandbox");
      walletType = "text/html; charset=utf-8";
      const html = await wallet();
      expect(html.status).toBe(502);
      expect(html.headers["content-type"]).toMatch(/^application\/json/);
      expect(html.body).not.toContain("<script>");
    } finally {
      await server.stop();
    }
  });
});
