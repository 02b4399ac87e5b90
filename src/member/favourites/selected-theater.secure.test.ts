/**
 * @jest-environment jsdom
 * @jest-environment-options {"url": "https://www.example.com/"}
 */
import { storeSelectedTheaterId } from "./selected-theater";

it("on an https page the selected-theater cookie is Secure", () => {
  const writes: string[] = [];
  const setter = Object.getOwnPropertyDescriptor(Document.prototype, "cookie")?.set;
  jest.spyOn(document, "cookie", "set").mockImplementation(function (this: Document, value: string) {
    writes.push(value);
    setter?.call(this, value);
  });
  storeSelectedTheaterId("starlight-north");
  expect(writes[0]).toMatch(/; SameSite=Lax; Secure$/);
  expect(document.cookie).toBe("selectedTheaterId=starlight-north");
});
