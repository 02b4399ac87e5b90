import { PASSWORD, V1, V3, sandboxProvider, withProvider } from "./test-support";

const sandbox = sandboxProvider("file");

describe("routing", () => {
  test.each([
    ["GET", "/nowhere"],
    ["GET", "/"],
    ["POST", "/member/login?circuitId=C1"],
    ["GET", "/Member/v3/GetMember?CypherCircuitId=C1"],
    ["GET", "/Member/UsernameReminder/C1"],
    ["GET", "/FooWallet/CreateLoyaltyCard/C1?cardNumber=X&fullJwt=true"],
  ])("%s %s is not found", async (method, path) => {
    const answer = await sandbox.call(method, path);
    expect(answer.status).toBe(404);
    expect(answer.json).toEqual({ message: "Not found" });
  });

  test.each([
    ["GET", "/Member/Login?circuitId=C1", "POST"],
    ["POST", "/Member/v3/GetCards", "GET"],
    ["DELETE", "/Member/v3/AddFavoriteFilm?CypherCircuitId=C1", "POST"],
    ["PUT", "/ticketing/anything", "GET, POST"],
  ])("%s %s answers 405", async (method, path, allow) => {
    const response = await fetch(sandbox.baseUrl + path, { method });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe(allow);
    expect(await response.json()).toEqual({ message: "Method not allowed" });
  });

  test.each([
    ["POST", "/Member/Login", "circuitId"],
    ["POST", "/Member/v3/Login?circuitId=C1", "CypherCircuitId"],
    [
      "GET",
      "/Member/GetResetPasswordCode?circuitId=C1&cinemaId=L&emailAddress=a@b.c&rootUrl=http://x",
      "resetPasswordLink",
    ],
    ["GET", "/Member/v3/Delete/?CypherCircuitId=C1", "memberId"],
    ["GET", "/AppleWallet/CreateLoyaltyCard/C1?cardNumber=X", "fullJwt"],
  ])("%s %s lacks a required query key", async (method, path, key) => {
    const answer = await sandbox.call(method, path, method === "POST" ? { body: {} } : {});
    expect(answer.status).toBe(400);
    expect(answer.json.message).toContain(key);
  });

  // Spec §7 "Get reset code": "the v3 variant is the same with the {brand} ids", so one path
  // serves both versions and the request's query keys say which one it is.
  describe("one path, two variants told apart by their query keys", () => {
    const PATH = "/Member/GetResetPasswordCode";
    const link = `emailAddress=active.v3%40example.com&rootUrl=${encodeURIComponent("https://www.example.com")}&resetPasswordLink=%2Fr%2F`;

    test.each([
      ["plain ids (v1)", `circuitId=C1&cinemaId=LUM01&${link}`],
      ["branded ids (v3)", `CypherCircuitId=C1&CypherCinemaId=LUM01&${link}`],
      ["branded ids first in another order (v3)", `${link}&CypherCinemaId=LUM01&CypherCircuitId=C1`],
    ])("%s: a code is issued", async (_what, query) => {
      const answer = await sandbox.call("GET", `${PATH}?${query}`);
      expect(answer.status).toBe(200);
      expect(answer.json).toEqual({ peachCode: 0, resetCode: expect.any(String) });
    });

    test.each([
      [
        "branded ids without the link",
        "CypherCircuitId=C1&CypherCinemaId=LUM01&emailAddress=a@b.c&rootUrl=http://x",
        "resetPasswordLink",
      ],
      [
        "plain ids without the link",
        "circuitId=C1&cinemaId=LUM01&emailAddress=a@b.c&rootUrl=http://x",
        "resetPasswordLink",
      ],
      ["a plain and a branded id mixed", `circuitId=C1&CypherCinemaId=LUM01&${link}`, "cinemaId"],
      ["no ids at all", link, "circuitId, cinemaId"],
    ])("%s answers 400 naming what the nearest variant lacks", async (_what, query, missing) => {
      const answer = await sandbox.call("GET", `${PATH}?${query}`);
      expect(answer.status).toBe(400);
      expect(answer.json).toEqual({ message: `Missing query parameter(s): ${missing}` });
    });

    test("the v3 variant follows the brand, and there is no path under /v3/", async () => {
      await withProvider({ brand: "Peach" }, async (other) => {
        const peach = await other.call("GET", `${PATH}?PeachCircuitId=C1&PeachCinemaId=LUM01&${link}`);
        expect(peach.json.peachCode).toBe(0);
        const cypher = await other.call("GET", `${PATH}?CypherCircuitId=C1&CypherCinemaId=LUM01&${link}`);
        expect(cypher.status).toBe(400);
      });
      const underV3 = await sandbox.call(
        "GET",
        `/Member/v3/GetResetPasswordCode?CypherCircuitId=C1&CypherCinemaId=LUM01&${link}`,
      );
      expect(underV3.status).toBe(404);
    });
  });

  test("query keys follow the brand", async () => {
    await withProvider({ brand: "Peach" }, async (other) => {
      const cypherKey = await other.call("POST", `/Member/v3/Login?${V3}`, { body: {} });
      expect(cypherKey.status).toBe(400);
      const login = await other.call("POST", "/Member/v3/Login?PeachCircuitId=C1", {
        body: { username: "active.v3@example.com", password: PASSWORD },
      });
      const { token } = login.json.sessionManagementTokens;
      const withCypherHeader = await other.call("GET", "/Member/v3/GetMember/?PeachCircuitId=C1", { token });
      expect(withCypherHeader.json.peachCode).toBe(7);
      const withPeachHeader = await other.call("GET", "/Member/v3/GetMember/?PeachCircuitId=C1", {
        headers: { "Peach-Session-Token": token },
      });
      expect(withPeachHeader.json.peachCode).toBe(0);
    });
  });
});

describe("bodies", () => {
  test("malformed JSON answers 400", async () => {
    const answer = await sandbox.call("POST", `/Member/Login?${V1}`, { body: "{not json" });
    expect(answer.status).toBe(400);
    expect(answer.json.message).toMatch(/JSON/);
  });

  test.each(["[1,2]", "null", '"text"', "42"])("a JSON body that is not an object (%s) answers 400", async (body) => {
    const answer = await sandbox.call("POST", `/Member/Login?${V1}`, { body });
    expect(answer.status).toBe(400);
  });

  test("a body that is not JSON answers 415", async () => {
    const answer = await sandbox.call("POST", `/Member/Login?${V1}`, {
      body: "username=a",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(answer.status).toBe(415);
  });

  test("a body over 1 MB answers 413, and the server keeps serving", async () => {
    const answer = await sandbox.call("POST", `/Member/Login?${V1}`, { body: { padding: "x".repeat(1024 * 1024) } });
    expect(answer.status).toBe(413);
    const after = await sandbox.call("POST", `/Member/Login?${V1}`, {
      body: { username: "x@example.com", password: "y" },
    });
    expect(after.json.peachCode).toBe(30);
  });

  test("wrong field types are refused, not crashed on", async () => {
    const login = await sandbox.call("POST", `/Member/Login?${V1}`, { body: { username: { $ne: "" }, password: [1] } });
    expect(login.json.peachCode).toBe(30);
    const create = await sandbox.call("POST", "/Member/v3/Create", { body: { email: 5, password: {} } });
    expect(create.status).toBe(200);
    expect(create.json.peachCode).not.toBe(0);
  });

  test("a malformed path escape answers 404", async () => {
    const answer = await sandbox.call("GET", "/Member/UsernameReminder/C1/%E0%A4%A");
    expect(answer.status).toBe(404);
  });
});

describe("session-requiring routes", () => {
  test.each([
    ["GET", `/Member/GetMember/?${V1}`],
    ["GET", `/Member/v3/GetMember/?${V3}`],
    ["GET", `/Member/v2/OrderHistory?${V1}`],
    ["GET", "/Member/v3/TransactionHistory"],
    ["GET", "/Member/v3/GetCards"],
    ["POST", "/Member/v3/AddCard"],
    ["GET", `/Member/v3/GetFavoriteCinemas?${V3}`],
    ["POST", `/Member/GetPaymentProviderPortalSession?${V1}&cinemaId=L`],
    ["GET", "/AppleWallet/CreateLoyaltyCard/C1?cardNumber=CYP0000000001&fullJwt=true"],
  ])("%s %s answers peachCode 7 without a live token", async (method, path) => {
    for (const token of [undefined, "made-up"]) {
      const answer = await sandbox.call(method, path, { token, ...(method === "POST" ? { body: {} } : {}) });
      expect(answer.status).toBe(200);
      expect(answer.json).toEqual({ peachCode: 7, clientErrorMessage: "Invalid token" });
    }
  });
});

describe("forced errors", () => {
  test("forceNextError answers the next call of that route only", async () => {
    sandbox.provider.forceNextError("/Member/v3/Login", 1019);
    const body = { username: "active.v3@example.com", password: PASSWORD };
    const forced = await sandbox.call("POST", `/Member/v3/Login?${V3}`, { body });
    expect(forced.json).toEqual({ peachCode: 1019, clientErrorMessage: expect.any(String) });
    expect((await sandbox.call("POST", `/Member/v3/Login?${V3}`, { body })).json.peachCode).toBe(0);
  });

  test("POST /__sandbox/force-error queues one, also by route pattern", async () => {
    const queued = await sandbox.call("POST", "/__sandbox/force-error", {
      body: { route: "/Member/UsernameReminder/{circuitId}/{email}", peachCode: 29 },
    });
    expect(queued.json).toEqual({ ok: true });
    const path = "/Member/UsernameReminder/C1/active.v3@example.com";
    expect((await sandbox.call("GET", path)).json.peachCode).toBe(29);
    expect((await sandbox.call("GET", path)).json.peachCode).toBe(0);
  });

  test("statusCode routes get the code as statusCode too", async () => {
    sandbox.provider.forceNextError("/Member/RefreshLogin", 500);
    const answer = await sandbox.call("GET", `/Member/RefreshLogin?${V1}`);
    expect(answer.json).toMatchObject({ statusCode: 500, peachCode: 500 });
  });

  test.each([
    [{ route: "Member/Login", peachCode: 1 }],
    [{ route: "/Member/Login", peachCode: 0 }],
    [{ route: "/Member/Login", peachCode: "31" }],
  ])("a bad force-error request (%j) answers 400", async (body) => {
    const answer = await sandbox.call("POST", "/__sandbox/force-error", { body });
    expect(answer.status).toBe(400);
  });

  test("POST /__sandbox/hold-answer: the next call is handled at once, its answer sent after the hold", async () => {
    const { token, refreshToken } = await sandbox.login("active.v3@example.com", 3);
    expect(
      (await sandbox.call("POST", "/__sandbox/hold-answer", { body: { route: "/Member/v3/RefreshLogin", ms: 400 } }))
        .json,
    ).toEqual({ ok: true });
    const started = Date.now();
    const held = sandbox.call("GET", "/Member/v3/RefreshLogin", { refreshToken });
    // While the answer waits, the refresh has already happened: the old session token is dead.
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect((await sandbox.call("GET", "/Member/v3/GetMember/", { token })).json.peachCode).not.toBe(0);
    expect((await held).json.peachCode).toBe(0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    // One hold only: the next refresh (with the dead token) answers at once.
    expect((await sandbox.call("GET", "/Member/v3/RefreshLogin", { refreshToken })).json.peachCode).not.toBe(0);
  });

  test.each([
    [{ route: "Member/v3/RefreshLogin", ms: 100 }],
    [{ route: "/Member/v3/RefreshLogin", ms: 0 }],
    [{ route: "/x", ms: "9" }],
  ])("a bad hold-answer request (%j) answers 400", async (body) => {
    expect((await sandbox.call("POST", "/__sandbox/hold-answer", { body })).status).toBe(400);
  });

  test("GET /__sandbox/received lists the provider calls since a starting point, by path prefix", async () => {
    const { last } = (await sandbox.call("GET", "/__sandbox/received")).json as { last: number };
    await sandbox.call("GET", "/Member/UsernameReminder/C1/active.v3@example.com");
    await sandbox.call("GET", `/Member/RefreshLogin?${V1}`);
    await sandbox.call("GET", "/no/such/route");
    const since = await sandbox.call("GET", `/__sandbox/received?after=${last}&path=/Member/RefreshLogin`);
    expect(since.json).toEqual({
      last: last + 2,
      calls: [{ seq: last + 2, method: "GET", url: `/Member/RefreshLogin?${V1}` }],
    });
    const all = (await sandbox.call("GET", `/__sandbox/received?after=${last}`)).json as { calls: unknown[] };
    expect(all.calls).toHaveLength(2);
  });

  test("the health helper answers for readiness checks", async () => {
    expect((await sandbox.call("GET", "/__sandbox/health")).json).toEqual({ ok: true, brand: "Cypher" });
  });
});

describe("ticketing page", () => {
  test("GET shows method, path and query parameters, escaped", async () => {
    const hostile = `<script>alert("x")</script>&'`;
    const response = await fetch(
      `${sandbox.baseUrl}/ticketing/booking/42?token=${encodeURIComponent(hostile)}&cinema=LUM01`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = await response.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain("<h1>Sandbox ticketing</h1>");
    expect(html).toContain('<dt>Method</dt><dd data-field="method">GET</dd>');
    expect(html).toContain('<dt>Path</dt><dd data-field="path">/ticketing/booking/42</dd>');
    expect(html).toContain(
      '<dt>Query parameter: token</dt><dd data-source="query" data-name="token">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;</dd>',
    );
    expect(html).toContain('<dd data-source="query" data-name="cinema">LUM01</dd>');
    expect(html).not.toContain("<script>");
  });

  test("POST shows the form fields and recognises a live session token", async () => {
    const session = await sandbox.login("active.v3@example.com", 3);
    const response = await fetch(`${sandbox.baseUrl}/ticketing/return/path`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ boostToken: session.token, "<b>": "\"'" }).toString(),
    });
    const html = await response.text();
    expect(html).toContain('<dd data-field="method">POST</dd>');
    expect(html).toContain("<dt>Query parameters</dt><dd>(none)</dd>");
    expect(html).toContain(
      `<dt>Form field: boostToken</dt><dd data-source="form" data-name="boostToken">${session.token}</dd>`,
    );
    expect(html).toContain(
      '<dt>Form field: &lt;b&gt;</dt><dd data-source="form" data-name="&lt;b&gt;">&quot;&#39;</dd>',
    );
    expect(html).toContain('<dd data-field="member">active.v3@example.com (form field boostToken)</dd>');
  });

  test("a token that is not live is shown but not recognised", async () => {
    const html = await (await fetch(`${sandbox.baseUrl}/ticketing/x?token=stale`)).text();
    expect(html).toContain('<dd data-field="member">(no live session token arrived)</dd>');
  });

  test("can be switched off", async () => {
    await withProvider({ ticketingEcho: false }, async (quiet) => {
      expect((await quiet.call("GET", "/ticketing/x")).status).toBe(404);
    });
  });
});
