/** The page's main element (PageShell): the skip link's target, and what the first paint waits for. */
export const MAIN_CONTENT_ID = "main-content";
