// Test support (imported by tests only): a chunk of the page's code that did not arrive (offline, a
// deploy in between), and the console.error React writes when a boundary catches it.
//
// A module loaded on demand fails as webpack's loader would with a module mock, hoisted in the test
// file (its factory runs again at each import until one returns):
//   let mockChunkReachable = false;
//   jest.mock("./LoginDialog", () => {
//     if (!mockChunkReachable) throw jest.requireActual("../../test/chunk-load").chunkLoadError(651);
//     return jest.requireActual("./LoginDialog");
//   });

/**
 * Webpack's error for a chunk that did not arrive (webpack/lib/runtime/LoadScriptRuntimeModule),
 * naming the script's URL when given.
 */
export function chunkLoadError(chunk: number, url?: string): Error {
  const error = new Error(`Loading chunk ${chunk} failed.${url === undefined ? "" : `\n(error: ${url})`}`);
  error.name = "ChunkLoadError";
  return error;
}

/**
 * Keeps console.error quiet in each test of the file (React reports every error a boundary
 * catches); answers the spy of the test under way, to read what it was told.
 */
export function quietConsoleErrors(): () => jest.SpyInstance {
  let spy: jest.SpyInstance | undefined;
  beforeEach(() => {
    spy = jest.spyOn(console, "error").mockImplementation(() => undefined);
  });
  afterEach(() => spy?.mockRestore());
  return () => spy as jest.SpyInstance;
}
