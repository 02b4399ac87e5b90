import { loadSiteConfig } from "../config/load";
import { buildSiteModel, type SiteRuntime } from "../site/model";
import type { PreviewOverrides } from "./apply";
import { loadPreviewFont, startEditorPreview } from "./preview";

const EDITOR = "https://editor.example.com";
let site: SiteRuntime;
beforeAll(async () => {
  const config = await loadSiteConfig({ configRoot: "site-config", siteId: "lumiere" });
  site = buildSiteModel(config, new Date("2026-11-20T10:00:00Z"), { editorOrigins: [EDITOR] }).runtime;
});

beforeEach(() => {
  document.head.innerHTML = "";
});

/** A page framed by `parent`: the message listener is captured so tests can play the browser. */
function framedPage() {
  const posted: { message: unknown; origin: string }[] = [];
  const parent = { postMessage: (message: unknown, origin: string) => posted.push({ message, origin }) };
  let listener: ((event: MessageEvent) => void) | null = null;
  const win = {
    parent,
    opener: null,
    document,
    addEventListener: (_type: string, fn: (event: MessageEvent) => void) => (listener = fn),
    removeEventListener: () => (listener = null),
  } as unknown as Window;
  const changes: PreviewOverrides[] = [];
  const stop = startEditorPreview({
    site,
    host: parent as unknown as Window,
    targets: [EDITOR],
    onChange: (o) => changes.push(o),
    win,
  });
  const receive = (data: unknown, from: { origin?: string; source?: unknown } = {}) =>
    listener?.({
      data,
      origin: from.origin ?? EDITOR,
      source: "source" in from ? from.source : parent,
    } as MessageEvent);
  return { posted, changes, receive, parent, stop, listening: () => listener !== null };
}

describe("startEditorPreview (spec §4 editor preview lifecycle)", () => {
  // What the page says of a refused message goes to the console: kept here to be read.
  let warn: jest.SpyInstance;
  beforeEach(() => {
    warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
  });
  afterEach(() => warn.mockRestore());

  it("listens, then posts the lifecycle to the editor's origin only", () => {
    const page = framedPage();
    expect(page.listening()).toBe(true);
    expect(page.posted).toEqual([{ message: { type: "lifeCycle", lifeCycle: "mounted" }, origin: EDITOR }]);
  });

  it("applies a message from the editor to the running page", () => {
    const page = framedPage();
    page.receive({ type: "headerLayout", payload: { headerLayout: "centered" } });
    expect(page.changes).toHaveLength(1);
    expect(page.changes[0]!.layout.headerLayout).toBe("centered");
  });

  it("re-derives the theme from a posted colour scheme", () => {
    const page = framedPage();
    const colorScheme = { ...site.theme.colors.palette, background: "#000000" };
    page.receive({ type: "colorScheme", payload: { colorScheme } });
    expect(page.changes[0]!.siteTheme.colours.background).toBe("#000000");
    expect(page.changes[0]!.siteTheme.colours.text).not.toBe(site.siteTheme.colours.text);
  });

  it("loads the chosen family's preview stylesheet once", () => {
    const page = framedPage();
    const font = { target: "body", family: "Roboto Slab", weights: ["400"] };
    page.receive({ type: "font", payload: { font } });
    page.receive({ type: "font", payload: { font: { ...font, target: "heading" } } });
    const links = document.head.querySelectorAll("link[rel=stylesheet]");
    expect([...links].map((l) => l.getAttribute("href"))).toEqual(["/fonts/preview/roboto-slab.css"]);
    expect(page.changes.map((c) => c.siteTheme.fontFamilies)).toEqual([
      { body: "Roboto Slab", heading: "Playfair Display" },
      { body: "Roboto Slab", heading: "Roboto Slab" },
    ]);
  });

  it.each<[string, unknown, { origin?: string; source?: unknown }]>([
    ["another origin", { type: "hasSearch", payload: { hasSearch: false } }, { origin: "https://evil.example" }],
    ["the editor's origin from another window", { type: "hasSearch", payload: { hasSearch: false } }, { source: {} }],
    ["an unknown type", { type: "roundness", payload: { roundness: "NONE" } }, {}],
    ["a payload that does not parse", { type: "hasSearch", payload: { hasSearch: "no" } }, {}],
    ["not an object", "hasSearch=false", {}],
  ])("ignores %s", (_label, data, from) => {
    const page = framedPage();
    expect(() => page.receive(data, from)).not.toThrow();
    expect(page.changes).toEqual([]);
    expect(document.head.querySelectorAll("link")).toHaveLength(0);
  });

  it.each<[string, unknown, RegExp]>([
    [
      "a weight the family lacks",
      { type: "font", payload: { font: { target: "body", family: "Anton", weights: ["700"] } } },
      /^Editor preview: ignored \(font: payload\.font\.weights: Font "Anton" has no weight 700: allowed weights are 400\)$/,
    ],
    [
      "a colour that is not hex",
      { type: "colorScheme", payload: { colorScheme: { primary: "red" } } },
      /^Editor preview: ignored \(colorScheme: payload\.colorScheme\./,
    ],
  ])("says in the console why the editor's message was refused: %s", (_label, data, said) => {
    const page = framedPage();
    page.receive(data);
    expect(page.changes).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toMatch(said);
  });

  it("says nothing about other windows' messages, nor about a type it does not know", () => {
    const page = framedPage();
    page.receive({ type: "roundness", payload: { roundness: "NONE" } });
    page.receive("hasSearch=false");
    page.receive({ type: "hasSearch", payload: { hasSearch: "no" } }, { origin: "https://evil.example" });
    expect(warn).not.toHaveBeenCalled();
  });

  it("keeps the last good state after a refused message", () => {
    const page = framedPage();
    page.receive({ type: "logoSize", payload: { logoSize: "large" } });
    page.receive({ type: "logoSize", payload: { logoSize: "enormous" } });
    page.receive({ type: "hasSearch", payload: { hasSearch: false } });
    expect(page.changes.at(-1)!.layout).toMatchObject({ logoSize: "large", hasSearch: false });
  });

  it("stops listening when stopped", () => {
    const page = framedPage();
    page.stop();
    expect(page.listening()).toBe(false);
  });
});

describe("loadPreviewFont", () => {
  it("adds one stylesheet per family", () => {
    loadPreviewFont("Inter");
    loadPreviewFont("Inter");
    loadPreviewFont("Source Serif 4");
    expect([...document.head.querySelectorAll("link")].map((l) => l.getAttribute("href"))).toEqual([
      "/fonts/preview/inter.css",
      "/fonts/preview/source-serif-4.css",
    ]);
  });
});
