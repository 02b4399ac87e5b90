// The one way code is loaded on demand: `loadOnce(() => import("./x"))` for a module, and
// `lazyFeature` (lazy-feature.tsx, built on this) for a component. What loads on demand stays out of
// the first-load JavaScript (JS budget, docs/architecture.md): the member features' code (the
// session engine, the favourites stores), the consent runtime, the ads runtime, the offline
// support... Each chunk is imported on first use and kept for the page load, so a guest never pays
// for the member code. A chunk that fails to load (offline, a deploy in between) is not kept: the
// next use imports it again (webpack fetches a failed chunk anew).

/** `load` run at most once at a time and, once it has succeeded, never again; a failure is tried again on the next call. */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}

/**
 * The names of an object type's methods that answer with a promise: the ones a forwarder can stand
 * in for, since it has to load its target before it answers.
 */
export type AsyncMethodNames<T> = {
  [K in keyof T]-?: T[K] extends (...args: never[]) => Promise<unknown> ? K : never;
}[keyof T];

/**
 * A list of every async method of `T`, each named once (`{ login: true, ... } satisfies
 * EveryAsyncMethod<Client>`): the compiler refuses a list that misses one or names anything else.
 */
export type EveryAsyncMethod<T> = { readonly [K in AsyncMethodNames<T>]: true };

/**
 * An object whose methods forward to the object `load` resolves to, loading it on each call (give
 * it a `loadOnce` to load once). Each method keeps the target's type, overloads included:
 * forwarding passes the arguments through and answers what the target answers.
 */
export function forwardMethods<T extends object, K extends AsyncMethodNames<T>>(
  load: () => Promise<T>,
  methods: { readonly [M in K]: true },
): Pick<T, K> {
  const forwarder: Partial<Record<K, (...args: unknown[]) => Promise<unknown>>> = {};
  for (const name of Object.keys(methods) as K[]) {
    forwarder[name] = async (...args: unknown[]) => {
      const target = await load();
      return (target[name] as (...args: unknown[]) => Promise<unknown>).apply(target, args);
    };
  }
  return forwarder as Pick<T, K>;
}
