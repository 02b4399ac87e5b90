import { expiryFromProvider, isExpired, isShutOutAsExpired, NO_EXPIRY_SENTINEL } from "./types";

const now = new Date("2026-11-20T10:00:00Z");

describe("spec §4 Expired: memberExpiry in the past and not the sentinel", () => {
  it.each([
    ["the sentinel (no expiry)", NO_EXPIRY_SENTINEL, false],
    ["an empty value", "", false],
    ["an unreadable value", "soon", false],
    ["a day ago", "2026-11-19T10:00:00Z", true],
    ["a second ago", "2026-11-20T09:59:59Z", true],
    ["tomorrow", "2026-11-21T10:00:00Z", false],
  ])("%s → %p", (_what, memberExpiry, expected) => {
    expect(isExpired({ expiresAt: expiryFromProvider(memberExpiry) }, now)).toBe(expected);
  });
});

describe("isShutOutAsExpired: expired, and expired logins not allowed (spec §4)", () => {
  it.each([
    ["expired, not allowed", "2026-11-19T10:00:00Z", false, true],
    ["expired, allowed", "2026-11-19T10:00:00Z", true, false],
    ["current, not allowed", "2026-12-19T10:00:00Z", false, false],
    ["never expires, not allowed", NO_EXPIRY_SENTINEL, false, false],
  ])("%s → %p", (_what, memberExpiry, allowExpiredAccountsLogin, expected) => {
    expect(
      isShutOutAsExpired({ expiresAt: expiryFromProvider(memberExpiry) }, { now, allowExpiredAccountsLogin }),
    ).toBe(expected);
  });
});
