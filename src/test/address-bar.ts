// Tests: a page starting in jsdom, as the browser starts it: the head's first script (issue 44)
// takes the private parameters out of the address bar into the history entry's state.
import { privateParamsScript } from "../tracking/analytics/address-bar-script";

/** Runs the head's address-bar script against the document's current address. */
export function startPageAsTheHeadDoes(extraParams: readonly string[] = []): void {
  new Function(privateParamsScript(extraParams))();
}
