// Issue 20's bar: hostile requests against the real server process (build/server.cjs) over a tiny
// site written here (no Gatsby build needed), with a provider that records what reaches it. Every
// answer under /api/ must be a JSON 4xx error, none may reach the provider (every route here is off
// the table or the request is malformed), and nothing answers 5xx: paths, encodings, methods,
// content types, multipart shapes, oversize and slow bodies, long URLs. Then the per-address
// limits (429 with Retry-After) and the wallet answers, against the same kind of process.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import {
  hostileRequests,
  jsonPost,
  LOGIN,
  problemsOf,
  rawHttp,
  tinySite,
  type Answer,
} from "./fixtures/hostile-requests";
import { recordingUpstream, startServer, type RecordingUpstream, type ServerProcess } from "./fixtures/server-process";

test.describe.configure({ mode: "default" });

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
    const requests = hostileRequests();
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
      .flatMap((a) => (problemsOf(a).length ? [`${a.label}: ${problemsOf(a).join(", ")}`] : []));
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
