import { PASSWORD, V1, V3, sandboxProvider } from "./test-support";

const sandbox = sandboxProvider("test");

const RESET_QUERY = (email: string, version: 1 | 3 = 1): string => {
  const ids = version === 1 ? "circuitId=C1&cinemaId=LUM01" : "CypherCircuitId=C1&CypherCinemaId=LUM01";
  return `${ids}&emailAddress=${encodeURIComponent(email)}&rootUrl=${encodeURIComponent("https://www.example.com")}&resetPasswordLink=${encodeURIComponent("/reset-password/?email=" + email)}`;
};

describe("create member", () => {
  const payload = {
    clubId: "1",
    email: "fresh@example.com",
    username: "fresh@example.com",
    password: "Fresh-2026!",
    firstName: "Fresh",
    lastName: "Member",
    mobileNumber: "+33600000000",
    phoneNumber: "+33600000000",
    memberId: null,
    zipCode: null,
    houseSize: 0,
    sendNewsletter: "False",
    preferredCinemaList: [],
    memberLevelId: 0,
    memberCardNumber: null,
  };

  test.each([
    ["/Member/Create?circuitId=C1", 1],
    ["/Member/v3/Create", 3],
  ] as const)("%s creates an active member who can log in", async (path, version) => {
    const answer = await sandbox.call("POST", path, { body: payload });
    expect(answer.json.peachCode).toBe(0);
    expect(answer.json.memberDetails).toMatchObject({
      email: "fresh@example.com",
      firstName: "Fresh",
      mobilePhone: "+33600000000",
      memberExpiry: "0001-01-01T00:00:00Z",
      hasUserName: true,
    });
    expect("userSessionId" in answer.json.memberDetails).toBe(version === 1);
    const login = await sandbox.call("POST", `/Member/v3/Login?${V3}`, {
      body: { username: "fresh@example.com", password: "Fresh-2026!" },
    });
    expect(login.json.peachCode).toBe(0);
  });

  test.each([
    [{ ...payload, email: "ACTIVE.v3@example.com" }, 34],
    [{ ...payload, password: "Short-1" }, 84],
    [{ ...payload, password: undefined }, 84],
    [{ ...payload, email: "not-an-email" }, 1],
    [{ ...payload, birthDate: "31/12/1990" }, 1],
    [{ ...payload, memberCardNumber: "CYP0000000001" }, 1020],
    [{ ...payload, memberCardNumber: "cyp-lowercase" }, 1],
  ])("refuses %j with peachCode %i and leaves no member behind", async (body, peachCode) => {
    const answer = await sandbox.call("POST", "/Member/v3/Create", { body });
    expect(answer.json.peachCode).toBe(peachCode);
    const search = await sandbox.call("POST", "/Member/MemberSearch/C1", { body: { email: "fresh@example.com" } });
    expect(search.json.peachCode).toBe(29);
  });

  test("a second create with the same e-mail answers 34", async () => {
    expect((await sandbox.call("POST", "/Member/v3/Create", { body: payload })).json.peachCode).toBe(0);
    expect((await sandbox.call("POST", "/Member/Create?circuitId=C1", { body: payload })).json.peachCode).toBe(34);
  });

  test("a card number given on creation becomes the member's card", async () => {
    const answer = await sandbox.call("POST", "/Member/v3/Create", {
      body: { ...payload, memberCardNumber: "NEWCARD-1" },
    });
    expect(answer.json.memberDetails.cardNumber).toBe("NEWCARD-1");
  });
});

describe("member search follow-up and edit", () => {
  test("a member without username is found, then edited by memberId", async () => {
    const search = await sandbox.call("POST", "/Member/MemberSearch/C1", { body: { email: "active.v1@example.com" } });
    expect(search.json).toEqual({
      peachCode: 0,
      memberId: "100002",
      email: "active.v1@example.com",
      hasUserName: false,
      clubId: "1",
    });

    const edit = await sandbox.call("POST", `/Member/Edit?${V1}`, {
      body: { memberId: "100002", username: "active.v1@example.com", clubId: "1" },
    });
    expect(edit.json.peachCode).toBe(0);
    expect(edit.json.memberDetails).toMatchObject({ username: "active.v1@example.com", hasUserName: true });
    const again = await sandbox.call("POST", "/Member/MemberSearch/C1", { body: { email: "active.v1@example.com" } });
    expect(again.json.hasUserName).toBe(true);
  });

  test("without a session, edit takes only username and clubId", async () => {
    const edit = await sandbox.call("POST", "/Member/v3/Edit", {
      body: {
        memberId: "100002",
        clubId: "2",
        password: "Hijacked-2026!",
        email: "thief@example.com",
        firstName: "Mallory",
      },
    });
    expect(edit.json.memberDetails).toMatchObject({ clubId: "2", email: "active.v1@example.com", firstName: "Victor" });
    const login = await sandbox.call("POST", `/Member/Login?${V1}`, {
      body: { username: "active.v1@example.com", password: PASSWORD },
    });
    expect(login.json.peachCode).toBe(0);
  });

  test("edit with a session changes that member; a dead token answers 7", async () => {
    const session = await sandbox.login("active.v3@example.com", 3);
    const edit = await sandbox.call("POST", "/Member/v3/Edit", {
      token: session.token,
      body: { firstName: "Adah", birthDate: "1991-05-06T00:00:00" },
    });
    expect(edit.json.memberDetails).toMatchObject({ firstName: "Adah", birthDate: "1991-05-06", lastName: "Active" });
    const taken = await sandbox.call("POST", "/Member/v3/Edit", {
      token: session.token,
      body: { email: "expired@example.com" },
    });
    expect(taken.json.peachCode).toBe(34);
    const weak = await sandbox.call("POST", "/Member/v3/Edit", { token: session.token, body: { password: "short" } });
    expect(weak.json.peachCode).toBe(84);
    expect(
      (await sandbox.call("POST", "/Member/v3/Edit", { token: "dead", body: { firstName: "X" } })).json.peachCode,
    ).toBe(7);
  });

  test("an unknown e-mail answers 29 to search and username reminder", async () => {
    expect(
      (await sandbox.call("POST", "/Member/MemberSearch/C1", { body: { email: "who@example.com" } })).json.peachCode,
    ).toBe(29);
    expect((await sandbox.call("GET", "/Member/UsernameReminder/C1/who%40example.com")).json.peachCode).toBe(29);
    expect((await sandbox.call("GET", "/Member/UsernameReminder/C1/active.v3%40example.com")).json).toEqual({
      peachCode: 0,
    });
  });
});

describe("get member", () => {
  test("v1 GetMember and GetValidatedMember answer the session's member with v1 fields", async () => {
    const session = await sandbox.login("active.v1@example.com", 1);
    for (const path of [`/Member/GetMember/?${V1}&userSessionId=x`, "/Member/GetValidatedMember/C1?cinemaId=LUM01"]) {
      const answer = await sandbox.call("GET", path, { token: session.token });
      expect(answer.json.peachCode).toBe(0);
      expect(answer.json.memberDetails.userSessionId).toBe(session.json.memberDetails.userSessionId);
    }
  });

  test("v3 GetMember also answers without the circuit key (the §7 row shows none)", async () => {
    const session = await sandbox.login("active.v3@example.com", 3);
    const answer = await sandbox.call("GET", "/Member/v3/GetMember/", { token: session.token });
    expect(answer.json.memberDetails.memberId).toBe("100001");
  });

  test("v3 GetMember adds cards only when asked", async () => {
    const session = await sandbox.login("active.v3@example.com", 3);
    const plain = await sandbox.call("GET", `/Member/v3/GetMember/?${V3}`, { token: session.token });
    expect(Object.keys(plain.json).sort()).toEqual(["memberDetails", "peachCode"]);
    const withCards = await sandbox.call("GET", `/Member/v3/GetMember/?${V3}&includeCards=true`, {
      token: session.token,
    });
    expect(withCards.json.cards).toEqual([{ cardCode: "CYP0000000001", status: "ACTIVE", isPrimary: true }]);
  });
});

describe("delete account", () => {
  test("the member is removed; their token dies and login answers 30", async () => {
    const session = await sandbox.login("active.v3@example.com", 3);
    const wrongId = await sandbox.call("GET", `/Member/v3/Delete/?${V3}&memberId=100002`, { token: session.token });
    expect(wrongId.json.peachCode).toBe(7);
    const deleted = await sandbox.call("GET", `/Member/v3/Delete/?${V3}&memberId=100001`, { token: session.token });
    expect(deleted.json).toEqual({ peachCode: 0 });
    expect((await sandbox.call("GET", `/Member/v3/GetMember/?${V3}`, { token: session.token })).json.peachCode).toBe(7);
    const login = await sandbox.call("POST", `/Member/v3/Login?${V3}`, {
      body: { username: "active.v3@example.com", password: PASSWORD },
    });
    expect(login.json.peachCode).toBe(30);
    // The card was freed with the account.
    const other = await sandbox.login("active.v1@example.com", 3);
    const card = await sandbox.call("POST", "/Member/v3/AddCard", {
      token: other.token,
      body: { cardCode: "CYP0000000001" },
    });
    expect(card.json.peachCode).toBe(0);
  });
});

describe("password reset", () => {
  test("v1: code, validation, new password; the code works once", async () => {
    const issued = await sandbox.call("GET", `/Member/GetResetPasswordCode?${RESET_QUERY("active.v1@example.com")}`);
    expect(issued.json).toEqual({ peachCode: 0, resetCode: expect.any(String) });
    const { resetCode } = issued.json;
    expect(sandbox.provider.lastResetCode("active.v1@example.com")).toBe(resetCode);
    const helper = await sandbox.call("GET", "/__sandbox/last-reset-code?email=active.v1%40example.com");
    expect(helper.json).toEqual({ email: "active.v1@example.com", resetCode, expiresAt: "2026-03-01T13:00:00.000Z" });
    expect(sandbox.logs.join("\n")).toContain(
      `https://www.example.com/reset-password/?email=active.v1%40example.com&resetCode=${resetCode}`,
    );

    const validate = (code: string, email = "active.v1@example.com") =>
      sandbox.call(
        "GET",
        `/Member/ValidatePasswordResetCode?circuitId=C1&cinemaId=LUM01&emailAddress=${encodeURIComponent(email)}&resetCode=${encodeURIComponent(code)}`,
      );
    expect((await validate(resetCode)).json).toEqual({ statusCode: 200, peachCode: 0 });
    expect((await validate("wrong")).json).toMatchObject({ statusCode: 200, peachCode: 57 });
    expect((await validate(resetCode, "active.v3@example.com")).json.peachCode).toBe(57);

    const reset = (code: string, password: string) =>
      sandbox.call("POST", "/Member/ResetPassword?circuitId=C1&cinemaId=LUM01", {
        body: { password, resetCode: code },
      });
    expect((await reset(resetCode, "short")).json.peachCode).toBe(84);
    expect((await reset(resetCode, "Changed-2026!")).json).toEqual({ peachCode: 0 });
    expect((await reset(resetCode, "Again-2026!!")).json.peachCode).toBe(57);

    const oldPassword = await sandbox.call("POST", `/Member/Login?${V1}`, {
      body: { username: "active.v1@example.com", password: PASSWORD },
    });
    expect(oldPassword.json.peachCode).toBe(31);
    const newPassword = await sandbox.call("POST", `/Member/Login?${V1}`, {
      body: { username: "active.v1@example.com", password: "Changed-2026!" },
    });
    expect(newPassword.json.peachCode).toBe(0);
  });

  test("v3: a code expires after an hour, and membershipId must match when sent", async () => {
    const first = await sandbox.call("GET", `/Member/GetResetPasswordCode?${RESET_QUERY("active.v3@example.com", 3)}`);
    sandbox.advance(61 * 60 * 1000);
    const late = await sandbox.call("POST", "/Member/v3/ResetPassword", {
      body: { password: "Changed-2026!", resetCode: first.json.resetCode, membershipId: "100001" },
    });
    expect(late.json.peachCode).toBe(57);

    const second = await sandbox.call("GET", `/Member/GetResetPasswordCode?${RESET_QUERY("active.v3@example.com", 3)}`);
    const wrongMember = await sandbox.call("POST", "/Member/v3/ResetPassword", {
      body: { password: "Changed-2026!", resetCode: second.json.resetCode, membershipId: "100002" },
    });
    expect(wrongMember.json.peachCode).toBe(57);
    const ok = await sandbox.call("POST", "/Member/v3/ResetPassword", {
      body: { password: "Changed-2026!", resetCode: second.json.resetCode, membershipId: "100001" },
    });
    expect(ok.json.peachCode).toBe(0);
  });

  test("a new code replaces the previous one; an unknown e-mail answers 29", async () => {
    const first = await sandbox.call("GET", `/Member/GetResetPasswordCode?${RESET_QUERY("expired@example.com")}`);
    await sandbox.call("GET", `/Member/GetResetPasswordCode?${RESET_QUERY("expired@example.com")}`);
    const stale = await sandbox.call("POST", "/Member/ResetPassword?circuitId=C1&cinemaId=LUM01", {
      body: { password: "Changed-2026!", resetCode: first.json.resetCode },
    });
    expect(stale.json.peachCode).toBe(57);
    expect(
      (await sandbox.call("GET", `/Member/GetResetPasswordCode?${RESET_QUERY("who@example.com")}`)).json.peachCode,
    ).toBe(29);
    expect((await sandbox.call("GET", "/__sandbox/last-reset-code?email=who%40example.com")).status).toBe(404);
  });
});
