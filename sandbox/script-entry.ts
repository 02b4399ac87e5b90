// How a sandbox server module knows it was started as a script (`tsx sandbox/.../server.ts`) rather
// than imported by a test, and how it then runs and stops.

/**
 * Runs `main` only when argv[1] is the module `scriptPath` matches. import.meta is not used because
 * Jest runs these modules as CommonJS. A failure to start ends the process with its reason.
 */
export function runAsScript(scriptPath: RegExp, main: () => Promise<void>): void {
  if (!scriptPath.test(process.argv[1] ?? "")) return;
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}

/** Ctrl-C in a terminal and a stop from the process that started the server end it the same way. */
export function stopOnSignals(stop: () => void): void {
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}
