/** Where circuit sites list their theatres. */
export const THEATERS_PATH = "/theaters/";

/** A page slug as a site path: "" → "/", "a/b" → "/a/b/". */
export function pagePath(slug: string): string {
  return slug ? `/${slug}/` : "/";
}
