import { reactProfileOn, reactProfileWebpack } from "./react-profile";

class TerserPlugin {
  constructor(readonly options: object = {}) {}
}
class CssMinimizerPlugin {}

describe("REACT_PROFILE", () => {
  it("changes nothing when unset, empty or off", () => {
    for (const value of [undefined, "", "0", "false", "no", "TRUE"]) {
      const env = value === undefined ? {} : { REACT_PROFILE: value };
      expect(reactProfileOn(env)).toBe(false);
      expect(reactProfileWebpack(env, "/x/react-dom/profiling.js")).toBeNull();
    }
  });

  it("puts the client renderer's alias first, and drops Gatsby's React 18 profiling aliases", () => {
    const part = reactProfileWebpack({ REACT_PROFILE: "1" }, "/x/react-dom/profiling.js");
    const alias = part!.alias({
      "react-dom$": "react-dom/profiling",
      "scheduler/tracing": "scheduler/tracing-profiling",
      react: "/x/react",
      "react-dom": "/x/react-dom",
    });
    expect(Object.entries(alias)).toEqual([
      ["react-dom/client$", "/x/react-dom/profiling.js"],
      ["react", "/x/react"],
      ["react-dom", "/x/react-dom"],
    ]);
    expect(reactProfileOn({ REACT_PROFILE: "true" })).toBe(true);
  });

  it("swaps Terser for one that keeps function and class names, and keeps the other minimizers", () => {
    const part = reactProfileWebpack({ REACT_PROFILE: "1" }, "/p.js");
    const css = new CssMinimizerPlugin();
    const out = part!.minimizer([new TerserPlugin(), css], (options) => new TerserPlugin(options));
    expect(out).toHaveLength(2);
    expect((out[0] as TerserPlugin).options).toEqual({ terserOptions: { keep_fnames: true, keep_classnames: true } });
    expect(out[1]).toBe(css);
  });

  it("keeps its webpack cache apart from the ordinary build's", () => {
    const part = reactProfileWebpack({ REACT_PROFILE: "1" }, "/p.js");
    const cache = { type: "filesystem", name: "build-javascript", cacheLocation: "/site/.cache/webpack/stage-build-javascript" };
    expect(part!.cache(cache)).toEqual({ ...cache, cacheLocation: "/site/.cache/webpack/stage-build-javascript-react-profile" });
  });
});
