// Chrome compiles a script's functions lazily, on the main thread, the first time each one runs. On
// a first visit the modules every page evaluates at start cost about as much to compile as to run:
// the film page's entry took 154–220 ms of one main-thread task at CPU ×4. V8's magic comment
// `//# allFunctionsCalledOnLoad` at the top of a file (Chrome 136+, "explicit compile hints") has
// Chrome compile all of the file's functions while it streams the script, on a background thread:
// the same entry then took 112–158 ms, and a template's chunks mostly stopped making a long task of
// their own (traces at CPU ×4, docs/decisions.md). Browsers without it read a comment.
// Only the chunks of a first load carry it: the entry's (framework, app, commons, webpack runtime)
// and each page template's, which every visit of that page runs. A lazily loaded chunk (the member
// code, ads, the offline support) would be compiled whole for the few functions a visit calls.
import type { Chunk, Compiler } from "webpack";

export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";
const PLUGIN = "CompileHints";

/** Gatsby's names: the browser entry, and a page template's chunk group (`component---src-…`). */
export function isFirstLoadGroup(name: string | null | undefined): boolean {
  return name === "app" || (name ?? "").startsWith("component---");
}

function isFirstLoadChunk(chunk: Chunk): boolean {
  for (const group of chunk.groupsIterable) if (isFirstLoadGroup(group.name)) return true;
  return false;
}

export class CompileHints {
  apply(compiler: Compiler): void {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      // After minification (which drops comments), before the files' content hashes are taken.
      compilation.hooks.processAssets.tap(
        { name: PLUGIN, stage: Compilation.PROCESS_ASSETS_STAGE_DEV_TOOLING - 1 },
        () => {
          for (const chunk of compilation.chunks) {
            if (!isFirstLoadChunk(chunk)) continue;
            for (const file of chunk.files) {
              if (!file.endsWith(".js")) continue;
              compilation.updateAsset(file, (source) => new sources.ConcatSource(COMPILE_HINT, source));
            }
          }
        },
      );
    });
  }
}
