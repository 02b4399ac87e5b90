// Features whose code loads on demand (the sign-in dialog, registration, the account screens).
// Offline, or after a deploy removed the chunk, that import fails. React.lazy would keep the failed
// import for the rest of the visit, and the error would reach the page's error boundary, which
// sends the visitor to the 500 page (spec §8) for what is not a page failure: the page is there,
// one control's code is not. So a feature is loaded with `lazyFeature` (a later render imports it
// again) inside a `FeatureBoundary`, which shows the feature's own "unavailable" message in its
// place and lets a later click try again. Its retry rule is loadOnce's (lazy.ts): a failed import is
// not kept, a loaded one is never imported again.
import { Component, lazy, type ComponentType, type ReactNode } from "react";
import { loadOnce } from "./lazy";

/** Webpack's error for a script chunk that did not arrive, or mini-css-extract's for a style chunk. */
export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error.name === "ChunkLoadError" || /^Loading (CSS )?chunk \S+ failed/.test(error.message))
  );
}

/** The features whose last import failed: each function gives its feature a fresh import. */
const failedFeatures = new Set<() => void>();

/**
 * Gives every feature whose import failed a fresh one for its next render: called when the visitor
 * asks again (a boundary's retry), never on React's own re-render after the failure, which must
 * meet the failed import and throw its error to the boundary (a fresh import there would start
 * again, fail again, and so on, requesting the chunk in a loop).
 */
export function reloadFailedFeatures(): void {
  for (const reload of [...failedFeatures]) reload();
  failedFeatures.clear();
}

/**
 * React.lazy whose failed import is tried again once the visitor asks again (React.lazy alone never
 * does). The import goes through `loadOnce`, whose rule decides what a new attempt does: import
 * again after a failure, reuse what loaded. React.lazy only holds one attempt's outcome, so that
 * React's own re-render meets the failure and a fresh attempt waits for `reloadFailedFeatures`.
 */
export function lazyFeature<Props extends object>(load: () => Promise<{ default: ComponentType<Props> }>) {
  const loaded = loadOnce(load);
  const reload = () => {
    current = attempt();
  };
  const attempt = () =>
    lazy(() =>
      loaded().catch((error: unknown) => {
        failedFeatures.add(reload);
        throw error;
      }),
    );
  let current = attempt();
  return function LazyFeature(props: Props) {
    const Current = current;
    return <Current {...props} />;
  };
}

type BoundaryProps = {
  /** What stands in the feature's place when its code could not load; `retry` renders it again. */
  readonly unavailable: (retry: () => void) => ReactNode;
  /** A new value (the visitor asked for the feature again) renders the feature again. */
  readonly retryKey?: unknown;
  readonly children: ReactNode;
};
type BoundaryState = { readonly error: unknown };

/** Catches a feature's chunk failing to load; any other error goes on to the page's boundary. */
export class FeatureBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error };
  }

  override componentDidUpdate(previous: BoundaryProps): void {
    if (this.state.error && previous.retryKey !== this.props.retryKey) this.retry();
  }

  readonly retry = (): void => {
    reloadFailedFeatures();
    this.setState({ error: null });
  };

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    // A render error is the page's (PageErrorBoundary): thrown again, it reaches that boundary.
    if (!isChunkLoadError(error)) throw error;
    return this.props.unavailable(this.retry);
  }
}
