// After deleting their account the member is sent to the home page (DeleteAccount.tsx), which
// should tell them it worked. The news travels in the navigation's location state: nothing in the
// address bar to bookmark or share, and a reload of the home page does not repeat it.

import { hasStateFlag } from "./location-state";

export const ACCOUNT_DELETED_STATE = { accountDeleted: true } as const;

/** The message id the home page shows (role=status) when it was reached that way. */
export const ACCOUNT_DELETED_MESSAGE_ID = "account.delete.done";

/** Whether a page's `location.state` says the member has just deleted their account. */
export function isAccountDeletedState(state: unknown): boolean {
  return hasStateFlag(state, "accountDeleted");
}
