// ESLint (flat config). Beyond typescript-eslint's and React's recommended rules, it enforces the
// architecture's "nevers" (docs/architecture.md) so they no longer rest on habit alone:
//   1. no React, styled-components, react-intl or Gatsby runtime in src/server/ and src/api/;
//   2. nothing of sandbox/ imported by src/ (the sandbox plays a third party);
//   3. raw loyalty-provider shapes (raw-types, provider schemas) only inside src/member/;
//   4. no `export const config` under src/ (Gatsby would build rendering engines, which fail on sharp);
//   5. nothing of src/member/account/ imported by src/member/ (the account screens are built on the loyalty layer);
//   6. no bare React.lazy: code loads on demand through src/lib/ (loadOnce, lazyFeature);
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
  group: ["**/loyalty/raw-types", "**/loyalty/raw-types.*", "**/loyalty/api/schemas", "**/loyalty/api/schemas.*"],
  message: "Raw provider shapes stay inside src/member/: use the domain types the loyalty client returns.",
};

const noAccountScreens = {
  group: ["**/account/**", "**/account"],
  message: "src/member/ sits below the account screens: move what both need below both (src/site/, src/member/).",
};

const oneLazy = {
  name: "react",
  importNames: ["lazy"],
  message:
    "Load a component with lazyFeature (src/lib/lazy-feature.tsx): React.lazy keeps a failed import for the rest of the visit.",
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
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true },
      ],
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
    // The loyalty feature owns the provider shapes, and imports nothing of the account screens above it.
    files: ["src/member/**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { paths: [oneLazy], patterns: [noSandbox, noAccountScreens] }] },
  },
  {
    // The one place React.lazy is used: lazyFeature wraps it.
    files: ["src/lib/lazy-feature.tsx"],
    rules: { "no-restricted-imports": ["error", { patterns: [noSandbox, rawProviderShapes] }] },
  },
  {
    // Server code is framework-free: the production server and the Functions both call it.
    files: ["src/server/**/*.ts", "src/api/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            noSandbox,
            rawProviderShapes,
            {
              group: UI_RUNTIME,
              // A Function may name Gatsby's request and response types.
              allowTypeImports: true,
              message: "src/server/ and src/api/ import no React, styling, intl or Gatsby runtime.",
            },
            {
              group: ["**/components/**", "**/templates/**", "**/*.tsx"],
              message: "src/server/ and src/api/ import no components.",
            },
          ],
        },
      ],
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
);
