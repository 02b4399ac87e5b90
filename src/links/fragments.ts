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
