import { isValidElement, type ReactNode } from "react";

type ElementProps = { rel?: unknown; as?: unknown; sliceId?: unknown };

/**
 * Gatsby 5 writes the page's script tags (webpack runtime, framework, app, chunk map) through a
 * slice of this id, stitched into the HTML after rendering; without its placeholder, none are.
 */
const GATSBY_SCRIPTS_SLICE = "_gatsby-scripts";

/**
 * A document component that loads or runs code: a script, Gatsby's scripts slice, a script or
 * data preload, a prefetch, a noscript fallback.
 */
function isCode(component: ReactNode): boolean {
  if (!isValidElement<ElementProps>(component)) return false;
  if (component.type === "script" || component.type === "noscript") return true;
  if (component.props.sliceId === GATSBY_SCRIPTS_SLICE) return true;
  if (component.type !== "link") return false;
  const rel = typeof component.props.rel === "string" ? component.props.rel.toLowerCase() : "";
  const as = typeof component.props.as === "string" ? component.props.as : "";
  return rel === "prefetch" || rel === "modulepreload" || (rel === "preload" && (as === "script" || as === "fetch"));
}

/** The document components of a page sent without scripts (the offline page): everything but code. */
export function withoutScripts(components: readonly ReactNode[]): ReactNode[] {
  return components.filter((component) => !isCode(component));
}
