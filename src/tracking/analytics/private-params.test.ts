import { hasPrivateParams, PRIVATE_PARAMS, withoutPrivateParams } from "./private-params";
import { PLANTED_ADDRESSES } from "../../test/planted-secrets";
import { itReturns, itReturnsPerCase } from "../../test/tables";

describe("withoutPrivateParams (what analytics may receive of a URL)", () => {
  itReturnsPerCase(
    withoutPrivateParams,
    [
      ["a path without query", "/films/", "/films/"],
      ["an absolute URL without query", "https://cinema.example/films/", "https://cinema.example/films/"],
      ["the member token a page is opened with", "/?token=MT-1", "/"],
      [
        "the token among utm parameters",
        "/?utm_source=mail&token=MT-1&utm_medium=email",
        "/?utm_source=mail&utm_medium=email",
      ],
      [
        "the reset page's e-mail and code (spec §2)",
        "/account/reset-password/?email=jane%40example.com&resetCode=RC-999",
        "/account/reset-password/",
      ],
      [
        "a TAPOS reset link's uid and token",
        "https://cinema.example/account/reset-password/?uid=M-42&token=RT-7&utm_campaign=reset",
        "https://cinema.example/account/reset-password/?utm_campaign=reset",
      ],
      [
        "a ticketing link's provider token",
        "https://billetterie.example/giftcards?utm_source=a&boostToken=tok-9",
        "https://billetterie.example/giftcards?utm_source=a",
      ],
      ["every provider's token parameter", "/?taposToken=a&cgrToken=b&rtsToken=c&x=1", "/?x=1"],
      ["a name in another case", "/?Email=jane%40example.com&RESETCODE=RC-1", "/"],
      ["an encoded name", "/?reset%43ode=RC-1&a=1", "/?a=1"],
      ["a name without a value", "/?token&a=1", "/?a=1"],
      ["a repeated name", "/?token=a&token=b&a=1", "/?a=1"],
      ["other parameters kept as written", "/?q=a%20b+c&return=%2Fbook&token=t", "/?q=a%20b+c&return=%2Fbook"],
      [
        "the hand-off's requestData (spec §2; it may carry a booking or session context), return kept",
        "/films/?return=%2Fstartticketing%2FLUM01&requestData=ctx%3D1%26s%3D9&utm_source=pos",
        "/films/?return=%2Fstartticketing%2FLUM01&utm_source=pos",
      ],
      ["requestData in another case, without a value", "/?RequestData&requestdata=x&a=1", "/?a=1"],
      [
        "a name that only contains a private one",
        "/?tokens=1&my_email=2&resetCodeHint=3",
        "/?tokens=1&my_email=2&resetCodeHint=3",
      ],
      ["the fragment kept", "/films/?token=t#seances", "/films/#seances"],
      ["a ? inside the fragment is not a query", "/films/#a?token=t", "/films/#a?token=t"],
      ["a URL left with other parameters after empty pairs", "/?&token=t&&a=1", "/?a=1"],
    ],
    "%s: %s → %s",
  );

  describe("the addresses every vendor payload is tested with (src/test/planted-secrets.ts)", () => {
    itReturnsPerCase(withoutPrivateParams, PLANTED_ADDRESSES);
  });

  it("also removes a site's own ticketing token parameter (settings.loyalty.tokenParam)", () => {
    const url = "https://billetterie.example/book?perfcode=P42&memberToken=tok-9";
    expect(withoutPrivateParams(url)).toBe(url);
    expect(withoutPrivateParams(url, ["memberToken"])).toBe("https://billetterie.example/book?perfcode=P42");
  });

  it("names the spec's parameters and every provider's token parameter", () => {
    expect([...PRIVATE_PARAMS].sort()).toEqual(
      ["boostToken", "cgrToken", "email", "requestData", "resetCode", "rtsToken", "taposToken", "token", "uid"].sort(),
    );
  });
});

describe("hasPrivateParams", () => {
  itReturns(
    hasPrivateParams,
    [
      ["/?utm_source=mail", false],
      ["/films/", false],
      ["/?token=t", true],
      ["/?return=%2Fbook&requestData=abc", true],
      ["https://cinema.example/account/reset-password/?email=a%40b.fr&resetCode=1", true],
    ],
    "%s → %s",
  );
});
