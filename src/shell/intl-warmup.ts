import { INTL_WARMUP_WORKER_PATH } from "../lib/paths";

/** The attribute of the head's script that carries the site's time zone to the worker. */
export const INTL_WARMUP_TIME_ZONE_ATTRIBUTE = "data-time-zone";

/**
 * Starts the worker that sets the browser's Intl data up off the main thread (static/intl-warmup.js
 * says why): the first script in every page's head after the consent manager's, since the earlier
 * it starts, the likelier it is done before the page's own scripts format a date. Same text on
 * every page (one CSP hash); the site's time zone travels in a data attribute. A browser without
 * workers, or a policy that refuses this one, leaves the page as it was.
 */
export const INTL_WARMUP_SCRIPT =
  `try{new Worker(${JSON.stringify(INTL_WARMUP_WORKER_PATH)}).postMessage([document.documentElement.lang,` +
  `document.currentScript.getAttribute(${JSON.stringify(INTL_WARMUP_TIME_ZONE_ATTRIBUTE)})])}catch(e){}`;
