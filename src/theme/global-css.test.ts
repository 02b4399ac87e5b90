import { readFileSync } from "node:fs";
import { compactCss, GLOBAL_CSS_FILE, readGlobalCss } from "./global-css";
import { itReturnsPerCase } from "../test/tables";

describe("compactCss", () => {
  itReturnsPerCase(compactCss, [
    ["comments go", "/* why */a{color:red}/* more\n lines */", "a{color:red}"],
    ["white space around braces, colons' rules and commas goes", "a ,\n b {\n  color: red;\n}\n", "a,b{color: red;}"],
    [
      "a descendant selector keeps one space",
      "header.site-header   .member  p{x:y}",
      "header.site-header .member p{x:y}",
    ],
    ["a child combinator loses its spaces", "ul > li{x:y}", "ul>li{x:y}"],
    [
      "a media query keeps its words",
      "@media (max-width: 40rem) {\n a { b: c }\n}",
      "@media (max-width: 40rem){a{b: c}}",
    ],
    [
      "a value keeps its spaces",
      "a{margin:0 0 0.5rem;width:calc(100% - 2rem)}",
      "a{margin:0 0 0.5rem;width:calc(100% - 2rem)}",
    ],
  ]);

  it("the site's stylesheet keeps every rule: as many braces, no comment left", () => {
    const compact = readGlobalCss(process.cwd());
    expect(compact).not.toContain("/*");
    expect(compact.length).toBeGreaterThan(1000);
    const braces = (text: string) => (text.replace(/\/\*[\s\S]*?\*\//g, "").match(/[{}]/g) ?? []).length;
    expect(braces(compact)).toBe(braces(readFileSync(GLOBAL_CSS_FILE, "utf8")));
  });
});
