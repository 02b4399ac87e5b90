// The architecture's "nevers" are lint rules (eslint.config.mjs): each planted violation below must
// fail the lint, and each allowed counterpart must pass. ESLint runs in a child process because it
// loads its flat config as an ES module, which Jest's module system does not.
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(__dirname, "../..");

type Message = { ruleId: string | null; message: string };
type Case = { filePath: string; code: string };

// One ESLint process for every case: loading the config and its plugins is the slow part.
const LINT_SCRIPT = `
import { ESLint } from "eslint";
let input = "";
for await (const chunk of process.stdin) input += chunk;
const { texts, directories } = JSON.parse(input);
const eslint = new ESLint({ cwd: process.cwd() });
const results = [];
for (const { filePath, code } of texts) results.push((await eslint.lintText(code, { filePath }))[0].messages);
for (const directory of directories) results.push((await eslint.lintFiles([directory])).flatMap((r) => r.messages));
process.stdout.write(JSON.stringify(results));
`;

function lintAll(texts: Case[], directories: string[]): Message[][] {
  const result = spawnSync(process.execPath, ["--input-type=module", "-e", LINT_SCRIPT], {
    cwd: root,
    input: JSON.stringify({ texts, directories }),
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`eslint failed: ${result.stderr}`);
  return JSON.parse(result.stdout) as Message[][];
}

const rulesOf = (messages: Message[] | undefined) => (messages ?? []).map((m) => m.ruleId);

jest.setTimeout(60_000);

const CASES: [string, string, string, string | null][] = [
  [
    "React in src/server/",
    "src/server/planted.ts",
    'import { useState } from "react";\nexport const planted = useState;\n',
    "no-restricted-imports",
  ],
  [
    "styled-components in src/api/",
    "src/api/planted.ts",
    'import styled from "styled-components";\nexport default styled;\n',
    "no-restricted-imports",
  ],
  [
    "a component in src/server/",
    "src/server/planted.ts",
    'import { PageShell } from "../shell/PageShell";\nexport const planted = PageShell;\n',
    "no-restricted-imports",
  ],
  [
    "Gatsby's request type in a Function (allowed)",
    "src/api/planted.ts",
    'import type { GatsbyFunctionRequest } from "gatsby";\nexport type Planted = GatsbyFunctionRequest;\n',
    null,
  ],
  [
    "the sandbox in src/",
    "src/catalogue/planted.ts",
    'import { createSandboxProvider } from "../../sandbox/loyalty-provider/server";\nexport const planted = createSandboxProvider;\n',
    "no-restricted-imports",
  ],
  [
    "raw provider shapes outside src/member/provider/",
    "src/member/session/planted.ts",
    'import type { RawMemberDetails } from "../provider/raw-types";\nexport type Planted = RawMemberDetails;\n',
    "no-restricted-imports",
  ],
  [
    "raw provider shapes inside src/member/provider/ (allowed)",
    "src/member/provider/api/planted.ts",
    'import type { RawMemberDetails } from "../raw-types";\nexport type Planted = RawMemberDetails;\n',
    null,
  ],
  [
    "the member session imported by the provider layer",
    "src/member/provider/planted.ts",
    'import { initialSessionState } from "../session/reducer";\nexport const planted = initialSessionState;\n',
    "no-restricted-imports",
  ],
  [
    "a bare React.lazy",
    "src/member/sign-in/planted.tsx",
    'import { lazy } from "react";\nexport const Planted = lazy(() => import("./LoginDialog"));\n',
    "no-restricted-imports",
  ],
  [
    "React.lazy inside lazyFeature (allowed)",
    "src/lib/lazy-feature.tsx",
    'import { lazy } from "react";\nexport const planted = lazy;\n',
    null,
  ],
  [
    "an account screen imported by the member session",
    "src/member/session/planted.ts",
    'import { accountPath } from "../account/routes";\nexport const planted = accountPath;\n',
    "no-restricted-imports",
  ],
  [
    "the site model imported by a feature",
    "src/catalogue/planted.ts",
    'import { buildSiteModel } from "../site/model";\nexport const planted = buildSiteModel;\n',
    "no-restricted-imports",
  ],
  [
    "the page shell imported by a feature",
    "src/member/sign-in/planted.ts",
    'import { PageShell } from "../../shell/PageShell";\nexport const planted = PageShell;\n',
    "no-restricted-imports",
  ],
  [
    "the site runtime read by a feature (allowed)",
    "src/ads/planted.ts",
    'import { useSiteRuntime } from "../runtime/SiteRuntime";\nexport const planted = useSiteRuntime;\n',
    null,
  ],
  [
    "src/lib/ importing a feature",
    "src/lib/planted.ts",
    'import { resolveLink } from "../links/rules";\nexport const planted = resolveLink;\n',
    "no-restricted-imports",
  ],
  [
    "src/config/ importing the site model",
    "src/config/planted.ts",
    'import { buildSiteModel } from "../site/model";\nexport const planted = buildSiteModel;\n',
    "no-restricted-imports",
  ],
  [
    "build code importing the server",
    "gatsby-node.ts",
    'import { pathKindOf } from "./src/server/http/headers";\nexport const planted = pathKindOf;\n',
    "no-restricted-imports",
  ],
  [
    "src/build/ importing the server",
    "src/build/planted.ts",
    'import { pathKindOf } from "../server/http/headers";\nexport const planted = pathKindOf;\n',
    "no-restricted-imports",
  ],
  [
    "the server-settings contract in build code (allowed)",
    "plugins/gatsby-source-venue/planted.ts",
    'import { SERVER_SETTINGS_FILE } from "../../src/server/site-settings";\nexport const planted = SERVER_SETTINGS_FILE;\n',
    null,
  ],
  [
    "the publisher imported by the server",
    "src/server/http/planted.ts",
    'import { nextPublish } from "../../publish/publish";\nexport const planted = nextPublish;\n',
    "no-restricted-imports",
  ],
  [
    "the publisher imported by build code",
    "src/build/planted.ts",
    'import { nextPublish } from "../publish/publish";\nexport const planted = nextPublish;\n',
    "no-restricted-imports",
  ],
  [
    "React in the publisher",
    "src/publish/planted.ts",
    'import { useState } from "react";\nexport const planted = useState;\n',
    "no-restricted-imports",
  ],
  [
    "a feature imported by the publisher",
    "src/publish/planted.ts",
    'import { resolveLink } from "../links/rules";\nexport const planted = resolveLink;\n',
    "no-restricted-imports",
  ],
  [
    "the server's site checks in the publisher (allowed)",
    "src/publish/planted.ts",
    'import { loadSiteBundle } from "../server/http/site-bundle";\nexport const planted = loadSiteBundle;\n',
    null,
  ],
  [
    "`export const config` under src/",
    "src/templates/planted.tsx",
    "export const config = { bodyParser: false };\n",
    "no-restricted-syntax",
  ],
  [
    "`export { config }` under src/",
    "src/api/planted.ts",
    "const config = {};\nexport { config };\n",
    "no-restricted-syntax",
  ],
];

const cycleDir = path.join(root, "src", `__planted-cycle-${process.pid}__`);
let results: Message[][] = [];

beforeAll(() => {
  mkdirSync(cycleDir, { recursive: true });
  try {
    writeFileSync(path.join(cycleDir, "a.ts"), 'import { b } from "./b";\nexport const a = () => b;\n');
    writeFileSync(path.join(cycleDir, "b.ts"), 'import { a } from "./a";\nexport const b = () => a;\n');
    results = lintAll(
      CASES.map(([, filePath, code]) => ({ filePath: path.join(root, filePath), code })),
      [cycleDir],
    );
  } finally {
    rmSync(cycleDir, { recursive: true, force: true });
  }
});

describe("the architecture's nevers fail the lint (docs/architecture.md)", () => {
  it.each(CASES.map((c, index) => [...c, index] as const))("%s", (_rule, _file, _code, expected, index) => {
    const rules = rulesOf(results[index]);
    if (expected === null) expect(rules).toEqual([]);
    else expect(rules).toContain(expected);
  });

  it("an import cycle", () => {
    expect(rulesOf(results[CASES.length])).toContain("import-x/no-cycle");
  });
});
