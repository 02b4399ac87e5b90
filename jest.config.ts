import type { Config } from "jest";
import { TEST_PASSWORD_COST } from "./sandbox/loyalty-provider/passwords";

// swc compiles the tests' TypeScript and JSX (13 % less CPU than babel-jest over a cold cache, as
// a fresh clone's `npm test` runs). Configured inline: a root .babelrc or .swcrc could leak into
// Gatsby's own webpack build. One consequence: an ES module's exports compile to getters that
// jest.spyOn cannot replace, so tests read what a mock recorded (src/test/gatsby-mock.tsx).
const transform: NonNullable<Config["transform"]> = {
  "^.+\\.[jt]sx?$": [
    "@swc/jest",
    {
      jsc: {
        parser: { syntax: "typescript", tsx: true },
        transform: { react: { runtime: "automatic" } },
        target: "es2022",
      },
      module: { type: "commonjs" },
    },
  ],
};

// The sandbox provider the tests start hashes passwords at a lower cost than its default
// (sandbox/loyalty-provider/passwords.ts): they register and sign members in about 540 times, 40-60
// ms of CPU each at the default. Set here, in the process that starts Jest's workers, so each
// inherits it; a value set outside wins.
process.env.SANDBOX_PASSWORD_COST ||= TEST_PASSWORD_COST;

const roots = ["src", "plugins", "scripts", "sandbox"];
const shared = {
  transform,
  // content-disposition 3 (@fastify/static) and cookie 1 (light-my-request, behind Fastify's inject) ship ES modules
  // only; swc makes them CommonJS for Jest.
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
