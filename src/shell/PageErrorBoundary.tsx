// Spec §8 "Pages": a page that fails falls back to the 500 page. A render error in the browser
// (a template meeting data it cannot show, a failing component) would otherwise leave React's
// blank screen; the boundary logs it and sends the visitor to /500/, which is a built page.
// A chunk that did not load (offline, a deploy in between) is not the page failing: the features
// that load code on demand catch that themselves (lazy-feature.tsx); one that reaches this boundary
// anyway keeps the visitor at this address with a way to try again, where /500/ would show the
// offline page offline and, back online, an error for a page that works.
import { Component, type ErrorInfo, type ReactNode } from "react";
import { isChunkLoadError, reloadFailedFeatures } from "../lib/lazy-feature";
import { SERVER_ERROR_PATH } from "../lib/paths";

type Props = {
  readonly pathname: string;
  readonly children: ReactNode;
  /** How the visitor is sent to the 500 page (tests replace it). */
  readonly leave?: (path: string) => void;
};
/** "render": the page failed; "code": some of its code did not arrive. */
type State = { readonly failed: false | "render" | "code" };

export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { failed: isChunkLoadError(error) ? "code" : "render" };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    if (isChunkLoadError(error)) {
      console.error(`page code failed to load: ${error.message}`);
      return;
    }
    console.error(`page failed to render: ${error.message}`, info.componentStack ?? "");
    // On the 500 page itself there is nowhere further to go: the plain message below stays.
    if (this.props.pathname === SERVER_ERROR_PATH) return;
    (this.props.leave ?? ((path) => window.location.replace(path)))(SERVER_ERROR_PATH);
  }

  override componentDidUpdate(previous: Props): void {
    // A client-side navigation away from a failed page renders the new page afresh.
    if (this.state.failed && previous.pathname !== this.props.pathname) this.setState({ failed: false });
  }

  override render(): ReactNode {
    // No intl, theme or layout here: they may be what failed. Seen for the moment before the 500
    // page loads, or for good if the 500 page itself fails.
    if (this.state.failed === "code") {
      // Rendering again imports again what a lazyFeature failed to load.
      const text = fallbackText();
      return (
        <div role="alert">
          <p>{text.code}</p>
          <button
            type="button"
            onClick={() => {
              reloadFailedFeatures();
              this.setState({ failed: false });
            }}
          >
            {text.retry}
          </button>
        </div>
      );
    }
    if (this.state.failed) return <p role="alert">{fallbackText().render}</p>;
    return this.props.children;
  }
}

function fallbackText(): { render: string; code: string; retry: string } {
  const french = typeof document !== "undefined" && document.documentElement.lang.startsWith("fr");
  return french
    ? {
        render: "Une erreur est survenue. Réessayez dans un instant.",
        code: "Une partie de cette page n'a pas pu être chargée. Vérifiez votre connexion et réessayez.",
        retry: "Réessayer",
      }
    : {
        render: "Something went wrong. Please try again shortly.",
        code: "Part of this page could not be loaded. Check your connection and try again.",
        retry: "Try again",
      };
}
