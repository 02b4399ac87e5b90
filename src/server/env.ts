/**
 * The server's environment at run time. Gatsby compiles Functions with webpack and replaces every
 * `process.env` expression with the values seen at build time (and a bare `process.env` with
 * `{}`): deploy settings would be frozen into the bundle, secrets included. Going through
 * globalThis keeps the lookup out of webpack's reach.
 */
export function serverEnv(): Record<string, string | undefined> {
  return (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env ?? {};
}
