// The editor preview proper (spec §4 "Editor preview lifecycle", §7 window messages), loaded on
// demand by preview-store.ts once an editor may be framing or driving the page.
import type { SiteRuntime } from "../runtime/site-runtime";
import { previewFontCssPath, type FontFamilyName } from "../theme/fonts";
import { applyEditorMessage, initialPreviewState, previewOverrides, type PreviewOverrides } from "./apply";
import { editorMessageProblem, MOUNTED_MESSAGE, parseEditorMessage } from "./messages";
import { isFromEditor } from "./origin-check";

export type EditorPreviewOptions = {
  site: SiteRuntime;
  /** The opener or parent. */
  host: Window;
  /** Origins the lifecycle is addressed to (never '*'). */
  targets: readonly string[];
  onChange: (overrides: PreviewOverrides) => void;
  win?: Window;
};

/**
 * Every catalogue family is reachable under /fonts/preview/ (a stylesheet per family, built when
 * the deploy names editor origins); the first time a family is picked its stylesheet is added,
 * and the browser fetches just the faces the page then uses.
 */
export function loadPreviewFont(family: FontFamilyName, doc: Document = document): void {
  const href = previewFontCssPath(family);
  const links = doc.head.querySelectorAll<HTMLLinkElement>("link[data-preview-font]");
  if ([...links].some((link) => link.dataset.previewFont === href)) return;
  const link = doc.createElement("link");
  link.rel = "stylesheet";
  link.href = href;
  link.dataset.previewFont = href;
  doc.head.appendChild(link);
}

/** Listens first, then says it is mounted, so the editor's first message cannot be missed. */
export function startEditorPreview({ site, host, targets, onChange, win = window }: EditorPreviewOptions): () => void {
  let state = initialPreviewState(site.theme);
  const onMessage = (event: MessageEvent) => {
    if (!isFromEditor(event, site.embedding.editorOrigins, { self: win, parent: win.parent, opener: win.opener }))
      return;
    const message = parseEditorMessage(event.data);
    if (!message) {
      // The editor's own message that the page cannot use (a weight the family lacks, a colour that
      // is not hex): said, as a refused derivation is below, rather than dropped without a word.
      const problem = editorMessageProblem(event.data);
      if (problem) console.warn(`Editor preview: ignored (${problem})`);
      return;
    }
    let next;
    let overrides;
    try {
      next = applyEditorMessage(state, message);
      overrides = previewOverrides(next);
    } catch (error) {
      // A value the derivation refuses changes nothing; the page keeps its last good theme.
      console.warn(`Editor preview: ${message.type} ignored (${(error as Error).message})`);
      return;
    }
    state = next;
    if (message.type === "font") loadPreviewFont(message.payload.font.family, win.document);
    onChange(overrides);
  };
  win.addEventListener("message", onMessage);
  for (const origin of targets) host.postMessage(MOUNTED_MESSAGE, origin);
  return () => win.removeEventListener("message", onMessage);
}
