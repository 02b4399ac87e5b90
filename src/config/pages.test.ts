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
