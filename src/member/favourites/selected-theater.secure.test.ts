/**
 * @jest-environment jsdom
 * @jest-environment-options {"url": "https://www.example.com/"}
 */
import { storeSelectedTheaterId } from "./selected-theater";
import { recordCookieWrites } from "../../test/cookie-writes";

it("on an https page the selected-theater cookie is Secure", () => {
  const writes = recordCookieWrites();
  storeSelectedTheaterId("starlight-north");
  expect(writes[0]).toMatch(/; SameSite=Lax; Secure$/);
  expect(document.cookie).toBe("selectedTheaterId=starlight-north");
});
