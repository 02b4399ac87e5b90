import { useEffect, type RefObject } from "react";

/**
 * Moves focus to `ref`'s element each time `value` changes to something truthy: a message, a step
 * or a dialog that has just appeared takes the focus from the control that brought it.
 */
export function useFocusWhen(value: unknown, ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    if (value) ref.current?.focus();
  }, [value, ref]);
}
