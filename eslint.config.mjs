// ESLint (flat config). Beyond typescript-eslint's and React's recommended rules, it enforces the
// architecture's "nevers" (docs/architecture.md) so they no longer rest on habit alone:
//   1. no React, styled-components, react-intl or Gatsby runtime in src/server/ and src/api/;
//   2. nothing of sandbox/ imported by src/ (the sandbox plays a third party);
//   3. raw loyalty-provider shapes (raw-types, provider schemas) only inside src/member/provider/;
//   4. no `export const config` under src/ (Gatsby would build rendering engines, which fail on sharp);
//   5. the member feature's layers: provider/ below session/, session/ below the screens
//      (sign-in/, handoff/, account/, favourites/);
//   6. src/lib/ imports nothing of src/; src/config/ nothing above it (lib, and the link rules it validates with);
//   7. features never import what composes them (src/site/, src/shell/, src/templates/) nor build or server code;
//   8. build code (gatsby-*.ts, plugins/, src/build/) imports nothing of src/server/;
//   9. no bare React.lazy: code loads on demand through src/lib/ (loadOnce, lazyFeature);
//  10. the publisher (src/publish/) is framework-free like src/server/ and imports only src/lib/,
//      src/config/ and src/server/ (the site checks and releases); nothing of src/ imports it;
// and no import cycles. src/test/lint-rules.test.ts plants a violation of each and expects an error.
import js from "@eslint/js";
import { flatConfigs as importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const UI_RUNTIME = [
  "react",
  "react-dom",
  "react-dom/*",
  "styled-components",
  "react-intl",
  "polished",
  "gatsby",
  "gatsby-*",
];

const noSandbox = {
  group: ["**/sandbox/**", "sandbox/**"],
  message: "src/ never imports the sandbox: it stands in for a third party (docs/architecture.md).",
};

const rawProviderShapes = {
  group: ["**/provider/raw-types", "**/provider/raw-types.*", "**/provider/api/schemas", "**/provider/api/schemas.*"],
  message: "Raw provider shapes stay inside src/member/provider/: use the domain types the loyalty client returns.",
};

const memberScreens = ["sign-in", "handoff", "account", "favourites"].flatMap((folder) => [
  `**/member/${folder}/**`,
  `../${folder}/**`,
  `../../${folder}/**`,
]);
const aboveProvider = {
  group: ["**/member/session/**", "../session/**", ...memberScreens],
  message:
    "src/member/provider/ is the bottom layer of the member feature: it imports neither the session nor the screens.",
};
const aboveSession = {
  group: memberScreens,
  message: "src/member/session/ sits below the member screens (sign-in, handoff, account, favourites).",
};

/** Relative paths that leave a top-level folder of src/ (src/<folder>/x.ts and one level deeper). */
const outOf = (folders, depth = 3) =>
  folders.flatMap((folder) => Array.from({ length: depth }, (_, up) => `${"../".repeat(up + 1)}${folder}/**`));
const COMPOSITION = ["site", "shell", "templates", "build", "server", "api", "publish"];
const noComposition = {
  group: outOf(COMPOSITION),
  message:
    "A feature never imports what composes it (src/site/, src/shell/, src/templates/) nor build or server code: move what both need below both (src/lib/, src/runtime/).",
};
const SRC_FOLDERS = [
  "ads",
  "api",
  "build",
  "catalogue",
  "components",
  "config",
  "editor",
  "embedding",
  "i18n",
  "links",
  "member",
  "offline",
  "publish",
  "runtime",
  "server",
  "shell",
  "site",
  "templates",
  "theme",
  "tracking",
  "test",
];
const noneOfSrc = {
  group: outOf(SRC_FOLDERS, 1),
  message: "src/lib/ is the ground floor: it imports nothing of src/.",
};
/** What config validates with (pure rule modules): the link rules, origins, the font catalogue. */
const CONFIG_RULES = ["config", "lib", "links", "embedding", "theme"];
const configBelow = {
  group: outOf(
    SRC_FOLDERS.filter((folder) => !CONFIG_RULES.includes(folder)),
    1,
  ),
  message:
    "src/config/ (the site's data, typed once) imports only src/lib/ and the pure rules it validates with (links, embedding, theme).",
};
// The server-settings file is the contract the build writes and the server reads; the Netlify
// adapter is the hosted deploy's serving layer, configured in gatsby-config.ts.
const noServer = {
  group: [
    "**/src/server/**",
    ...outOf(["server"]),
    "!**/src/server/site-settings",
    // gitignore-style: a file is re-included only when its folder is not excluded.
    "!**/src/server/http",
    "**/src/server/http/*",
    "!**/src/server/http/netlify-adapter",
  ],
  message: "Build code imports nothing of src/server/: what both need lives in src/lib/ or src/build/.",
};

// The publisher builds and checks sites and swaps releases: it imports the build and the server's
// site checks (scripts/publisher.ts composes them), never the other way round.
const noPublisher = {
  group: ["**/src/publish/**", ...outOf(["publish"])],
  message:
    "Nothing of src/ imports the publisher (src/publish/): it imports the build and the site checks, not the other way round.",
};
const PUBLISHER_BELOW = ["lib", "config", "server", "publish"];
const publisherBelow = {
  group: outOf(
    SRC_FOLDERS.filter((folder) => !PUBLISHER_BELOW.includes(folder)),
    2,
  ),
  message: "src/publish/ imports only src/lib/, src/config/ and src/server/ (the site checks and releases).",
};

const oneLazy = {
  name: "react",
  importNames: ["lazy"],
  message:
    "Load a component with lazyFeature (src/lib/lazy-feature.tsx): React.lazy keeps a failed import for the rest of the visit.",
};

const serverRuntime = {
  group: UI_RUNTIME,
  // A Function may name Gatsby's request and response types.
  allowTypeImports: true,
  message: "src/server/, src/api/ and src/publish/ import no React, styling, intl or Gatsby runtime.",
};
const noComponents = {
  group: ["**/components/**", "**/templates/**", "**/shell/**", "**/*.tsx"],
  message: "src/server/, src/api/ and src/publish/ import no components.",
};

const noConfigExport = [
  {
    selector: "ExportNamedDeclaration > VariableDeclaration > VariableDeclarator[id.name='config']",
    message: "No `export const config` under src/: Gatsby would take it for a page config and build rendering engines.",
  },
  {
    selector: "ExportNamedDeclaration > ExportSpecifier[exported.name='config']",
    message: "No `export { config }` under src/: Gatsby would take it for a page config and build rendering engines.",
  },
  {
    selector: "ExportNamedDeclaration > FunctionDeclaration[id.name='config']",
    message: "No exported `config` under src/: Gatsby would take it for a page config and build rendering engines.",
  },
];

export default tseslint.config(
  {
    ignores: [
      "node_modules/",
      ".cache/",
      "public/",
      "dist/",
      "build/",
      ".sites/",
      ".e2e-builds/",
      "coverage/",
      "test-results/",
      "playwright-report/",
      "static/",
      "**/*.d.ts",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  importX.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: "module",
      globals: { ...globals.browser, ...globals.node },
    },
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/resolver": { node: { extensions: [".ts", ".tsx", ".js", ".mjs", ".json"] } },
    },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      "@typescript-eslint/no-explicit-any": "error",
      // TypeScript reports unused names (noUnusedLocals, noUnusedParameters); JavaScript files below.
      "@typescript-eslint/no-unused-vars": "off",
      // `typeof import("./x")` names a lazily loaded module's type without loading it.
      "@typescript-eslint/consistent-type-imports": [
        "error",
        { fixStyle: "inline-type-imports", disallowTypeAnnotations: false },
      ],
      // Input and URL rules match control characters on purpose, to refuse them.
      "no-control-regex": "off",
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      // TypeScript already reports unresolved and missing names; these duplicate it slowly.
      "import-x/no-unresolved": "off",
      "import-x/named": "off",
      "import-x/namespace": "off",
      "import-x/default": "off",
      "import-x/no-named-as-default-member": "off",
      "import-x/no-named-as-default": "off",
      eqeqeq: ["error", "smart"],
      "no-console": "off",
    },
  },
  {
    files: ["src/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", { paths: [oneLazy], patterns: [noSandbox, rawProviderShapes] }],
      "no-restricted-syntax": ["error", ...noConfigExport],
    },
  },
  {
    // Features: nothing of what composes them.
    files: [
      "src/{ads,catalogue,components,editor,embedding,i18n,links,member,offline,runtime,theme,tracking}/**/*.{ts,tsx}",
    ],
    rules: {
      "no-restricted-imports": ["error", { paths: [oneLazy], patterns: [noSandbox, rawProviderShapes, noComposition] }],
    },
  },
  {
    // The member feature's provider layer owns the provider shapes.
    files: ["src/member/provider/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", { paths: [oneLazy], patterns: [noSandbox, noComposition, aboveProvider] }],
    },
  },
  {
    files: ["src/member/session/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        { paths: [oneLazy], patterns: [noSandbox, rawProviderShapes, noComposition, aboveSession] },
      ],
    },
  },
  {
    files: ["src/lib/**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { paths: [oneLazy], patterns: [noneOfSrc] }] },
  },
  {
    // The one place React.lazy is used: lazyFeature wraps it.
    files: ["src/lib/lazy-feature.tsx"],
    rules: { "no-restricted-imports": ["error", { patterns: [noneOfSrc] }] },
  },
  {
    files: ["src/config/**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { paths: [oneLazy], patterns: [noSandbox, configBelow] }] },
  },
  {
    files: ["gatsby-*.{ts,tsx}", "plugins/**/*.{ts,tsx}", "src/build/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        { paths: [oneLazy], patterns: [noSandbox, rawProviderShapes, noServer, noPublisher] },
      ],
    },
  },
  {
    // Server code is framework-free: the production server and the Functions both call it.
    files: ["src/server/**/*.ts", "src/api/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [noSandbox, rawProviderShapes, serverRuntime, noComponents, noPublisher],
        },
      ],
    },
  },
  {
    // The publisher: server-side code above the server, below the scripts that compose it.
    files: ["src/publish/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [noSandbox, rawProviderShapes, serverRuntime, noComponents, publisherBelow] },
      ],
      "no-restricted-syntax": ["error", ...noConfigExport],
    },
  },
  {
    // Playwright fixtures take a `use` callback, which is not React's hook.
    files: ["e2e/**"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
  {
    // Tests read fixtures of every kind, including raw provider answers.
    // and the client↔sandbox tests run the real sandbox provider.
    files: ["**/*.test.{ts,tsx}", "src/test/**"],
    rules: { "no-restricted-imports": "off" },
  },
  {
    // The type check reports unused names in TypeScript; tsc does not read the JavaScript files.
    files: ["**/*.{js,mjs,cjs}"],
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true },
      ],
    },
  },
  {
    // A test or spec is a leaf (nothing imports it), so it is never part of a cycle: following
    // its imports again from each of them was a third of the rule's time.
    files: ["**/*.test.{ts,tsx}", "**/*.sites.ts", "e2e/**/*.spec.ts"],
    rules: { "import-x/no-cycle": "off" },
  },
);
