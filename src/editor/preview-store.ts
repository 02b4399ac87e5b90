// The first-load half of the editor preview: where the page reads what an editor changed, and
// the check that decides whether to load the preview at all. Kept tiny (JS budget): zod, the
// message schema, the colour maths and the font catalogue load only once an editor is detected.
import { useEffect, useSyncExternalStore } from "react";
import type { SiteRuntime } from "../runtime/site-runtime";
import { hostOriginHint, hostWindow, messageTargets } from "../embedding/host-window";
import type { PreviewOverrides } from "./apply";

let overrides: PreviewOverrides | null = null;
const listeners = new Set<() => void>();

/** Module state rather than React state: a client-side navigation inside the frame keeps the editor's changes. */
export function setPreviewOverrides(next: PreviewOverrides | null): void {
  overrides = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The window that may be an editor (the opener or parent) and the origins to address it at, or
 * null: not framed nor opened, no EDITOR_ORIGINS, or a host whose origin is known and not an
 * editor's (a point-of-sale host framing the site).
 */
export function editorHost(site: SiteRuntime, win: Window = window): { host: Window; targets: string[] } | null {
  const { editorOrigins } = site.embedding;
  const host = hostWindow(win);
  if (!host || editorOrigins.length === 0) return null;
  const targets = messageTargets(editorOrigins, hostOriginHint(win));
  return targets.length > 0 ? { host, targets } : null;
}

let started = false;

/**
 * Once per document: when an editor may be driving the page, loads the preview, which listens for
 * messages and then posts the lifecycle. A visitor's page loads nothing.
 */
function startWhenEditorDetected(site: SiteRuntime): void {
  if (started) return;
  started = true;
  const editor = editorHost(site);
  if (!editor) return;
  import(/* webpackChunkName: "editor-preview" */ "./preview").then(
    ({ startEditorPreview }) => startEditorPreview({ site, ...editor, onChange: setPreviewOverrides }),
    () => console.warn("Editor preview: the preview code could not be loaded"),
  );
}

/** The editor's changes to theme and layout, or null (always null on the server and for visitors). */
export function useEditorPreview(site: SiteRuntime): PreviewOverrides | null {
  useEffect(() => startWhenEditorDetected(site), [site]);
  return useSyncExternalStore(
    subscribe,
    () => overrides,
    () => null,
  );
}
