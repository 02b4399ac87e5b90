import TerserPlugin from "terser-webpack-plugin";
import vm from "node:vm";
import { GATSBY_MINIFY_OPTIONS, replaceTerser, swcMinifier } from "./swc-minify";

type MinimizerOf = {
  options: { minimizer: { implementation: TerserPlugin.MinimizerImplementation<object>; options: object } };
};
const minimizerOf = (plugin: TerserPlugin<Record<string, unknown>>) =>
  (plugin as unknown as MinimizerOf).options.minimizer;

/** Minifies one file as the build's minimizer does; the code it wrote. */
async function minified(plugin: TerserPlugin<Record<string, unknown>>, code: string): Promise<string> {
  const { implementation, options } = minimizerOf(plugin);
  const minify = implementation as (input: Record<string, string>, map: undefined, options: object) => Promise<{ code: string }>;
  return (await minify({ "page.js": code }, undefined, options)).code;
}

const SOURCE = `
var total = (function () {
  function addShowtimes(firstScreen, secondScreen) {
    var combinedCount = firstScreen.length + secondScreen.length;
    return combinedCount;
  }
  return addShowtimes([1, 2], [3]) + (addShowtimes.name === "addShowtimes" ? 100 : 0);
})();
`;

describe("the browser bundle's minifier", () => {
  it("is swc's, with Gatsby's options: smaller code that computes the same, names mangled", async () => {
    const plugin = swcMinifier();
    const minimizer = minimizerOf(plugin);
    expect(minimizer.implementation).toBe(TerserPlugin.swcMinify);
    expect(minimizer.options).toEqual(GATSBY_MINIFY_OPTIONS);
    const code = await minified(plugin, SOURCE);
    expect(code.length).toBeLessThan(SOURCE.length / 2);
    expect(code).not.toContain("combinedCount");
    expect(vm.runInNewContext(`${code};total`)).toBe(3);
  });

  it("keeps function names when REACT_PROFILE asks for them", async () => {
    const code = await minified(swcMinifier({ terserOptions: { keep_fnames: true, keep_classnames: true } }), SOURCE);
    expect(vm.runInNewContext(`${code};total`)).toBe(103);
  });

  it("writes no syntax newer than the ES5 it is given (Gatsby's ecma 5)", async () => {
    const es5 = "var o = { f: function (a) { return [a].concat([a]); } }; var g = function (x) { return x + 1; };";
    const newer = /=>|\bconst\b|\blet\b|\.\.\./;
    expect(await minified(swcMinifier(), es5)).not.toMatch(newer);
    // The same code with a later target and arrows allowed: the check above can tell.
    const later = { ecma: 2020, compress: { ecma: 2020, unsafe_arrows: true } };
    expect(await minified(swcMinifier({ terserOptions: later }), es5)).toMatch(newer);
  });
});

describe("replaceTerser", () => {
  class CssMinimizerPlugin {}
  it("replaces Gatsby's Terser plugin and keeps the CSS minimizer", () => {
    const css = new CssMinimizerPlugin();
    const made = { made: true };
    expect(replaceTerser([new TerserPlugin(), css], () => made)).toEqual([made, css]);
    expect(replaceTerser([css], () => made)).toEqual([css]);
  });
});
