// Test support (imported by tests only). Browsers move the focus to <body> when the focused element
// becomes disabled (HTML's "focus fixup rule"): a member who sent a form whose button was disabled
// while the call ran lost their place, and the next Tab started from the top of the page. jsdom
// leaves the focus where it was, so a test could not see it. With emulateFocusFixup(), jsdom does as
// browsers do, and a test can assert where the focus is after a submit.

type Disableable = HTMLButtonElement | HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

function isDisableable(element: Element | null): element is Disableable {
  return (
    element instanceof HTMLButtonElement ||
    element instanceof HTMLInputElement ||
    element instanceof HTMLSelectElement ||
    element instanceof HTMLTextAreaElement
  );
}

/** Starts the emulation for the document; returns the function that stops it (call it in afterEach). */
export function emulateFocusFixup(): () => void {
  const observer = new MutationObserver(() => {
    const active = document.activeElement;
    if (!isDisableable(active) || !active.disabled) return;
    // jsdom's blur() ignores an element that cannot take the focus: lift `disabled` for the blur.
    active.disabled = false;
    active.blur();
    active.disabled = true;
  });
  observer.observe(document, { subtree: true, attributes: true, attributeFilter: ["disabled"] });
  return () => observer.disconnect();
}

/**
 * Emulates the fixup around every test of the file (or of the describe it is called in), with
 * the comment every caller gave: a focused control that becomes disabled sends the focus to
 * <body> in browsers; jsdom is made to as well.
 */
export function withFocusFixup(): void {
  let stop: () => void = () => undefined;
  beforeEach(() => {
    stop = emulateFocusFixup();
  });
  afterEach(() => stop());
}
