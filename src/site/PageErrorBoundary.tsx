// Spec §8 "Pages": a page that fails falls back to the 500 page. A render error in the browser
// (a template meeting data it cannot show, a failing component) would otherwise leave React's
// blank screen; the boundary logs it and sends the visitor to /500/, which is a built page.
import { Component, type ErrorInfo, type ReactNode } from "react";
import { SERVER_ERROR_PATH } from "./paths";

type Props = {
  readonly pathname: string;
  readonly children: ReactNode;
  /** How the visitor is sent to the 500 page (tests replace it). */
  readonly leave?: (path: string) => void;
};
type State = { readonly failed: boolean };

export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
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
    if (this.state.failed) return <p role="alert">{fallbackText()}</p>;
    return this.props.children;
  }
}

function fallbackText(): string {
  const french = typeof document !== "undefined" && document.documentElement.lang.startsWith("fr");
  return french
    ? "Une erreur est survenue. Réessayez dans un instant."
    : "Something went wrong. Please try again shortly.";
}
