/** @jest-environment jsdom */
import { member, v1Session, v3Session } from "../../test/loyalty-fakes";
import { bareMember } from "../types";
import {
  canPersist,
  clearLoginLeftovers,
  clearSession,
  MEMBER_SESSION_STORAGE_KEY,
  restoreSession,
  storedTokensIssuedAt,
  storeSession,
} from "./persistence";
import { recordCookieWrites } from "../../test/cookie-writes";

const keep = { sessionTimeoutHours: 720, browserSessionOnly: false };
let writes: string[];

function cookieNames(): string[] {
  return document.cookie
    .split(/;\s*/)
    .filter(Boolean)
    .map((pair) => pair.split("=")[0] ?? "");
}

beforeEach(() => {
  clearSession();
  localStorage.clear();
  writes = recordCookieWrites();
});
afterEach(() => jest.restoreAllMocks());

describe("storeSession", () => {
  it("v3: token in the clubToken cookie (path /, Lax, sessionTimeout hours); localStorage keeps ids and flags, nothing personal", () => {
    const before = Date.now();
    expect(storeSession(v3Session, keep)).toBe(true);
    expect(cookieNames()).toEqual(["clubToken"]);
    const write = writes.find((w) => w.startsWith("clubToken="));
    expect(write).toContain("clubToken=tok-3");
    expect(write).toContain("path=/");
    expect(write).toMatch(/samesite=lax/i);
    // 720 hours = 30 days.
    const expires = Date.parse(/expires=([^;]+)/.exec(write ?? "")?.[1] ?? "");
    expect(Math.abs(expires - (before + 720 * 3600 * 1000))).toBeLessThan(5000);
    expect(write).not.toMatch(/secure/i); // jsdom's page is http://localhost
    expect(JSON.parse(localStorage.getItem(MEMBER_SESSION_STORAGE_KEY) ?? "null")).toEqual({
      refreshable: true,
      cypherVersion: 3,
      memberId: "100001",
      memberExpiresAt: null,
      tokensIssuedAt: expect.any(Number),
    });
  });

  it("v1: the userSessionId cookie beside it", () => {
    storeSession(v1Session, keep);
    expect(document.cookie).toContain("clubToken=tok-1");
    expect(document.cookie).toContain("userSessionId=usid-1");
    expect(JSON.parse(localStorage.getItem(MEMBER_SESSION_STORAGE_KEY) ?? "null")).toEqual({
      refreshable: true,
      cypherVersion: 1,
      memberId: "100001",
      memberExpiresAt: null,
      tokensIssuedAt: expect.any(Number),
    });
  });

  it("keeps none of the member's personal data, and no token, in localStorage", () => {
    storeSession({ ...v1Session, member: { ...member, expiresAt: "2030-01-01T00:00:00Z" } }, keep);
    const text = localStorage.getItem(MEMBER_SESSION_STORAGE_KEY) ?? "";
    for (const value of [
      member.firstName,
      member.lastName,
      member.email,
      member.mobilePhone,
      member.birthDate,
      member.cardNumber,
      String(member.pointsBalance),
      v1Session.token,
      v1Session.userSessionId ?? "",
    ])
      expect(text).not.toContain(value);
    expect(JSON.parse(text)).toMatchObject({ memberExpiresAt: "2030-01-01T00:00:00Z" });
  });

  it("an expired member not allowed in gets browser-session cookies (no expires)", () => {
    storeSession(v1Session, { sessionTimeoutHours: 720, browserSessionOnly: true });
    const cookieWrites = writes.filter((w) => w.startsWith("clubToken=") || w.startsWith("userSessionId="));
    expect(cookieWrites).toHaveLength(2);
    for (const write of cookieWrites) expect(write).not.toMatch(/expires=/i);
  });

  it("v3 without both tokens is not persisted (spec §4)", () => {
    expect(canPersist({ ...v3Session, refreshable: false })).toBe(false);
    expect(storeSession({ ...v3Session, refreshable: false }, keep)).toBe(false);
    expect(document.cookie).toBe("");
    expect(localStorage.getItem(MEMBER_SESSION_STORAGE_KEY)).toBeNull();
    // v1 keeps a session without a refresh token (it is simply never refreshed).
    expect(canPersist({ ...v1Session, refreshable: false })).toBe(true);
  });

  it("a token that could not be a session token is never written", () => {
    expect(storeSession({ ...v3Session, token: "bad token;path=/evil" }, keep)).toBe(false);
    expect(writes).toEqual([]);
  });
});

describe("restoreSession", () => {
  it("round-trips v1 and v3 sessions, their member bare (ids and expiry) until it is fetched again", () => {
    const expiring = { ...member, expiresAt: "2030-01-01T00:00:00Z" };
    storeSession({ ...v3Session, member: expiring }, keep);
    expect(restoreSession()).toEqual({ ...v3Session, member: bareMember("100001", "2030-01-01T00:00:00Z") });
    clearSession();
    storeSession(v1Session, keep);
    expect(restoreSession()).toEqual({ ...v1Session, member: bareMember("100001", null) });
  });

  it("an entry written by an older version (member details, refresh token) restores, rewritten without them", () => {
    document.cookie = "clubToken=tok-3; path=/";
    localStorage.setItem(
      MEMBER_SESSION_STORAGE_KEY,
      JSON.stringify({ refreshToken: "ref-3", cypherVersion: 3, member, tokensIssuedAt: 5 }),
    );
    // The old refresh token is not the server's cookie: the session lives until its cookie ends.
    expect(restoreSession()).toBeNull(); // v3 without a refresh token is not kept (spec §4)
    localStorage.setItem(
      MEMBER_SESSION_STORAGE_KEY,
      JSON.stringify({ refreshToken: "ref-1", cypherVersion: 1, memberId: "100001", member, tokensIssuedAt: 5 }),
    );
    document.cookie = "clubToken=tok-1; path=/";
    expect(restoreSession()).toMatchObject({ token: "tok-1", cypherVersion: 1, refreshable: false });
    expect(JSON.parse(localStorage.getItem(MEMBER_SESSION_STORAGE_KEY) ?? "null")).toEqual({
      cypherVersion: 1,
      refreshable: false,
      memberId: "100001",
      memberExpiresAt: null,
      tokensIssuedAt: 5,
    });
  });

  it("nothing stored → null", () => {
    expect(restoreSession()).toBeNull();
  });

  it("the cookie gone means the session ended: the localStorage copy is cleared", () => {
    storeSession(v3Session, keep);
    document.cookie = "clubToken=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT";
    expect(restoreSession()).toBeNull();
    expect(localStorage.getItem(MEMBER_SESSION_STORAGE_KEY)).toBeNull();
  });

  it.each([
    ["not JSON", "{oops"],
    ["wrong shape", JSON.stringify({ refreshable: true, cypherVersion: 2 })],
    ["wrong field type", JSON.stringify({ refreshable: "yes", cypherVersion: 3 })],
  ])("bad localStorage (%s) → null and everything cleared", (_name, text) => {
    storeSession(v3Session, keep);
    localStorage.setItem(MEMBER_SESSION_STORAGE_KEY, text);
    expect(restoreSession()).toBeNull();
    expect(cookieNames()).toEqual([]);
    expect(localStorage.getItem(MEMBER_SESSION_STORAGE_KEY)).toBeNull();
  });
});

describe("clearing", () => {
  it("clearLoginLeftovers removes only the userSessionId cookie (spec §4 login step 1)", () => {
    storeSession(v1Session, keep);
    clearLoginLeftovers();
    expect(cookieNames()).toEqual(["clubToken"]);
  });

  it("clearSession removes both cookies and the stored details", () => {
    storeSession(v1Session, keep);
    clearSession();
    expect(document.cookie).toBe("");
    expect(localStorage.getItem(MEMBER_SESSION_STORAGE_KEY)).toBeNull();
  });

  it("does not throw when storage is unavailable", () => {
    jest.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("QuotaExceededError");
    });
    jest.spyOn(Storage.prototype, "getItem").mockImplementation(() => {
      throw new DOMException("SecurityError");
    });
    expect(() => storeSession(v3Session, keep)).not.toThrow();
    expect(() => restoreSession()).not.toThrow();
    expect(() => clearSession()).not.toThrow();
  });
});

describe("tokensIssuedAt (the start-up refresh grace)", () => {
  it("a new pair is stamped now; the same pair stored again keeps its stamp", () => {
    storeSession(v3Session, { ...keep, now: () => 1_000 });
    expect(storedTokensIssuedAt()).toBe(1_000);
    storeSession({ ...v3Session, member: { ...member, pointsBalance: 5 } }, { ...keep, now: () => 9_000 });
    expect(storedTokensIssuedAt()).toBe(1_000);
    storeSession({ ...v3Session, token: "tok-4" }, { ...keep, now: () => 9_000 });
    expect(storedTokensIssuedAt()).toBe(9_000);
  });
});
