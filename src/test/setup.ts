import "@testing-library/jest-dom";
import { configure } from "@testing-library/react";

// The screen tests wait for real round trips (the proxy, then the sandbox provider with its
// password hashing): on a busy 2-core runner one took more than the library's 1 s default. A
// longer wait changes nothing for a test that passes, and a broken screen still fails.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no window.matchMedia. This one answers the "(min-width: Npx)" queries the site asks
// (theme/scales.ts MEDIA_QUERIES) from window.innerWidth, which a test sets to try a phone; it
// reports no change events (a test renders again at another width).
if (typeof window !== "undefined" && !window.matchMedia)
  window.matchMedia = (query: string): MediaQueryList => {
    const minWidth = /^\(min-width:\s*(\d+)px\)$/.exec(query.trim());
    if (!minWidth) throw new Error(`the test matchMedia answers (min-width: Npx) only, not ${query}`);
    return {
      media: query,
      matches: window.innerWidth >= Number(minWidth[1]),
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    };
  };
