import { minimalPages } from "./__fixtures__/minimal";
import { problemsOf } from "./__fixtures__/issues";
import { pagesFileSchema } from "./pages";

const home = minimalPages.pages[0];

describe("pagesFileSchema defaults", () => {
  it("a minimal page has no description, no blocks and is not beta; navigation is empty", () => {
    expect(pagesFileSchema.parse(minimalPages)).toEqual({
      pages: [{ id: "home", slug: "", title: "Home", description: "", blocks: [], beta: false }],
      navigation: { header: [], footer: [] },
    });
  });

  it.each([
    ["hero", { type: "hero", title: "Hi" }, { type: "hero", title: "Hi", text: "" }],
    [
      "text",
      { type: "text", body: "Para one.\n\nPara two." },
      { type: "text", body: "Para one.\n\nPara two.", links: [] },
    ],
    ["films", { type: "films" }, { type: "films", selection: "nowShowing" }],
    ["theaters", { type: "theaters" }, { type: "theaters" }],
  ])("a %s block gets its defaults", (_case, block, expected) => {
    const parsed = pagesFileSchema.parse({ ...minimalPages, pages: [{ ...home, blocks: [block] }] });
    expect(parsed.pages[0]?.blocks).toEqual([expected]);
  });

  it("parsing the parsed defaults again changes nothing", () => {
    const parsed = pagesFileSchema.parse(minimalPages);
    expect(pagesFileSchema.parse(parsed)).toEqual(parsed);
  });
});

describe("pagesFileSchema refuses, naming the field", () => {
  it.each<[string, unknown, string, string]>([
    ["no pages", { ...minimalPages, pages: [] }, "pages", "expected array to have >=1 items"],
    [
      "a slug with a leading slash",
      { ...minimalPages, pages: [{ ...home, slug: "/about" }] },
      "pages[0].slug",
      "expected a slug",
    ],
    ["an uppercase slug", { ...minimalPages, pages: [{ ...home, slug: "About" }] }, "pages[0].slug", "expected a slug"],
    [
      "an unknown block type",
      { ...minimalPages, pages: [{ ...home, blocks: [{ type: "video" }] }] },
      "pages[0].blocks[0].type",
      "Expected 'hero' | 'text' | 'films' | 'theaters' (received \"video\")",
    ],
    [
      "a films block with a bad selection",
      { ...minimalPages, pages: [{ ...home, blocks: [{ type: "films", selection: "soon" }] }] },
      "pages[0].blocks[0].selection",
      "Invalid option",
    ],
    [
      "HTML-free text without a body",
      { ...minimalPages, pages: [{ ...home, blocks: [{ type: "text" }] }] },
      "pages[0].blocks[0].body",
      "(missing)",
    ],
    [
      "a footer group with no links",
      { ...minimalPages, navigation: { footer: [{ title: "Legal", links: [] }] } },
      "navigation.footer[0].links",
      "expected array to have >=1 items",
    ],
    [
      "a header link without a label",
      { ...minimalPages, navigation: { header: [{ label: "", to: "/" }] } },
      "navigation.header[0].label",
      "expected string to have >=1 characters",
    ],
    ["no navigation", { pages: minimalPages.pages }, "navigation", "(missing)"],
  ])("%s", (_case, data, field, fragment) => {
    expect(problemsOf(pagesFileSchema, data)).toEqual([{ field, message: expect.stringContaining(fragment) }]);
  });
});

describe("link targets are checked where the operator writes them (spec §2, §5)", () => {
  const withHeaderLink = (to: string) => ({ ...minimalPages, navigation: { header: [{ label: "Link", to }] } });

  // Each of these would be rendered as a dead link: a typing mistake, not a choice.
  it.each([
    ["a javascript: URL", "javascript:alert(1)"],
    ["a data: URL", "data:text/html,<b>hi</b>"],
    ["a misspelled scheme", "htps://www.example.com/"],
    ["a path without its leading slash", "films"],
    ["a path read as another host", "//evil.example.com/"],
    ["credentials in the URL", "https://user:pass@www.example.com/"],
    ["a malformed mailto", "mailto:nobody"],
    ["an ftp URL", "ftp://files.example.com/programme.pdf"],
  ])("refuses %s in a header link", (_case, to) => {
    expect(problemsOf(pagesFileSchema, withHeaderLink(to))).toEqual([
      { field: "navigation.header[0].to", message: expect.stringContaining("expected a site path") },
    ]);
  });

  it.each([
    ["an empty target (a deliberate non-link, spec §2)", ""],
    ["a site path", "/films/"],
    ["a site path without its trailing slash", "/infos-pratiques"],
    ["an https URL", "https://www.openstreetmap.org/?mlat=45.9#map=17/45.9/6.1"],
    ["an e-mail address", "contact@cinema-lumiere.fr"],
    ["a mailto link", "mailto:contact@cinema-lumiere.fr?subject=Hello"],
    ["a fragment", "#tarifs"],
    ["a plain #", "#"],
    ["the login action", "#loyalty-login"],
  ])("accepts %s", (_case, to) => {
    expect(problemsOf(pagesFileSchema, withHeaderLink(to))).toEqual([]);
  });

  it("names the link wherever it is: a footer group, a text block, a hero", () => {
    const data = {
      pages: [
        {
          ...home,
          blocks: [
            { type: "hero", title: "Hi", link: { label: "Go", to: "javascript:void(0)" } },
            {
              type: "text",
              body: "Text",
              links: [
                { label: "Ok", to: "/" },
                { label: "Bad", to: "www.example.com" },
              ],
            },
          ],
        },
      ],
      navigation: { footer: [{ title: "Legal", links: [{ label: "Bad", to: "htp://x.example" }] }] },
    };
    expect(problemsOf(pagesFileSchema, data).map((p) => p.field)).toEqual([
      "pages[0].blocks[0].link.to",
      "pages[0].blocks[1].links[1].to",
      "navigation.footer[0].links[0].to",
    ]);
  });
});
