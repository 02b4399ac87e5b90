import { useEffect, type RefObject } from "react";

/**
 * How an open disclosure menu (WAI-ARIA disclosure navigation) closes besides its button: Escape
 * closes it and gives the focus back to the button, and it closes once the focus moves on to
 * something outside its parts (the button among them). Focus that goes nowhere (another window, a
 * tap on text) leaves it open: such a menu pushes the page down, it hides nothing.
 */
export function useDisclosureDismissal(
  open: boolean,
  close: () => void,
  button: RefObject<HTMLElement | null>,
  parts: readonly RefObject<HTMLElement | null>[],
): void {
  useEffect(() => {
    if (!open) return;
    const inMenu = (target: EventTarget | null) =>
      target instanceof Node && [button, ...parts].some((part) => part.current?.contains(target));
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      // Safari does not focus a tapped button: the key then comes from the page's body.
      if (!inMenu(event.target) && event.target !== document.body) return;
      close();
      button.current?.focus();
    };
    const onFocusIn = (event: FocusEvent) => {
      if (!inMenu(event.target)) close();
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("focusin", onFocusIn);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("focusin", onFocusIn);
    };
    // `parts` is a new array each render; the refs in it are stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, close, button]);
}
