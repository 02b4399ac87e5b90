// News a page shows once it is reached (account deleted, a new member's welcome) travels in the
// navigation's location state rather than the URL: nothing to bookmark or share.

/** Whether a page's `location.state` (or `history.state`) carries `flag: true`. */
export function hasStateFlag(state: unknown, flag: string): boolean {
  return typeof state === "object" && state !== null && (state as Record<string, unknown>)[flag] === true;
}
