/**
 * @jest-environment jsdom
 * @jest-environment-options {"url": "https://www.example.com/"}
 */
import { v3Session } from "../../test/loyalty-fakes";
import { clearSession, storeSession } from "./persistence";

it("on an https page the session cookie is Secure", () => {
  const writes: string[] = [];
  const setter = Object.getOwnPropertyDescriptor(Document.prototype, "cookie")?.set;
  jest.spyOn(document, "cookie", "set").mockImplementation(function (this: Document, value: string) {
    writes.push(value);
    setter?.call(this, value);
  });
  storeSession(v3Session, { sessionTimeoutHours: 720, browserSessionOnly: false });
  expect(writes.find((w) => w.startsWith("clubToken="))).toMatch(/; secure/i);
  clearSession();
});
