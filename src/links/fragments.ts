const FOCUSABLE = "a[href], button, input, select, textarea, summary, [tabindex]";

/**
 * Spec §2: a link carrying a #fragment moves keyboard focus to the element with that id. The
 * browser only scrolls there; focus would stay on the link, and the next Tab would start from
 * it, so a keyboard or screen-reader user would not land where the link said. Returns whether
 * an element was found.
 */
export function focusFragment(id: string, doc: Document = document): boolean {
  if (!id) return false;
  const element = doc.getElementById(id);
  if (!element) return false;
  // A heading or section is not focusable by default; -1 makes it focusable by script only.
  if (!element.matches(FOCUSABLE)) element.setAttribute("tabindex", "-1");
  element.focus();
  return true;
}

/** Gatsby's page wrapper, which its router focuses after a navigation to another page. */
const ROUTER_FOCUS_WRAPPER = "gatsby-focus-wrapper";
/** How long to wait for the router's own focus move before focusing the fragment anyway. */
export const FRAGMENT_FOCUS_FALLBACK_MS = 300;

/**
 * After a navigation to a URL with a #fragment (the hash undecoded, "#" included): focus moves to
 * that element, as a same-page link does. The router focuses its page wrapper after the render,
 * in an effect, so the fragment is focused once it has, or after FRAGMENT_FOCUS_FALLBACK_MS if it
 * does not. Nothing is done when the element already has focus (a same-page link focused it on
 * click), and nothing is taken back from a visitor who presses a key or the pointer meanwhile (a
 * quick Tab after the link). Returns a function that cancels what is still pending.
 */
export function focusFragmentAfterNavigation(hash: string, doc: Document = document): () => void {
  let id: string;
  try {
    id = decodeURIComponent(hash.replace(/^#/, ""));
  } catch {
    return () => undefined;
  }
  const target = id ? doc.getElementById(id) : null;
  if (!id || (target !== null && doc.activeElement === target)) return () => undefined;
  const win = doc.defaultView ?? window;
  const stop = () => {
    doc.removeEventListener("focusin", onFocusIn);
    doc.removeEventListener("keydown", stop, true);
    doc.removeEventListener("pointerdown", stop, true);
    win.clearTimeout(fallback);
  };
  const focusTarget = () => {
    stop();
    focusFragment(id, doc);
  };
  const onFocusIn = (event: FocusEvent) => {
    if ((event.target as Element | null)?.id === ROUTER_FOCUS_WRAPPER) focusTarget();
  };
  doc.addEventListener("focusin", onFocusIn);
  doc.addEventListener("keydown", stop, true);
  doc.addEventListener("pointerdown", stop, true);
  const fallback = win.setTimeout(focusTarget, FRAGMENT_FOCUS_FALLBACK_MS);
  return stop;
}
