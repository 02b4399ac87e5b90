// How the build keeps lazily loaded code out of a page's first load, by folder rather than by
// file name (gatsby-node.ts, the build-javascript split chunks).
//
// Gatsby's `commons` chunk, loaded with every page, takes any module used by as many chunks as
// there are page templates, and it counts lazy chunks too. The member code (zod, the member API,
// the member client) is used by the session engine, every account screen, both favourites stores
// and the editor preview: enough chunks to land in `commons`, so in a guest's first load. Two rules
// keep it out, neither of which names a file:
//  - `memberCode`: the modules under MEMBER_CODE_FOLDERS go to one lazy `member-code` chunk;
//  - `commons` only takes a module most pages load themselves (the app's chunk, or the chunks of at
//    least half the templates); a module only lazy chunks or a few templates use goes to a shared
//    chunk instead (Gatsby's `shared` group), or stays in those templates' chunks.
// Renaming or adding a file inside a folder changes neither.
import path from "node:path";

/**
 * The folders, relative to the project, whose modules are member code: loaded once a visitor signs
 * in or opens an account screen, never by a guest's page. zod parses the provider's answers;
 * src/member/provider/ is the provider layer: the route table, the client, the raw shapes and one
 * typed function per member route (api/).
 */
export const MEMBER_CODE_FOLDERS: readonly string[] = [
  path.join("node_modules", "zod"),
  path.join("src", "member", "provider"),
];

/** The parts of webpack's Module this reads. */
export interface ModuleLike {
  nameForCondition(): string | null | undefined;
}

/** The parts of webpack's Chunk this reads. */
export interface PageChunkLike {
  readonly name?: string | null | undefined;
  canBeInitial(): boolean;
}

/** Whether `module` lies under one of `folders` (relative to `projectDir`). */
export function isUnderFolders(module: ModuleLike, folders: readonly string[], projectDir: string): boolean {
  const file = module.nameForCondition();
  if (!file) return false;
  const resolved = path.resolve(file);
  return folders.some((folder) => resolved.startsWith(path.join(path.resolve(projectDir, folder), path.sep)));
}

/** A page's own chunk: the app's (initial) or a template's (Gatsby names those `component---…`). */
export function isPageChunk(chunk: PageChunkLike): boolean {
  return chunk.canBeInitial() || (chunk.name ?? "").startsWith("component---");
}

/** The part of webpack's ChunkGraph this reads. */
export interface ChunkGraphLike<M> {
  getModuleChunksIterable(module: M): Iterable<PageChunkLike>;
}

/**
 * How many page templates load `module` in their own chunk; Infinity when the app's chunk does
 * (every page then loads it).
 */
export function pagesLoading<M>(module: M, chunkGraph: ChunkGraphLike<M>): number {
  let templates = 0;
  for (const chunk of chunkGraph.getModuleChunksIterable(module)) {
    if (chunk.canBeInitial()) return Number.POSITIVE_INFINITY;
    if (isPageChunk(chunk)) templates++;
  }
  return templates;
}

/**
 * Whether Gatsby's `commons` chunk, loaded by every page, may take `module`: the app loads it, or at
 * least half of the site's `templates` do. Gatsby counts lazy chunks too, so a module that a few
 * templates and many lazy chunks use (the form fields: the login, booking and generic pages, and
 * every account screen) went to every page; it now goes with the templates that use it.
 */
export function loadedByMostPages<M>(module: M, chunkGraph: ChunkGraphLike<M>, templates: number): boolean {
  const pages = pagesLoading(module, chunkGraph);
  return pages > 0 && pages * 2 >= templates;
}
