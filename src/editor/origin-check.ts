// Spec §6 "Site editor": an opener or parent window from an allowed origin may push theme and
// layout changes. Brief §2: the allowed origins are the deploy setting EDITOR_ORIGINS, matched
// exactly. Both conditions are needed: the origin says who wrote the message, the source says it
// came from the window that actually frames or opened this page (another tab of the editor's
// origin, or a frame it put inside the site, is not the editor of this page).

export type MessageSender = { origin: string; source: unknown };
export type PreviewWindows = { self: unknown; parent: unknown; opener: unknown };

export function isFromEditor(event: MessageSender, editorOrigins: readonly string[], windows: PreviewWindows): boolean {
  if (!editorOrigins.includes(event.origin)) return false;
  if (event.source === null || event.source === undefined) return false;
  const framed = windows.parent !== windows.self && windows.parent != null;
  return (framed && event.source === windows.parent) || (windows.opener != null && event.source === windows.opener);
}
