// Defence in depth (issue 44). The address bar lost its private parameters as the page started
// (address-bar-script.ts, the head's first script), yet every payload the site builds for a vendor (the ad
// wrapper's configuration and targeting, GPT's targeting, the ads' page data, analytics events)
// is cleaned again as it is built, with the same list: a URL handed to a builder by mistake, now
// or by a later change, still cannot carry a token, a reset code or an address to a third party.
// Loaded with the vendor code that uses it, never in the first load.
import { withoutPrivateParams } from "./private-params";

/**
 * `payload` with every string in it (values of plain objects and items of lists, at any depth)
 * less its private query parameters (withoutPrivateParams: only a `?name=` whose name is private
 * goes, so a title or a path without one is unchanged); `extraParams` as there. Anything else
 * (numbers, booleans, null) is kept as it is. A new payload: the one given is not changed.
 */
export function withoutPrivateValues<T>(payload: T, extraParams: readonly string[] = []): T {
  const clean = (value: unknown): unknown => {
    if (typeof value === "string") return withoutPrivateParams(value, extraParams);
    if (Array.isArray(value)) return value.map(clean);
    if (value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype)
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, clean(item)]));
    return value;
  };
  return clean(payload) as T;
}
