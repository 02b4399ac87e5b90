import * as stylis from "stylis";
import { memoizedStylis, type Stylis } from "./memo";

/** What styled-components does with stylis for one component's CSS (its stringifyRules). */
function rulesVia(
  api: Pick<Stylis, "compile" | "serialize" | "middleware" | "rulesheet">,
  source: string,
  prefix: boolean,
) {
  const rules: string[] = [];
  const chain = api.middleware([
    ...(prefix ? [stylis.prefixer] : []),
    stylis.stringify,
    api.rulesheet((rule) => rules.push(rule)),
  ]);
  api.serialize(api.compile(source), chain);
  return rules;
}

const CASES: Array<[string, string]> = [
  ["plain declarations", ".a { color: red; margin: 0 auto; }"],
  [
    "nesting, pseudo-classes and the parent selector",
    ".b { a { color: blue; } &:hover { color: red; } & + & { margin: 0; } }",
  ],
  [
    "media and supports",
    ".c { @media (min-width: 40rem) { display: grid; } @supports (display: grid) { gap: 1rem; } }",
  ],
  ["keyframes", "@keyframes spin { from { transform: rotate(0) } to { transform: rotate(1turn) } }"],
  [
    "global rules, several selectors",
    "*,*::before { box-sizing: border-box; } html { -webkit-text-size-adjust: 100%; }",
  ],
  [
    "properties a prefixer rewrites",
    ".d { user-select: none; appearance: none; mask: url(x.svg) center / contain no-repeat; }",
  ],
  ["an empty text", ""],
];

describe("memoizedStylis: the same rules as stylis, once per CSS text", () => {
  it.each(CASES)("%s", (_name, source) => {
    for (const prefix of [false, true]) {
      const expected = rulesVia(stylis, source, prefix);
      const memo = memoizedStylis(stylis);
      expect(rulesVia(memo, source, prefix)).toEqual(expected);
      // The second time the rules come from the memo, and are still the same.
      expect(rulesVia(memo, source, prefix)).toEqual(expected);
    }
  });

  it("compiles and serializes a text once, then hands its rules out again", () => {
    const compile = jest.fn(stylis.compile);
    const serialize = jest.fn(stylis.serialize);
    const memo = memoizedStylis({ ...stylis, compile, serialize });
    for (let page = 0; page < 3; page += 1) rulesVia(memo, CASES[1]![1], false);
    expect(compile).toHaveBeenCalledTimes(1);
    expect(serialize).toHaveBeenCalledTimes(1);
  });

  it("keeps the rules of each middleware chain apart: with and without vendor prefixes", () => {
    const memo = memoizedStylis(stylis);
    const source = ".e { user-select: none; }";
    const bare = rulesVia(memo, source, false);
    const prefixed = rulesVia(memo, source, true);
    expect(prefixed).toEqual(rulesVia(stylis, source, true));
    expect(prefixed).not.toEqual(bare);
    expect(rulesVia(memo, source, false)).toEqual(bare);
  });

  it("starts again empty when full, and stays right", () => {
    const compile = jest.fn(stylis.compile);
    const memo = memoizedStylis({ ...stylis, compile }, 2);
    const [f, g, h] = [".f { color: red; }", ".g { color: blue; }", ".h { color: green; }"];
    // f and g fill it; h empties it and stays; f is then compiled again.
    for (const source of [f, g, f, g, h, h, f])
      expect(rulesVia(memo, source, false)).toEqual(rulesVia(stylis, source, false));
    expect(compile.mock.calls.map(([source]) => source)).toEqual([f, g, h, f]);
  });

  it("leaves any other use of serialize to stylis", () => {
    const memo = memoizedStylis(stylis);
    expect(memo.serialize(stylis.compile(".i { color: red; }"), stylis.stringify)).toBe(".i{color:red;}");
  });
});

describe("styled-components with the memoized stylis writes the same CSS on every page", () => {
  /** The style tags of `pages` server renders, each with its own sheet as the build gives each page. */
  function stylesOfPages(memoized: boolean, pages: number): string[] {
    let styles: string[] = [];
    jest.isolateModules(() => {
      if (memoized)
        jest.doMock("stylis", () => {
          const real = jest.requireActual<typeof stylis>("stylis");
          return { ...real, ...memoizedStylis(real) };
        });
      else jest.dontMock("stylis");
      /* eslint-disable @typescript-eslint/no-require-imports -- modules of this isolated registry */
      const { renderToString } = require("react-dom/server") as typeof import("react-dom/server");
      const sc = require("styled-components") as typeof import("styled-components");
      /* eslint-enable @typescript-eslint/no-require-imports */
      const { default: styled, createGlobalStyle, keyframes, css, ServerStyleSheet, StyleSheetManager } = sc;
      const spin = keyframes`from { transform: rotate(0); } to { transform: rotate(1turn); }`;
      const Global = createGlobalStyle<{ $accent: string }>`
        *, *::before { box-sizing: border-box; }
        :where(a) { color: ${({ $accent }) => $accent}; }
      `;
      const Box = styled.div<{ $wide?: boolean; $ink: string }>`
        padding: 1rem;
        ${({ $wide }) =>
          $wide &&
          css`
            grid-column: 1 / -1;
          `}
        color: ${({ $ink }) => $ink};
        &:hover {
          color: red;
        }
        & + & {
          margin-top: 0;
        }
        @media (min-width: 40rem) {
          display: grid;
        }
        svg {
          animation: ${spin} 1s linear infinite;
        }
      `;
      const Button = styled.button`
        user-select: none;
        ${Box}:hover & {
          outline: 2px solid;
        }
      `;
      styles = Array.from({ length: pages }, (_, page) => {
        const sheet = new ServerStyleSheet();
        renderToString(
          <StyleSheetManager sheet={sheet.instance}>
            <>
              <Global $accent="#8b1e3f" />
              <Box $wide={page === 1} $ink={page % 2 ? "#111" : "#222"}>
                <Button>a</Button>
              </Box>
              <Box $ink="#333">b</Box>
            </>
          </StyleSheetManager>,
        );
        const tags = sheet.getStyleTags();
        sheet.seal();
        return tags;
      });
    });
    return styles;
  }

  it("page after page, as without it", () => {
    const plain = stylesOfPages(false, 4);
    const memoized = stylesOfPages(true, 4);
    expect(memoized).toEqual(plain);
    // The pages differ where their props differ: the memo did not hand one page's CSS to another.
    expect(new Set(plain).size).toBe(2 + 1);
  });
});
