import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(__filename);

describe("Gatsby's partytown browser plugin, left out of the production browser bundle", () => {
  // The file gatsby-node.ts swaps for dev-only-browser-plugin.cjs.
  const file = path.join(
    path.dirname(require.resolve("gatsby/package.json")),
    "dist",
    "internal-plugins",
    "partytown",
    "gatsby-browser.js",
  );
  const gatsbyBrowser = () => {
    jest.resetModules();
    return require(file) as Record<string, unknown>;
  };

  it("has one browser API in the installed version, which does nothing outside development", () => {
    const plugin = gatsbyBrowser();
    expect(Object.keys(plugin).filter((key) => key !== "__esModule")).toEqual(["onInitialClientRender"]);
    const nodeEnv = process.env["NODE_ENV"];
    process.env["NODE_ENV"] = "production";
    try {
      // Were it to do anything, it would reach for `window`, which Node has not.
      expect((plugin["onInitialClientRender"] as () => unknown)()).toBeUndefined();
    } finally {
      process.env["NODE_ENV"] = nodeEnv;
    }
  });

  it("is replaced by a module with no browser API", () => {
    expect(Object.keys(require("./dev-only-browser-plugin.cjs") as object)).toEqual([]);
  });
});
