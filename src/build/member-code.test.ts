import path from "node:path";
import {
  isPageChunk,
  isUnderFolders,
  loadedByMostPages,
  MEMBER_CODE_FOLDERS,
  pagesLoading,
  type PageChunkLike,
} from "./member-code";

const ROOT = path.resolve("/project");
const moduleAt = (...parts: string[]) => ({ nameForCondition: () => path.join(ROOT, ...parts) });
const memberCode = (...parts: string[]) => isUnderFolders(moduleAt(...parts), MEMBER_CODE_FOLDERS, ROOT);

describe("member code: a module is member code by its folder", () => {
  it("takes zod and the member API, whatever their files are called", () => {
    expect(memberCode("node_modules", "zod", "v3", "types.js")).toBe(true);
    expect(memberCode("src", "member", "provider", "api", "members.ts")).toBe(true);
    expect(memberCode("src", "member", "provider", "renamed-or-new.ts")).toBe(true);
  });

  it("leaves what only shares a folder's name or sits beside it", () => {
    expect(memberCode("node_modules", "zod-validation-error", "index.js")).toBe(false);
    expect(memberCode("src", "member", "provider.ts")).toBe(false);
    expect(memberCode("src", "member", "session", "LoyaltyProvider.tsx")).toBe(false);
    expect(memberCode("elsewhere", "src", "member", "provider", "api", "members.ts")).toBe(false);
    expect(isUnderFolders({ nameForCondition: () => null }, MEMBER_CODE_FOLDERS, ROOT)).toBe(false);
  });

  it("follows the project wherever it is", () => {
    const file = path.join(path.resolve("/ci/clone"), "src", "member", "provider", "api", "cards.ts");
    expect(isUnderFolders({ nameForCondition: () => file }, MEMBER_CODE_FOLDERS, "/ci/clone")).toBe(true);
  });
});

describe("loadedByMostPages: what Gatsby's commons chunk may take", () => {
  const chunk = (name: string | null, initial = false): PageChunkLike => ({ name, canBeInitial: () => initial });
  const template = (name: string) => chunk(`component---src-templates-${name}-template-tsx`);
  const graph = (chunks: Record<string, PageChunkLike[]>) => ({
    getModuleChunksIterable: (module: string) => chunks[module] ?? [],
  });
  const lazy = Array.from({ length: 15 }, () => chunk(null));
  const chunks = graph({
    header: [template("film"), template("films"), template("generic"), template("login"), chunk(null)],
    app: [chunk("app", true)],
    client: [chunk(null), chunk(null), chunk("editor-preview")],
    fields: [template("generic"), template("login"), template("booking"), ...lazy],
  });

  it("counts the templates that load a module in their own chunk; the app's counts as every page's", () => {
    expect(pagesLoading("header", chunks)).toBe(4);
    expect(pagesLoading("app", chunks)).toBe(Number.POSITIVE_INFINITY);
    expect(pagesLoading("client", chunks)).toBe(0);
    expect(pagesLoading("fields", chunks)).toBe(3);
    expect(isPageChunk(chunk("member-code"))).toBe(false);
  });

  it("takes what the app or at least half the templates load, not what only lazy chunks or a few templates do", () => {
    expect(loadedByMostPages("header", chunks, 8)).toBe(true);
    expect(loadedByMostPages("header", chunks, 9)).toBe(false);
    expect(loadedByMostPages("app", chunks, 12)).toBe(true);
    expect(loadedByMostPages("client", chunks, 12)).toBe(false);
    expect(loadedByMostPages("client", chunks, 0)).toBe(false);
    // Three templates and fifteen lazy chunks: Gatsby's own rule (12 chunks) put it on every page.
    expect(loadedByMostPages("fields", chunks, 12)).toBe(false);
  });
});
