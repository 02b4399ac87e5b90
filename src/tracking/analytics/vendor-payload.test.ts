// Issue 44, defence in depth: whatever address a vendor payload builder is handed, what it builds
// keeps the campaign parameters and nothing private.
import { expectNothingPlanted, PLANTED_ADDRESSES } from "../../test/planted-secrets";
import { itReturnsPerCase } from "../../test/tables";
import { withoutPrivateValues } from "./vendor-payload";

describe("withoutPrivateValues (every string of a payload for a vendor)", () => {
  describe("a string: an address less its private parameters", () => {
    itReturnsPerCase((address: string) => withoutPrivateValues(address), PLANTED_ADDRESSES);
  });

  const unchanged = { page: "Qui ? Quoi ?", path: "/films/", count: 3, none: null, yes: true, ids: ["2051"] };
  itReturnsPerCase<unknown, unknown>(
    (payload) => withoutPrivateValues(payload),
    [
      ["titles, paths without query, numbers, null, booleans, lists of ids: as they are", unchanged, unchanged],
      [
        "nested objects and lists, at any depth",
        { a: { b: ["/?token=x&utm_source=s", { c: "/x/?email=a%40b.fr" }] } },
        { a: { b: ["/?utm_source=s", { c: "/x/" }] } },
      ],
    ],
  );

  it("leaves the payload it was given unchanged", () => {
    const given = { url: "/?token=x", list: ["/?resetCode=1"] };
    const copy = structuredClone(given);
    withoutPrivateValues(given);
    expect(given).toEqual(copy);
  });

  it("also removes the extra parameters it is given (a site's own loyalty.tokenParam)", () => {
    expect(withoutPrivateValues({ url: "/?memberToken=x&a=1" }, ["memberToken"])).toEqual({ url: "/?a=1" });
  });

  it.each(PLANTED_ADDRESSES)("%s: nothing planted is left anywhere in a payload", (_case, address) => {
    expectNothingPlanted(withoutPrivateValues({ url: address, nested: { list: [address] } }));
  });
});
