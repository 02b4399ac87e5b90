// react-intl, @formatjs/intl and intl-messageformat each install a copy of tslib, of the same
// version, and the browser bundle took all three (gatsby-node.ts). It now takes react-intl's, as the
// ES module webpack picks by the package's exports: about 0.75 KB gzip of every first load.
import { createRequire } from "node:module";
import path from "node:path";

/** The tslib file every `import … from "tslib"` of the browser bundle resolves to. */
export function oneTslibFile(projectDir: string): string {
  const reactIntl = createRequire(path.join(projectDir, "package.json")).resolve("react-intl");
  return path.join(path.dirname(createRequire(reactIntl).resolve("tslib")), "tslib.es6.mjs");
}
