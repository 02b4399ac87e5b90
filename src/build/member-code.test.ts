import path from "node:path";
import { isPageChunk, isUnderFolders, loadedByAPage, MEMBER_CODE_FOLDERS, type PageChunkLike } from "./member-code";

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

describe("loadedByAPage: what Gatsby's commons chunk may take", () => {
  const chunk = (name: string | null, initial = false): PageChunkLike => ({ name, canBeInitial: () => initial });
  const graph = (chunks: Record<string, PageChunkLike[]>) => ({
    getModuleChunksIterable: (module: string) => chunks[module] ?? [],
  });

  it("a module of a template's chunk or of the app is a page's; one only lazy chunks hold is not", () => {
    const chunks = graph({
      header: [chunk("component---src-templates-film-template-tsx"), chunk(null)],
      app: [chunk("app", true)],
      client: [chunk(null), chunk(null), chunk("editor-preview")],
    });
    expect(loadedByAPage("header", chunks)).toBe(true);
    expect(loadedByAPage("app", chunks)).toBe(true);
    expect(loadedByAPage("client", chunks)).toBe(false);
    expect(isPageChunk(chunk("member-code"))).toBe(false);
  });
});
