import { expect, test } from "./fixtures";
import { DEMO_PASSWORD } from "./fixtures/members";
import { builtServerSettings } from "./fixtures/site-data";

// Spec §2 server redirect endpoints, served by the production server (the same modules as the Gatsby Functions).
test.describe("server ticketing redirects", () => {
  const { ticketingUrl, loyalty } = builtServerSettings();

  for (const journey of ["startticketing", "launch/ticketing", "startconcessions", "refund"]) {
    test(`api/${journey}/redirect answers 302 to the ${journey} journey with utm and the member token`, async ({
      request,
    }) => {
      const response = await request.get(`/api/${journey}/redirect?path=LUM01/42&utm_source=mail&other=x`, {
        headers: { cookie: "clubToken=tok-42" },
        maxRedirects: 0,
      });
      expect(response.status()).toBe(302);
      expect(response.headers()["location"]).toBe(
        `${ticketingUrl}/${journey}/LUM01/42?utm_source=mail&${loyalty.tokenParam}=tok-42`,
      );
      expect(response.headers()["cache-control"]).toBe("no-store");
    });
  }

  test("a malformed path gets a 400 JSON error, never a redirect elsewhere", async ({ request }) => {
    const response = await request.get("/api/refund/redirect?path=//evil.example/x", { maxRedirects: 0 });
    expect(response.status()).toBe(400);
    expect(response.headers()["location"]).toBeUndefined();
    expect(await response.json()).toEqual({ error: { code: "bad_path", message: expect.any(String) } });
  });
});

// The proxy reads CYPHER_API_URL when it runs (set on `npm run serve`, not at build).
test("/api/cypher signs a demo member in at the sandbox provider and refuses a route off the list", async ({
  request,
}) => {
  const login = await request.post("/api/cypher", {
    data: {
      reqMetadata: { method: "POST", route: "/Member/v3/Login?CypherCircuitId=" },
      username: "active.v3@example.com",
      password: DEMO_PASSWORD,
    },
  });
  expect(login.status()).toBe(200);
  // The refresh token stays with the server, in an HttpOnly cookie (issue 20): the answer says it is held.
  const answer = (await login.json()) as { sessionManagementTokens: Record<string, unknown> };
  expect(answer).toMatchObject({
    peachCode: 0,
    sessionManagementTokens: { token: expect.any(String), refreshTokenHeld: true },
  });
  expect(answer.sessionManagementTokens).not.toHaveProperty("refreshToken");
  expect(login.headers()["set-cookie"]).toMatch(/^memberRefresh=[^;]+;.*HttpOnly/);
  const refused = await request.post("/api/cypher", {
    data: { reqMetadata: { method: "GET", route: "https://evil.example/Member/v3/GetMember/" } },
  });
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toMatchObject({ error: { code: "route_not_allowed" } });
});
