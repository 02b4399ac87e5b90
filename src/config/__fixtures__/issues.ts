import type { z } from "zod";
import { problemsFromZod } from "../errors";

export type FieldProblem = { field: string; message: string };

/** The problems an operator would see for `data`, or [] when it parses. */
export function problemsOf(schema: z.ZodType, data: unknown): FieldProblem[] {
  const result = schema.safeParse(data);
  if (result.success) return [];
  return problemsFromZod("file.json", result.error, data).map(({ field, message }) => ({ field, message }));
}

/** A deep copy of `base` with `edit` applied: one thing broken per test row. */
export function edited<T>(base: T, edit: (copy: T) => void): T {
  const copy = structuredClone(base);
  edit(copy);
  return copy;
}
