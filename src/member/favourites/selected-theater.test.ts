/** @jest-environment jsdom */
import { SELECTED_THEATER_COOKIE } from "../session/cookies";
import {
  readSelectedTheaterId,
  resolveCurrentTheater,
  selectedTheaterCookie,
  selectedTheaterIdIn,
  storeSelectedTheaterId,
  theaterOrderWithCurrentFirst,
} from "./selected-theater";
import { recordCookieWrites } from "../../test/cookie-writes";
import { itReturns } from "../../test/tables";

const downtown = { id: "starlight-downtown", name: "Downtown" };
const riverside = { id: "starlight-riverside", name: "Riverside" };
const theaters = [downtown, riverside];

describe("resolveCurrentTheater (spec §4)", () => {
  it.each([
    // [case, isSingleLocation, pageTheaterId, selectedTheaterId, expected]
    [
      "single location: the first theater, whatever the page or the choice",
      true,
      "starlight-riverside",
      "starlight-riverside",
      downtown,
    ],
    ["single location with no page theater and no choice", true, null, null, downtown],
    ["the page's theater", false, "starlight-riverside", null, riverside],
    ["the page's theater wins over the stored choice", false, "starlight-downtown", "starlight-riverside", downtown],
    ["no page theater: the stored choice", false, null, "starlight-riverside", riverside],
    ["a page theater the site does not have: the stored choice", false, "elsewhere", "starlight-riverside", riverside],
    ["a stored choice the site no longer has: none", false, null, "closed-theater", null],
    ["neither: none", false, null, null, null],
  ] as const)("%s", (_case, isSingleLocation, pageTheaterId, selectedTheaterId, expected) => {
    expect(resolveCurrentTheater({ theaters, isSingleLocation, pageTheaterId, selectedTheaterId })).toBe(expected);
  });

  it("a single-location site without theaters has none", () => {
    expect(
      resolveCurrentTheater({ theaters: [], isSingleLocation: true, pageTheaterId: null, selectedTheaterId: null }),
    ).toBeNull();
  });
});

describe("the selectedTheaterId cookie (spec §9)", () => {
  it("uses the shared cookie name", () => {
    expect(SELECTED_THEATER_COOKIE).toBe("selectedTheaterId");
  });

  it("30 days, path /, SameSite=Lax; Secure only on https", () => {
    const now = new Date("2026-11-20T10:00:00Z");
    expect(selectedTheaterCookie("starlight-riverside", { now, secure: false })).toBe(
      "selectedTheaterId=starlight-riverside; expires=Sun, 20 Dec 2026 10:00:00 GMT; path=/; SameSite=Lax",
    );
    expect(selectedTheaterCookie("a b", { now, secure: true })).toBe(
      "selectedTheaterId=a%20b; expires=Sun, 20 Dec 2026 10:00:00 GMT; path=/; SameSite=Lax; Secure",
    );
  });

  itReturns(
    selectedTheaterIdIn,
    [
      ["selectedTheaterId=starlight-north", "starlight-north"],
      ["clubToken=x; selectedTheaterId=a%20b; other=1", "a b"],
      ["xselectedTheaterId=nope", null],
      ["selectedTheaterId=", null],
      ["selectedTheaterId=%E0%A4%A", null],
      ["", null],
    ],
    "reads %p as %p",
  );

  describe("in the browser", () => {
    let writes: string[];
    beforeEach(() => {
      writes = recordCookieWrites();
    });
    afterEach(() => {
      jest.restoreAllMocks();
      document.cookie = `${SELECTED_THEATER_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
    });

    it("nothing stored reads as null", () => {
      expect(readSelectedTheaterId()).toBeNull();
    });

    it("a stored choice reads back; on http it is not Secure", () => {
      storeSelectedTheaterId("starlight-riverside");
      expect(readSelectedTheaterId()).toBe("starlight-riverside");
      expect(writes).toHaveLength(1);
      expect(writes[0]).toMatch(/^selectedTheaterId=starlight-riverside; expires=[^;]+ GMT; path=\/; SameSite=Lax$/);
    });

    it("expires 30 days from now", () => {
      const before = Date.now();
      storeSelectedTheaterId("starlight-north");
      const expires = Date.parse(/expires=([^;]+)/.exec(writes[0] ?? "")?.[1] ?? "");
      expect(expires).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 30 * 86_400_000);
      expect(expires).toBeLessThanOrEqual(Date.now() + 30 * 86_400_000);
    });

    it("a newer choice replaces the older", () => {
      storeSelectedTheaterId("starlight-riverside");
      storeSelectedTheaterId("starlight-north");
      expect(readSelectedTheaterId()).toBe("starlight-north");
      expect(document.cookie.split(";").filter((c) => c.trim().startsWith("selectedTheaterId="))).toHaveLength(1);
    });
  });
});

describe("theaterOrderWithCurrentFirst", () => {
  it.each([
    [["a", "b", "c"], "b", ["b", "a", "c"]],
    [["a", "b", "c"], "a", ["a", "b", "c"]],
    [["a", "b", "c"], null, ["a", "b", "c"]],
    [["a", "b", "c"], "z", ["a", "b", "c"]],
    [[], "a", []],
  ])("%p with %p first → %p", (order, current, expected) => {
    expect(theaterOrderWithCurrentFirst(order, current)).toEqual(expected);
  });
});
