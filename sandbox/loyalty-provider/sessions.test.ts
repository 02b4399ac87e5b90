import { PASSWORD, V1, V3, sandboxProvider } from "./test-support";

const sandbox = sandboxProvider("test");

const HOUR = 60 * 60 * 1000;

describe("login", () => {
  // Each member's answer is the same on both API versions.
  const peachCodes = [
    ["active.v3@example.com", 0],
    ["active.v1@example.com", 0],
    ["expired@example.com", 0],
    ["blocked@example.com", 1019],
    ["inactive@example.com", 26],
    ["nobody@example.com", 30],
  ] as const;
  test.each(peachCodes.flatMap(([email, peachCode]) => [1, 3].map((version) => [email, version, peachCode] as const)))(
    "%s on v%i answers peachCode %i",
    async (email, version, peachCode) => {
      const path = version === 1 ? `/Member/Login?${V1}` : `/Member/v3/Login?${V3}`;
      const answer = await sandbox.call("POST", path, { body: { username: email, password: PASSWORD } });
      expect(answer.status).toBe(200);
      expect(answer.json.peachCode).toBe(peachCode);
      if (peachCode === 0) {
        expect(answer.json.memberDetails.email).toBe(email);
        expect(answer.json.sessionManagementTokens).toEqual({
          token: expect.any(String),
          refreshToken: expect.any(String),
        });
      } else {
        expect(answer.json.sessionManagementTokens).toBeUndefined();
        expect(answer.json.clientErrorMessage).toEqual(expect.any(String));
      }
    },
  );

  test("a wrong password answers 31, also for a blocked member", async () => {
    for (const email of ["active.v3@example.com", "blocked@example.com"]) {
      const answer = await sandbox.call("POST", `/Member/v3/Login?${V3}`, {
        body: { username: email, password: "Wrong-2026!" },
      });
      expect(answer.json.peachCode).toBe(31);
    }
  });

  test("the e-mail is matched without regard to case", async () => {
    const answer = await sandbox.call("POST", `/Member/Login?${V1}`, {
      body: { username: "Active.V3@Example.com", password: PASSWORD },
    });
    expect(answer.json.peachCode).toBe(0);
  });

  test("v1 memberDetails carry the login's userSessionId and encryptedSessionId, v3 do not", async () => {
    const v1 = await sandbox.login("active.v1@example.com", 1);
    const v3 = await sandbox.login("active.v1@example.com", 3);
    expect(v1.json.memberDetails.userSessionId).toMatch(/\S{8,}/);
    expect(v1.json.memberDetails.encryptedSessionId).toMatch(/\S{8,}/);
    expect(v3.json.memberDetails).not.toHaveProperty("userSessionId");
    expect(v3.json.memberDetails).not.toHaveProperty("encryptedSessionId");
  });

  test("the seeded members carry their expiry and details", async () => {
    const v3 = await sandbox.login("active.v3@example.com", 3);
    expect(v3.json.memberDetails).toMatchObject({
      memberExpiry: "0001-01-01T00:00:00Z",
      cardNumber: "CYP0000000001",
      pointsBalance: 1250,
      hasUserName: true,
    });
    const v1 = await sandbox.login("active.v1@example.com", 1);
    expect(v1.json.memberDetails.memberExpiry).toBe("2028-03-01T12:00:00.000Z");
    expect(v1.json.memberDetails.hasUserName).toBe(false);
    const expired = await sandbox.login("expired@example.com", 3);
    expect(Date.parse(expired.json.memberDetails.memberExpiry)).toBeLessThan(Date.parse("2026-03-01T12:00:00Z"));
  });
});

describe("refresh", () => {
  test("v1 answers statusCode 200 with new tokens and memberDetails; the old pair stops working", async () => {
    const first = await sandbox.login("active.v1@example.com", 1);
    const refreshed = await sandbox.call("GET", `/Member/RefreshLogin?${V1}`, { refreshToken: first.refreshToken });
    expect(refreshed.json.statusCode).toBe(200);
    expect(refreshed.json.memberDetails.memberId).toBe(first.json.memberDetails.memberId);
    expect(refreshed.json.memberDetails.userSessionId).toBe(first.json.memberDetails.userSessionId);
    const next = refreshed.json.sessionManagementTokens;
    expect(next.token).not.toBe(first.token);
    expect(next.refreshToken).not.toBe(first.refreshToken);

    expect((await sandbox.call("GET", `/Member/ValidateToken?${V1}`, { token: first.token })).json.peachCode).toBe(7);
    expect((await sandbox.call("GET", `/Member/ValidateToken?${V1}`, { token: next.token })).json.peachCode).toBe(0);
    const again = await sandbox.call("GET", `/Member/RefreshLogin?${V1}`, { refreshToken: first.refreshToken });
    expect(again.json).toEqual({ statusCode: 401, clientErrorMessage: "Invalid token" });
  });

  test("v3 answers peachCode 0 with new tokens; the old pair stops working", async () => {
    const first = await sandbox.login("active.v3@example.com", 3);
    const refreshed = await sandbox.call("GET", "/Member/v3/RefreshLogin", { refreshToken: first.refreshToken });
    expect(refreshed.json).toEqual({
      peachCode: 0,
      sessionManagementTokens: { token: expect.any(String), refreshToken: expect.any(String) },
    });
    const next = refreshed.json.sessionManagementTokens;
    expect((await sandbox.call("GET", `/Member/v3/GetMember/?${V3}`, { token: first.token })).json.peachCode).toBe(7);
    expect((await sandbox.call("GET", `/Member/v3/GetMember/?${V3}`, { token: next.token })).json.peachCode).toBe(0);
    expect(
      (await sandbox.call("GET", "/Member/v3/RefreshLogin", { refreshToken: first.refreshToken })).json.peachCode,
    ).toBe(7);
  });

  test("without a refresh header v3 answers 7 and v1 statusCode 401", async () => {
    expect((await sandbox.call("GET", "/Member/v3/RefreshLogin")).json.peachCode).toBe(7);
    expect((await sandbox.call("GET", `/Member/RefreshLogin?${V1}`)).json.statusCode).toBe(401);
  });
});

describe("token lifetimes", () => {
  test("the session token lasts 24 hours, the refresh token 30 days", async () => {
    const first = await sandbox.login("active.v3@example.com", 3);
    sandbox.advance(23 * HOUR);
    expect((await sandbox.call("GET", `/Member/ValidateToken?${V1}`, { token: first.token })).json.peachCode).toBe(0);
    sandbox.advance(2 * HOUR);
    expect((await sandbox.call("GET", `/Member/ValidateToken?${V1}`, { token: first.token })).json.peachCode).toBe(7);

    const refreshed = await sandbox.call("GET", "/Member/v3/RefreshLogin", { refreshToken: first.refreshToken });
    expect(refreshed.json.peachCode).toBe(0);
    sandbox.advance(31 * 24 * HOUR);
    const late = await sandbox.call("GET", "/Member/v3/RefreshLogin", {
      refreshToken: refreshed.json.sessionManagementTokens.refreshToken,
    });
    expect(late.json.peachCode).toBe(7);
  });
});

describe("logout", () => {
  test("v1 logout ends the session", async () => {
    const session = await sandbox.login("active.v1@example.com", 1);
    expect((await sandbox.call("POST", `/Member/Logout?${V1}`, { token: session.token })).json.peachCode).toBe(0);
    expect((await sandbox.call("GET", `/Member/ValidateToken?${V1}`, { token: session.token })).json.peachCode).toBe(7);
    expect((await sandbox.call("POST", `/Member/Logout?${V1}`, { token: session.token })).json.peachCode).toBe(7);
  });

  test("v3 logout with userSessionId = refresh token ends the session, even without the session header", async () => {
    const session = await sandbox.login("active.v3@example.com", 3);
    const answer = await sandbox.call("POST", `/Member/v3/Logout?${V3}&CypherCinemaId=LUM01`, {
      body: { cancelAssociatedOrder: true, userSessionId: session.refreshToken },
    });
    expect(answer.json.peachCode).toBe(0);
    expect((await sandbox.call("GET", `/Member/v3/GetMember/?${V3}`, { token: session.token })).json.peachCode).toBe(7);
    expect(
      (await sandbox.call("GET", "/Member/v3/RefreshLogin", { refreshToken: session.refreshToken })).json.peachCode,
    ).toBe(7);
  });

  test("v3 logout needs its cinema key too", async () => {
    const answer = await sandbox.call("POST", `/Member/v3/Logout?${V3}`, { body: {} });
    expect(answer.status).toBe(400);
    expect(answer.json.message).toContain("CypherCinemaId");
  });
});

describe("token validation and login by token (v1)", () => {
  test("ValidateToken answers 0 for a live token and 7 for none or a made-up one", async () => {
    const session = await sandbox.login("active.v1@example.com", 1);
    expect((await sandbox.call("GET", `/Member/ValidateToken?${V1}`, { token: session.token })).json).toEqual({
      peachCode: 0,
    });
    expect((await sandbox.call("GET", `/Member/ValidateToken?${V1}`)).json.peachCode).toBe(7);
    expect((await sandbox.call("GET", `/Member/ValidateToken?${V1}`, { token: "made-up" })).json.peachCode).toBe(7);
  });

  test("LoginByToken opens a new session of the token's member", async () => {
    const session = await sandbox.login("active.v1@example.com", 1);
    const answer = await sandbox.call("POST", `/Member/LoginByToken?${V1}`, { body: { token: session.token } });
    expect(answer.json.statusCode).toBe(200);
    expect(answer.json.memberDetails.email).toBe("active.v1@example.com");
    expect(answer.json.memberDetails.userSessionId).toEqual(expect.any(String));
    expect(answer.json.sessionManagementTokens.token).not.toBe(session.token);
    expect(
      (await sandbox.call("GET", `/Member/ValidateToken?${V1}`, { token: answer.json.sessionManagementTokens.token }))
        .json.peachCode,
    ).toBe(0);

    const bad = await sandbox.call("POST", `/Member/LoginByToken?${V1}`, { body: { token: "made-up" } });
    expect(bad.json.statusCode).toBe(401);
    expect(bad.json.memberDetails).toBeUndefined();
  });

  test("one member store serves both versions: a v1 token works on v3 routes", async () => {
    const session = await sandbox.login("active.v3@example.com", 1);
    const answer = await sandbox.call("GET", `/Member/v3/GetFavoriteFilms?${V3}`, { token: session.token });
    expect(answer.json).toEqual({ peachCode: 0, externalFilmIds: ["1000021001"] });
  });
});
