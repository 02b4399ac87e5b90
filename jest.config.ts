import type { Config } from "jest";

// Babel is configured inline (configFile: false) so that no root babel config exists to leak
// into Gatsby's own webpack build, which would then stop using babel-preset-gatsby.
const transform: NonNullable<Config["transform"]> = {
  "^.+\\.[jt]sx?$": [
    "babel-jest",
    {
      configFile: false,
      babelrc: false,
      presets: [
        ["@babel/preset-env", { targets: { node: "current" } }],
        ["@babel/preset-react", { runtime: "automatic" }],
        "@babel/preset-typescript",
      ],
    },
  ],
};

const roots = ["src", "plugins", "scripts", "sandbox"];
const shared = {
  transform,
  // content-disposition 3 (@fastify/static) and cookie 1 (light-my-request, behind Fastify's inject) ship ES modules
  // only; Babel makes them CommonJS for Jest.
  transformIgnorePatterns: ["/node_modules/(?!(?:.*/)?(?:content-disposition|cookie)/)"],
  moduleNameMapper: { "\\.css$": "<rootDir>/src/test/style-stub.ts" },
  modulePathIgnorePatterns: [
    "<rootDir>/public",
    "<rootDir>/.cache",
    "<rootDir>/.sites",
    "<rootDir>/.e2e-builds",
    "<rootDir>/dist",
    "<rootDir>/build",
  ],
};

const config: Config = {
  // Two workers for the two cores; `npm test` runs Jest on one (JEST_WORKERS=1) beside a Gatsby build.
  maxWorkers: Number(process.env.JEST_WORKERS) || 2,
  // The screen tests drive the sandbox provider through the real proxy: on a 2-core CI runner with a
  // cold transform cache the first ones in a file took over Jest's default 5 s (a timeout, not a bug).
  testTimeout: 15_000,
  projects: [
    // Pure modules run in Node; components (.tsx tests) get a DOM.
    {
      ...shared,
      displayName: "unit",
      testEnvironment: "node",
      testMatch: roots.map((r) => `<rootDir>/${r}/**/*.test.ts`),
    },
    {
      ...shared,
      displayName: "dom",
      testEnvironment: "jsdom",
      // Testing Library and its matchers, for the DOM suites only: loading them (React DOM with
      // them) in each of the Node suites took about a third of those suites' time.
      setupFilesAfterEnv: ["<rootDir>/src/test/setup.ts"],
      testMatch: roots.map((r) => `<rootDir>/${r}/**/*.test.tsx`),
    },
    // Builds real sites (minutes): `npm run test:sites`, last in `npm test`; `npm run test:unit` leaves it out.
    {
      ...shared,
      displayName: "sites",
      testEnvironment: "node",
      testMatch: ["<rootDir>/scripts/**/*.sites.ts"],
    },
  ],
};

export default config;
