// Gatsby's client-only routes (createPage matchPath, written to .cache/match-paths.json in
// priority order): the server answers a path no file matches with the HTML of the first page
// whose matchPath matches it, as `gatsby serve` and the browser's loader do. The matching
// follows @reach/router: "*" takes the rest of the path, ":name" one segment, others literally;
// leading and trailing slashes do not count.

export interface MatchPathEntry {
  /** The page's own path ("/films/__film/"), whose index.html is served. */
  readonly path: string;
  /** Its pattern ("/films/*"). */
  readonly matchPath: string;
}

const segments = (path: string): string[] => path.replace(/^\/+|\/+$/g, "").split("/");

export function matchesPath(pattern: string, path: string): boolean {
  const route = segments(pattern);
  const uri = segments(path);
  for (let index = 0; index < route.length; index += 1) {
    const part = route[index];
    if (part === "*") return true;
    const given = uri[index];
    if (given === undefined) return false;
    if (part?.startsWith(":")) {
      if (given === "") return false;
    } else if (part !== given) {
      return false;
    }
  }
  return route.length === uri.length;
}

/** The first entry whose pattern matches `path` (the file's order is Gatsby's ranking). */
export function findMatchPath(entries: readonly MatchPathEntry[], path: string): MatchPathEntry | undefined {
  return entries.find((entry) => matchesPath(entry.matchPath, path));
}
