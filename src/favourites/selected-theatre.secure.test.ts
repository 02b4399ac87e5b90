/**
 * @jest-environment jsdom
 * @jest-environment-options {"url": "https://www.example.com/"}
 */
import { storeSelectedTheatreId } from "./selected-theatre";

it("on an https page the selected-theatre cookie is Secure", () => {
  const writes: string[] = [];
  const setter = Object.getOwnPropertyDescriptor(Document.prototype, "cookie")?.set;
  jest.spyOn(document, "cookie", "set").mockImplementation(function (this: Document, value: string) {
    writes.push(value);
    setter?.call(this, value);
  });
  storeSelectedTheatreId("starlight-north");
  expect(writes[0]).toMatch(/; SameSite=Lax; Secure$/);
  expect(document.cookie).toBe("selectedTheaterId=starlight-north");
});
