// Gatsby's `build` keeps each webpack compiler and its last Stats reachable until the build ends
// (the `close` function it calls later, and the Stats left in its async function's frame). Both
// lead to the whole compilation: every module's source, the chunk graph, the persistent cache's
// in-memory pack. At 10,000 films that is a few hundred MB of live heap carried through the
// query run, the HTML step and stitching, when Gatsby's workers are at their largest too.
// Once a compiler is closed (its cache written to disk), Gatsby only reads the hash it already
// took, so this plugin lets go of the rest. Gatsby 5.16 + webpack 5: see docs/architecture.md.

type Hook = { taps?: unknown[]; interceptors?: unknown[]; _x?: unknown; _resetCompilation?: () => void };
type Hooks = Record<string, unknown>;

export type ClosableCompiler = {
  hooks: Hooks & { done: { tap(name: string, fn: (stats: { compilation?: unknown }) => void): void } };
  cache: { hooks: Hooks; shutdown(callback: (err?: Error | null) => void): void };
  inputFileSystem?: { purge?: () => void } | null;
  resolverFactory?: { cache?: Map<unknown, unknown> };
  records?: unknown;
};

const PLUGIN = "ReleaseClosedCompilation";

/** A tapable hook without its taps: nothing it called stays reachable through it. */
function emptyHook(value: unknown): void {
  if (!value || typeof value !== "object") return;
  const hook = value as Hook;
  if (!Array.isArray(hook.taps)) return;
  hook.taps = [];
  hook.interceptors = [];
  hook._x = undefined;
  hook._resetCompilation?.();
}

export class ReleaseClosedCompilation {
  apply(compiler: ClosableCompiler): void {
    let stats: { compilation?: unknown } | undefined;
    compiler.hooks.done.tap(PLUGIN, (done) => {
      stats = done;
    });
    const { cache } = compiler;
    const shutdown = cache.shutdown.bind(cache);
    // Compiler.close() calls cache.shutdown last: when its callback runs, the cache is on disk.
    cache.shutdown = (callback) =>
      shutdown((err) => {
        if (stats) stats.compilation = undefined;
        stats = undefined;
        for (const hook of Object.values(compiler.hooks)) emptyHook(hook);
        for (const hook of Object.values(cache.hooks)) emptyHook(hook);
        compiler.inputFileSystem?.purge?.();
        compiler.resolverFactory?.cache?.clear();
        compiler.records = {};
        callback(err);
      });
  }
}
