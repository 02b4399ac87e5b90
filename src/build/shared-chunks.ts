// The name of a chunk of code shared by lazily loaded chunks (Gatsby's `shared` split-chunks group).
//
// Gatsby names it by the names of the chunks that share its modules, and a lazy chunk made by a
// plain `import()` has no name: the key was then the same for every set of as many chunks, so
// every module shared by any three lazy chunks went into one file. The consent runtime and the ad
// runtime, loaded on every page, pulled with it the phone-number metadata of the member forms
// (120 KB, a 180 ms task on Lighthouse's phone). Keyed here by where each chunk is imported from,
// a shared chunk holds only what the same lazy chunks share.
import { createHash } from "node:crypto";
import path from "node:path";

/** The parts of webpack's Chunk this reads. */
export interface ChunkLike {
  readonly name?: string | null | undefined;
  readonly groupsIterable: Iterable<{
    readonly origins: readonly {
      readonly request?: string | null;
      readonly module?: { nameForCondition(): string | null | undefined } | null;
    }[];
  }>;
}

/** A chunk's key: its name, or where it is imported from (file, relative to the project, and request). */
export function chunkKey(chunk: ChunkLike, projectDir: string): string {
  if (chunk.name) return chunk.name;
  const origins: string[] = [];
  for (const group of chunk.groupsIterable)
    for (const origin of group.origins) {
      const file = origin.module?.nameForCondition();
      origins.push(`${file ? path.relative(projectDir, file) : ""}|${origin.request ?? ""}`);
    }
  return origins.sort().join(",");
}

/** The shared chunk's name: a hash of the keys of the chunks that share it. */
export function sharedChunkName(chunks: readonly ChunkLike[], projectDir: string): string {
  const keys = chunks.map((chunk) => chunkKey(chunk, projectDir)).sort();
  return createHash("sha1").update(keys.join("\n")).digest("hex");
}
