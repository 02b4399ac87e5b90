/**
 * @jest-environment jsdom
 * @jest-environment-options {"url": "https://www.example.com/"}
 */
import { v3Session } from "../../test/loyalty-fakes";
import { clearSession, storeSession } from "./persistence";
import { recordCookieWrites } from "../../test/cookie-writes";

it("on an https page the session cookie is Secure", () => {
  const writes = recordCookieWrites();
  storeSession(v3Session, { sessionTimeoutHours: 720, browserSessionOnly: false });
  expect(writes.find((w) => w.startsWith("clubToken="))).toMatch(/; secure/i);
  clearSession();
});
