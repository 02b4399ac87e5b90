// The browser bundle's JavaScript is minified by swc's minifier rather than Terser, through the
// same terser-webpack-plugin Gatsby configures (its `minify` option), with Gatsby's options: output
// no newer than ES5 and Safari 10's mangling fix. Why: Terser was about a third of a cold build's
// "Building production JavaScript and CSS bundles" on 2 cores (Gatsby gives it cores − 1 workers,
// here one), 25–28 s → 17.4 s with swc; the film page's first load came out smaller too (149.8 →
// 148.8 KB gzip). The browser tests run against this output.
import TerserPlugin from "terser-webpack-plugin";

type Minimizer = { constructor: { name: string } };
/** swc's minify options, written as Terser's (terser-webpack-plugin hands them to swc). */
type MinifyOptions = Record<string, unknown>;

/** Gatsby's Terser options (gatsby/dist/utils/webpack-utils.js, `minifyJs`), as swc reads them. */
export const GATSBY_MINIFY_OPTIONS = {
  ecma: 5,
  compress: { ecma: 5 },
  mangle: { safari10: true },
} as const;

/** A minimizer running swc with Gatsby's options, and `terserOptions` over them (REACT_PROFILE's names). */
export function swcMinifier({ terserOptions = {} }: { terserOptions?: MinifyOptions } = {}): TerserPlugin<MinifyOptions> {
  return new TerserPlugin<MinifyOptions>({
    minify: TerserPlugin.swcMinify as TerserPlugin.MinimizerImplementation<MinifyOptions>,
    exclude: /\.min\.js/,
    terserOptions: { ...GATSBY_MINIFY_OPTIONS, ...terserOptions },
  });
}

/** The build's minimizers, Gatsby's Terser replaced by `make()`'s; the CSS minimizer kept. */
export function replaceTerser(current: readonly unknown[], make: () => unknown): unknown[] {
  return current.map((plugin) => ((plugin as Minimizer | null)?.constructor?.name === "TerserPlugin" ? make() : plugin));
}
