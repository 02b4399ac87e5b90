// A member's refresh whose answer never reached the browser, against the real server process:
// the page was left (the browser closed the connection) after the provider had rotated the pair,
// so the browser still holds the old refresh cookie, which the provider no longer accepts. The
// next page's refresh with that cookie must get the new pair (src/server/refresh-replay.ts), not
// sign the member out.
import http from "node:http";
import type { AddressInfo } from "node:net";
import net from "node:net";
import { expect, test } from "@playwright/test";
import { httpRequest, rawHttp, tinySite } from "./fixtures/hostile-requests";
import { startServer, type ServerProcess } from "./fixtures/server-process";

const REFRESH = { method: "GET", route: "/Member/v3/RefreshLogin" };
const refreshWithCookie = (token: string) =>
  httpRequest(
    "POST",
    "/api/cypher",
    { "Content-Type": "application/json", Cookie: `memberRefresh=${token}` },
    JSON.stringify({ reqMetadata: REFRESH }),
  );

/** A provider that rotates r1 → (s2, r2) once, when the test lets it answer, and refuses any other token. */
function rotatingProvider() {
  const refreshes: string[] = [];
  let answer: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => {
    answer = resolve;
  });
  let rotated = false;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      const token = String(req.headers["cypher-refresh-session-token"] ?? "");
      refreshes.push(token);
      const reply = (body: unknown) => {
        res.writeHead(200, { "Content-Type": "application/json" });
        res.end(JSON.stringify(body));
      };
      if (token !== "r1" || rotated) return reply({ peachCode: 7 });
      rotated = true;
      void answered.then(() => reply({ peachCode: 0, sessionManagementTokens: { token: "s2", refreshToken: "r2" } }));
    });
  });
  return { server, refreshes, release: () => answer() };
}

test.describe("a refresh whose answer was lost", () => {
  let provider: ReturnType<typeof rotatingProvider>;
  let site: { dir: string; remove: () => void };
  let server: ServerProcess;

  test.beforeAll(async () => {
    provider = rotatingProvider();
    await new Promise<void>((resolve) => provider.server.listen(0, "127.0.0.1", resolve));
    site = tinySite();
    server = await startServer([site.dir], {
      CYPHER_API_URL: `http://127.0.0.1:${(provider.server.address() as AddressInfo).port}`,
    });
  });
  test.afterAll(async () => {
    await server?.stop();
    provider.server.closeAllConnections();
    await new Promise((resolve) => provider.server.close(resolve));
    site?.remove();
  });

  test("the page left mid-refresh: the next refresh with the old cookie gets the new pair", async () => {
    // The page sends its refresh, then is left: the browser closes the connection before the answer.
    const leaving = net.connect(server.port, "127.0.0.1");
    leaving.on("error", () => undefined);
    leaving.write(refreshWithCookie("r1"));
    await expect.poll(() => provider.refreshes.length).toBe(1);
    leaving.destroy();
    provider.release();

    // The next page still holds r1.
    await expect
      .poll(async () => {
        const answer = await rawHttp(server.port, refreshWithCookie("r1"));
        return { status: answer.status, cookie: answer.headers["set-cookie"] ?? "", body: answer.body };
      })
      .toEqual({
        status: 200,
        cookie: expect.stringMatching(/^memberRefresh=r2; /),
        body: expect.stringContaining('"token":"s2"'),
      });
    // The provider rotated once and was not asked again with the token it had dropped.
    expect(provider.refreshes).toEqual(["r1"]);
    // Another member's cookie gets nothing of this pair.
    const other = await rawHttp(server.port, refreshWithCookie("someone-else"));
    expect(other.headers["set-cookie"]).toBeUndefined();
    expect(JSON.parse(other.body)).toEqual({ peachCode: 7 });
  });
});
