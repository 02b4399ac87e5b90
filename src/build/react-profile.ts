// REACT_PROFILE=1: a browser bundle whose React measures each component (`npm run bench:hydration`).
//
// Gatsby's CLI reads the same variable as `gatsby build --profile`: it keeps function and class
// names in Terser, and aliases `react-dom$` to `react-dom/profiling` and `scheduler/tracing` to
// `scheduler/tracing-profiling`, React 18's layout. In React 19 the renderer is `react-dom/client`,
// `react-dom/profiling` is that client entry with Profiler timings (each fiber's actualDuration and
// selfBaseDuration, reported to a devtools hook) and itself imports `react-dom`, so Gatsby's alias
// made it import itself (the page failed: "Cannot read properties of undefined (reading 'd')"), and
// `scheduler/tracing` is gone. This puts the alias on `react-dom/client` instead, drops Gatsby's
// two, and keeps the names in Terser here too (not left to the CLI's reading of the variable).
// Unset, nothing changes.

export const REACT_PROFILE_ENV = "REACT_PROFILE";

/** Whether the browser bundle is built with React's profiling renderer (Gatsby's CLI: "true" or "1"). */
export const reactProfileOn = (env: NodeJS.ProcessEnv = process.env): boolean =>
  env[REACT_PROFILE_ENV] === "1" || env[REACT_PROFILE_ENV] === "true";

/** Gatsby's `--profile` aliases, for React 18. */
const REACT_18_PROFILE_ALIASES = ["react-dom$", "scheduler/tracing"];

type Minimizer = { constructor: { name: string } };

export type ProfileWebpackPart = {
  /**
   * The config's aliases with the profiling entry first (webpack takes the first alias that
   * matches, and Gatsby maps `react-dom` to its folder) and without Gatsby's React 18 ones.
   */
  alias: (current: Readonly<Record<string, unknown>>) => Record<string, unknown>;
  minimizer: (current: readonly unknown[], makeTerser: (options: object) => unknown) => unknown[];
  /**
   * Webpack's persistent cache in a folder of its own. Gatsby's cache does not know this setting
   * (its build dependencies are files), so a profiling build in a copy built without it reused the
   * cached react-dom and minified names, and the bench read a build without timings; a folder of
   * its own also leaves the ordinary build's cache warm.
   */
  cache: <Cache extends { cacheLocation?: string }>(current: Cache) => Cache;
};

/**
 * What the profiling build changes in the `build-javascript` config, or null when it is off.
 * `profilingEntry` is the absolute path of react-dom/profiling.js.
 */
export function reactProfileWebpack(env: NodeJS.ProcessEnv, profilingEntry: string): ProfileWebpackPart | null {
  if (!reactProfileOn(env)) return null;
  return {
    alias: (current) => ({
      "react-dom/client$": profilingEntry,
      ...Object.fromEntries(Object.entries(current).filter(([key]) => !REACT_18_PROFILE_ALIASES.includes(key))),
    }),
    minimizer: (current, makeTerser) =>
      current.map((plugin) =>
        (plugin as Minimizer | null)?.constructor?.name === "TerserPlugin"
          ? makeTerser({ terserOptions: { keep_fnames: true, keep_classnames: true } })
          : plugin,
      ),
    cache: (current) =>
      current.cacheLocation ? { ...current, cacheLocation: `${current.cacheLocation}-react-profile` } : current,
  };
}
