import { OriginListError, normaliseOrigin, normaliseOrigins, parseEditorOrigins } from "./origins";
import { itReturns } from "../test/tables";

describe("normaliseOrigin: the form browsers give MessageEvent.origin", () => {
  itReturns(
    normaliseOrigin,
    [
      ["https://editor.example.com", "https://editor.example.com"],
      ["https://editor.example.com/", "https://editor.example.com"],
      ["  https://Editor.Example.COM  ", "https://editor.example.com"],
      ["https://editor.example.com:443", "https://editor.example.com"],
      ["http://localhost:9420", "http://localhost:9420"],
      ["http://127.0.0.1:80/", "http://127.0.0.1"],
      ["https://xn--caf-dma.example", "https://xn--caf-dma.example"],
      ["https://café.example", "https://xn--caf-dma.example"],
    ],
    "%s → %s",
  );

  it.each([
    ["a bare host", "caisse.cinema-lumiere.fr"],
    ["a path", "https://editor.example.com/app"],
    ["a query", "https://editor.example.com/?x=1"],
    ["a fragment", "https://editor.example.com/#top"],
    ["credentials", "https://user:pw@editor.example.com"],
    ["a wildcard", "https://*.example.com"],
    ["another scheme", "ftp://editor.example.com"],
    ["javascript:", "javascript:alert(1)"],
    ["nothing", ""],
  ])("refuses %s", (_label, input) => {
    expect(() => normaliseOrigin(input)).toThrow(OriginListError);
  });

  it("drops duplicates after normalising, keeping the order", () => {
    expect(normaliseOrigins(["https://b.example", "https://a.example/", "https://B.example"])).toEqual([
      "https://b.example",
      "https://a.example",
    ]);
  });
});

describe("parseEditorOrigins (deploy setting EDITOR_ORIGINS, brief §2)", () => {
  itReturns(
    parseEditorOrigins,
    [
      [undefined, []],
      ["", []],
      [" , ", []],
      ["https://editor.example.com", ["https://editor.example.com"]],
      [
        "https://editor.example.com, https://admin.example.com/",
        ["https://editor.example.com", "https://admin.example.com"],
      ],
    ],
    "%j → %j",
  );

  it("names the setting and the bad entry", () => {
    expect(() => parseEditorOrigins("https://ok.example, editor.example.com")).toThrow(
      'EDITOR_ORIGINS: "editor.example.com" is not an origin',
    );
  });
});
