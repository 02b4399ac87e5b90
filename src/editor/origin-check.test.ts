import { isFromEditor } from "./origin-check";

const EDITORS = ["https://editor.example.com", "http://localhost:9420"];
const self = { name: "site" };
const parent = { name: "parent" };
const opener = { name: "opener" };
const other = { name: "another window" };

describe("isFromEditor (spec §6 site editor, brief §2 exact-origin match)", () => {
  const framed = { self, parent, opener: null };
  const opened = { self, parent: self, opener };

  it.each<[string, { origin: string; source: unknown }, { self: unknown; parent: unknown; opener: unknown }, boolean]>([
    ["the framing editor", { origin: "https://editor.example.com", source: parent }, framed, true],
    ["the second allowed editor", { origin: "http://localhost:9420", source: parent }, framed, true],
    ["the editor that opened the page", { origin: "https://editor.example.com", source: opener }, opened, true],
    [
      "framed and opened: the opener counts too",
      { origin: "https://editor.example.com", source: opener },
      { self, parent, opener },
      true,
    ],
    ["an origin not in EDITOR_ORIGINS", { origin: "https://evil.example", source: parent }, framed, false],
    ["an allowed host on another port", { origin: "http://localhost:9421", source: parent }, framed, false],
    ["an allowed host under another scheme", { origin: "http://editor.example.com", source: parent }, framed, false],
    ["the same host as 127.0.0.1", { origin: "http://127.0.0.1:9420", source: parent }, framed, false],
    ["a subdomain of an allowed origin", { origin: "https://a.editor.example.com", source: parent }, framed, false],
    [
      "an allowed origin with a trailing slash",
      { origin: "https://editor.example.com/", source: parent },
      framed,
      false,
    ],
    ["the opaque origin of a sandboxed frame", { origin: "null", source: parent }, framed, false],
    [
      "an allowed origin from another window (a frame it put in the page, another tab)",
      { origin: "https://editor.example.com", source: other },
      framed,
      false,
    ],
    ["an allowed origin from the page itself", { origin: "https://editor.example.com", source: self }, framed, false],
    [
      "no source (a MessagePort, or a closed window)",
      { origin: "https://editor.example.com", source: null },
      framed,
      false,
    ],
    [
      "a top-level page with no opener: its parent is itself",
      { origin: "https://editor.example.com", source: self },
      { self, parent: self, opener: null },
      false,
    ],
  ])("%s → %s", (_label, event, windows, expected) => {
    expect(isFromEditor(event, EDITORS, windows)).toBe(expected);
  });

  it("allows nobody when EDITOR_ORIGINS is empty", () => {
    expect(isFromEditor({ origin: "https://editor.example.com", source: parent }, [], framed)).toBe(false);
  });
});
