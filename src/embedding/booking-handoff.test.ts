import { bookingHandoffMessage, bookingRequest } from "./booking-handoff";
import { itReturns } from "../test/tables";

describe("bookingRequest: the booking route's query (spec §2, §9)", () => {
  itReturns(
    bookingRequest,
    [
      [
        "?theaterCode=LUM01&perfCode=LUM01-20261123-1400-1000021001-Salle1",
        { theaterCode: "LUM01", perfCode: "LUM01-20261123-1400-1000021001-Salle1" },
      ],
      ["?perfCode=123&theaterCode=SL001&utm_source=pos", { theaterCode: "SL001", perfCode: "123" }],
      ["?theaterCode=LUM01", null],
      ["?perfCode=1", null],
      ["?theaterCode=&perfCode=1", null],
      ["?theaterCode=LUM01&perfCode=%3Cscript%3E", null],
      ["?theaterCode=LUM 01&perfCode=1", null],
      [`?theaterCode=LUM01&perfCode=${"9".repeat(129)}`, null],
      ["", null],
    ],
    "%s → %j",
  );
});

describe("bookingHandoffMessage", () => {
  it("has the shape the README documents for hosts", () => {
    expect(bookingHandoffMessage("LUM01", "42")).toEqual({
      type: "booking",
      payload: { theaterCode: "LUM01", perfCode: "42" },
    });
  });
});
