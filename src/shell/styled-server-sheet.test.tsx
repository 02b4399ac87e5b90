// styled-components' browser build, changed by src/build/styled-server-sheet-loader.cjs, takes over
// the server's <style> element instead of copying it. Run here on real server output (the installed
// styled-components' ServerStyleSheet), in jsdom's CSSOM, against the unchanged build doing the same.
import { readFileSync } from "node:fs";
import path from "node:path";
import { act, type ReactNode } from "react";
import { createRoot } from "react-dom/client";
import type * as styledComponents from "styled-components";
import { adoptServerSheet, type GroupedTag, type StyledInternals, type StyledSheet } from "./styled-server-sheet";

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the loader is CommonJS, as webpack runs it
const styledServerSheetLoader = require("../build/styled-server-sheet-loader.cjs") as (source: string) => string;

type StyledModule = typeof styledComponents;

const BROWSER_BUILD = path.join(
  path.dirname(require.resolve("styled-components/package.json")),
  "dist",
  "styled-components.browser.cjs.js",
);

/** A fresh instance of styled-components' browser build, as the page runs it, changed by the loader or not. */
function loadBrowserBuild(changed: boolean): StyledModule {
  let source = readFileSync(BROWSER_BUILD, "utf8");
  if (changed) {
    const before = source;
    source = styledServerSheetLoader(source).replace(
      /^import \{ adoptServerSheet as __adoptServerSheet \} from ("[^"]+");\n/,
      "const { adoptServerSheet: __adoptServerSheet } = require($1);\n",
    );
    expect(source).not.toBe(before);
  }
  const module = { exports: {} as StyledModule };
  // The library's own file, evaluated as a CommonJS module with the test's React.
  new Function("require", "module", "exports", source)(require, module, module.exports);
  return module.exports;
}

/** The components of one page, made with one instance of the library (same order: same ids). */
function components(sc: StyledModule) {
  const styled = sc.default;
  const Global = sc.createGlobalStyle`
    body { margin: 0; }
  `;
  const Base = styled.p<{ $ink: string }>`
    padding: 1rem;
    color: ${({ $ink }) => $ink};
  `;
  // Defined after Base: its rules must stay after every rule of Base's, the cascade's order.
  const Loud = styled(Base)`
    color: crimson;
    font-weight: 700;
  `;
  const Page = ({ ink, children }: { ink: string; children?: ReactNode }) => (
    <>
      <Global />
      <Base $ink={ink}>quiet</Base>
      <Loud $ink={ink}>loud</Loud>
      {children}
    </>
  );
  return { Page };
}

/** The server's HTML and <style> element for the page with "#111111" ink, put in the document. */
function serverRender(): HTMLStyleElement {
  // A fresh instance, as each build's renderer: component ids count from the first, as in the page.
  jest.isolateModules(() => {
    /* eslint-disable @typescript-eslint/no-require-imports -- modules of this isolated registry */
    const { renderToString } = require("react-dom/server") as typeof import("react-dom/server");
    const sc = require("styled-components") as StyledModule;
    /* eslint-enable @typescript-eslint/no-require-imports */
    const { Page } = components(sc);
    const sheet = new sc.ServerStyleSheet();
    try {
      const html = renderToString(sheet.collectStyles(<Page ink="#111111" />));
      document.head.innerHTML = sheet.getStyleTags();
      document.body.innerHTML = `<div id="server">${html}</div><div id="client"></div>`;
    } finally {
      sheet.seal();
    }
  });
  const node = document.head.querySelector<HTMLStyleElement>("style[data-styled]");
  if (!node?.sheet) throw new Error("no server style sheet");
  return node;
}

/** Every rule of the document's sheets, in cascade order, without styled-components' markers. */
function documentRules(): string[] {
  return Array.from(document.styleSheets)
    .flatMap((sheet) => Array.from(sheet.cssRules, (rule) => rule.cssText))
    .filter((text) => !text.startsWith("data-styled.g"));
}

/** Loads the browser build over the server's page, then renders the page with another ink. */
async function takeOver(changed: boolean) {
  const node = serverRender();
  const serverRuleCount = node.sheet!.cssRules.length;
  const serverRules = documentRules();
  const sc = loadBrowserBuild(changed);
  const afterLoad = {
    rules: documentRules(),
    styleElements: Array.from(document.querySelectorAll("style")),
    ruleCount: node.sheet?.cssRules.length ?? 0,
  };
  const { Page } = components(sc);
  const root = createRoot(document.getElementById("client")!);
  await act(async () => root.render(<Page ink="#111111" />));
  const sameInk = documentRules();
  await act(async () => root.render(<Page ink="#222222" />));
  const otherInk = documentRules();
  await act(async () => root.unmount());
  return { node, serverRuleCount, serverRules, afterLoad, sameInk, otherInk };
}

let speedy: string | undefined;
beforeAll(() => {
  // The page's build is a production one, where styled-components writes through CSSOM.
  speedy = process.env.SC_DISABLE_SPEEDY;
  process.env.SC_DISABLE_SPEEDY = "false";
});
afterAll(() => {
  if (speedy === undefined) delete process.env.SC_DISABLE_SPEEDY;
  else process.env.SC_DISABLE_SPEEDY = speedy;
});
afterEach(() => {
  document.head.innerHTML = "";
  document.body.innerHTML = "";
});

describe("styled-components takes over the server's style sheet", () => {
  it("keeps the server's element, marked as its own, with the same rules, and adds no other", async () => {
    const { node, serverRuleCount, serverRules, afterLoad } = await takeOver(true);
    expect(afterLoad.styleElements).toEqual([node]);
    expect(node.getAttribute("data-styled")).toBe("active");
    expect(afterLoad.ruleCount).toBe(serverRuleCount);
    expect(afterLoad.rules).toEqual(serverRules);
  });

  it("where styled-components alone copies them into a new element and drops the server's", async () => {
    const { node, serverRules, afterLoad } = await takeOver(false);
    expect(node.isConnected).toBe(false);
    expect(afterLoad.styleElements).toHaveLength(1);
    expect(afterLoad.styleElements[0]).not.toBe(node);
    expect(afterLoad.rules).toEqual(serverRules);
  });

  it("knows the server's class names: the same page adds no rule", async () => {
    const { serverRules, sameInk } = await takeOver(true);
    expect(sameInk).toEqual(serverRules);
  });

  it("puts a new rule in its component's place, the rules in the order styled-components' own copy has", async () => {
    const adopted = await takeOver(true);
    const copied = await takeOver(false);
    expect(adopted.otherInk).toEqual(copied.otherInk);
    const added = adopted.otherInk.filter((rule) => !adopted.serverRules.includes(rule));
    expect(added).toEqual([expect.stringContaining("color: #222222")]);
    // Before Loud's rules (defined later), so that Loud's crimson still wins over Base's new ink.
    const crimson = adopted.otherInk.findIndex((rule) => rule.includes("crimson"));
    expect(adopted.otherInk.indexOf(added[0]!)).toBeLessThan(crimson);
    expect(document.querySelectorAll("style")).toHaveLength(1);
  });
});

describe("adoptServerSheet leaves the copy to styled-components where it cannot take over", () => {
  const TEXT = '.a{color:red;}/*!sc*/\ndata-styled.g1[id="sc-a"]{content:"a,"}/*!sc*/\n';

  /** A server element whose parsed sheet holds `parsed` rules. */
  function serverElement(text: string, parsed: number): HTMLStyleElement {
    const node = document.createElement("style");
    node.textContent = text;
    Object.defineProperty(node, "sheet", { value: { cssRules: { length: parsed } } });
    return node;
  }

  function internals(): StyledInternals & { read: jest.Mock } {
    class FakeGroupedTag implements GroupedTag {
      groupSizes = new Uint32Array(4);
      length = 4;
      insertRules(): void {
        throw new Error("a server rule inserted again");
      }
    }
    const read = jest.fn((sheet: StyledSheet) => {
      sheet.tag!.insertRules(1, [".a{color:red;}"]);
      sheet.tag!.insertRules(9, [".b{color:blue;}", ".c{color:green;}"]);
    });
    return {
      GroupedTag: FakeGroupedTag,
      CssomTag: class {},
      rehydrateFromTag: read,
      attribute: "data-styled",
      active: "active",
      read,
    };
  }

  it.each([
    ["the browser parsed fewer rules than the text holds", TEXT, 1, true],
    ["rules follow the last group's marker", `${TEXT}.z{color:blue;}/*!sc*/\n`, 3, true],
    ["a rule of group 0, which styled-components skips", TEXT.replace("g1[", "g0["), 2, true],
    ["styled-components writes text nodes, not through CSSOM", TEXT, 2, false],
  ])("%s", (_case, text, parsed, cssom) => {
    const sheet: StyledSheet = { options: { useCSSOMInjection: cssom } };
    const given = internals();
    const node = serverElement(text, parsed);
    expect(adoptServerSheet(sheet, node, given)).toBe(false);
    expect(sheet.tag).toBeUndefined();
    expect(given.read).not.toHaveBeenCalled();
    expect(node.hasAttribute("data-styled")).toBe(false);
  });

  it("a sheet that has its tag already", () => {
    const given = internals();
    const tag = new given.GroupedTag({});
    const sheet: StyledSheet = { tag, options: { useCSSOMInjection: true } };
    expect(adoptServerSheet(sheet, serverElement(TEXT, 2), given)).toBe(false);
    expect(sheet.tag).toBe(tag);
  });

  it("counts each group's rules and its marker, growing the counts past the tag's first size", () => {
    const given = internals();
    const sheet: StyledSheet = { options: { useCSSOMInjection: true } };
    const node = serverElement(TEXT, 2);
    expect(adoptServerSheet(sheet, node, given)).toBe(true);
    const tag = sheet.tag!;
    expect([tag.groupSizes[1], tag.groupSizes[9], tag.length]).toEqual([2, 3, 16]);
    // The class's own insertRules again, for the rules that come later.
    expect(() => tag.insertRules(2, [".d{}"])).toThrow("a server rule inserted again");
    expect(node.getAttribute("data-styled")).toBe("active");
  });
});
