import type { z } from "zod";

export type ConfigProblem = {
  /** Path of the file, relative to the working directory, e.g. "site-config/lumiere/settings.json". */
  file: string;
  /** Field path inside that file, e.g. "loyalty.version" or "programme[3].times[0]"; "" for the whole file. */
  field: string;
  message: string;
};

/** A deploy setting (environment variable) rather than a file, e.g. "SITE", "BUILD_DATE". */
const DEPLOY_SETTING = /^[A-Z][A-Z0-9_]*$/;

function where(problem: ConfigProblem): string {
  if (DEPLOY_SETTING.test(problem.file)) return `${problem.file} (deploy setting)`;
  return `${problem.file} › ${problem.field || "(whole file)"}`;
}

/** A site configuration that cannot be built. Its message lists every problem, one per line. */
export class SiteConfigError extends Error {
  readonly problems: readonly ConfigProblem[];
  constructor(siteId: string, problems: readonly ConfigProblem[]) {
    const count = problems.length === 1 ? "1 problem" : `${problems.length} problems`;
    super(
      `Site "${siteId}" cannot be built: its configuration has ${count}.\n` +
        problems.map((p) => `  ${where(p)}: ${p.message}`).join("\n"),
    );
    this.name = "SiteConfigError";
    this.problems = problems;
  }
}

export function formatFieldPath(path: ReadonlyArray<PropertyKey>): string {
  return path.reduce<string>((out, key) => {
    if (typeof key === "number") return `${out}[${key}]`;
    return out ? `${out}.${String(key)}` : String(key);
  }, "");
}

function valueAt(data: unknown, path: ReadonlyArray<PropertyKey>): { found: boolean; value: unknown } {
  let current: unknown = data;
  for (const key of path) {
    if (current === null || typeof current !== "object" || !(key in current)) return { found: false, value: undefined };
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return { found: true, value: current };
}

function describeReceived(value: unknown): string {
  // JSON.parse reads 1e400 as Infinity, which JSON.stringify would show as "null".
  if (typeof value === "number" && !Number.isFinite(value)) return "a number too large to use";
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch {
    // Thousands of levels deep (a broken feed): too deep to print, and never worth printing.
    return Array.isArray(value) ? "an array nested too deeply to show" : "a value nested too deeply to show";
  }
  if (text === undefined) return String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** Turns zod issues into problems that name the file and field, and show what was found there. */
export function problemsFromZod(file: string, error: z.ZodError, data: unknown): ConfigProblem[] {
  return error.issues
    .map((issue) => {
      // Unrecognised keys are reported on the parent object; name the key itself so the operator finds it.
      if (issue.code === "unrecognized_keys") {
        return issue.keys.map((key) => ({
          file,
          field: formatFieldPath([...issue.path, key]),
          message: "unknown field (check its spelling; it is not part of this file's schema)",
        }));
      }
      const { found, value } = valueAt(data, issue.path);
      const received = found ? ` (received ${describeReceived(value)})` : " (missing)";
      return [{ file, field: formatFieldPath(issue.path), message: `${issue.message}${received}` }];
    })
    .flat();
}
