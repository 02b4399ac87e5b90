import { packContext, unpackContext, type MaybePacked } from "./packed-context";

type Listing = { pagePath: string; films: { id: number; title: string }[] };
const listing: Listing = { pagePath: "/films/", films: [{ id: 1, title: "L'été « chaud »" }] };

describe("a listing page's context, packed for Gatsby and unpacked by its template", () => {
  it.each<[string, MaybePacked<Listing>]>([
    ["packed by the build", packContext(listing)],
    ["as a plain object (a context the build did not pack)", listing],
  ])("%s: the template reads the context the plan made", (_, context) => {
    expect(unpackContext(context)).toEqual(listing);
  });

  it("Gatsby receives one string field, so it hashes and compares a string", () => {
    expect(packContext(listing)).toEqual({ packed: JSON.stringify(listing) });
  });

  it("the page and its Head get the same object for the same text; another page gets its own", () => {
    const packed = packContext(listing);
    const first = unpackContext<Listing>(packed);
    expect(unpackContext<Listing>({ packed: packed.packed })).toBe(first);
    const other = unpackContext<Listing>(packContext({ ...listing, pagePath: "/seances/" }));
    expect(other.pagePath).toBe("/seances/");
    expect(unpackContext<Listing>(packed)).toEqual(listing);
  });
});
