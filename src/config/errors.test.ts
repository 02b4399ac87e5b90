import { z } from "zod";
import { SiteConfigError, formatFieldPath, problemsFromZod, type ConfigProblem } from "./errors";
import { itReturns } from "../test/tables";

describe("formatFieldPath", () => {
  itReturns(
    formatFieldPath,
    [
      [[], ""],
      [["name"], "name"],
      [["loyalty", "version"], "loyalty.version"],
      [["programme", 0, "times", 0], "programme[0].times[0]"],
      [["colors", "palette", "primary"], "colors.palette.primary"],
      [[0], "[0]"],
      [["grid", 1, 2], "grid[1][2]"],
      [["pages", 12, "blocks", 3, "links", 0, "to"], "pages[12].blocks[3].links[0].to"],
    ],
    "%j → %j",
  );
});

describe("problemsFromZod", () => {
  const schema = z.strictObject({
    name: z.string(),
    times: z.array(z.string().regex(/^\d\d:\d\d$/, { message: "expected a time" })),
    nested: z.strictObject({ flag: z.boolean() }).optional(),
    note: z.string().max(3, { message: "too long" }).optional(),
  });
  const problemsFor = (data: unknown) => {
    const result = schema.safeParse(data);
    if (result.success) throw new Error("expected the data to be refused");
    return problemsFromZod("site-config/x/file.json", result.error, data);
  };

  it("names the file and the field, and shows what was found", () => {
    expect(problemsFor({ name: "a", times: ["20:00", "25h"] })).toEqual<ConfigProblem[]>([
      { file: "site-config/x/file.json", field: "times[1]", message: 'expected a time (received "25h")' },
    ]);
  });

  it("says (missing) for an absent field", () => {
    expect(problemsFor({ times: [] })).toEqual([
      { file: "site-config/x/file.json", field: "name", message: expect.stringMatching(/ \(missing\)$/) },
    ]);
  });

  it("reports each unknown key as its own field, including nested ones", () => {
    const problems = problemsFor({ name: "a", times: [], nmae: "b", extra: 1, nested: { flag: true, flga: false } });
    expect(problems.map((p) => p.field).sort()).toEqual(["extra", "nested.flga", "nmae"]);
    for (const p of problems) expect(p.message).toContain("unknown field");
  });

  it("shortens a long received value", () => {
    const long = "x".repeat(200);
    const [problem] = problemsFor({ name: "a", times: [], note: long });
    expect(problem?.field).toBe("note");
    expect(problem?.message.startsWith("too long (received ")).toBe(true);
    expect(problem?.message.length).toBeLessThan(100);
    expect(problem?.message).toContain("...");
  });

  it("describes a value too deeply nested to print (a broken feed) instead of overflowing the stack", () => {
    const deep: unknown[] = [];
    let level = deep;
    for (let i = 0; i < 20_000; i += 1) {
      const next: unknown[] = [];
      level.push(next);
      level = next;
    }
    const result = z.strictObject({ genres: z.array(z.string()) }).safeParse({ genres: deep });
    if (result.success) throw new Error("expected the data to be refused");
    expect(problemsFromZod("feed", result.error, { genres: deep })).toEqual([
      {
        file: "feed",
        field: "genres[0]",
        message: expect.stringContaining("(received an array nested too deeply to show)"),
      },
    ]);
  });

  it("shows a number too large for JSON.parse (1e400) as such, not as null", () => {
    const data = JSON.parse('{"width": 1e400}') as unknown;
    const result = z.strictObject({ width: z.number().int().max(4000) }).safeParse(data);
    if (result.success) throw new Error("expected the data to be refused");
    const [problem] = problemsFromZod("theme.json", result.error, data);
    expect(problem?.field).toBe("width");
    expect(problem?.message).toMatch(/\(received a number too large to use\)$/);
  });

  it("reports every issue, not just the first", () => {
    expect(problemsFor({ name: 1, times: ["x", "y"] }).map((p) => p.field)).toEqual(["name", "times[0]", "times[1]"]);
  });
});

describe("SiteConfigError", () => {
  const problems: ConfigProblem[] = [
    { file: "site-config/lumiere/settings.json", field: "loyalty.version", message: "expected 1 or 3 (received 2)" },
    { file: "site-config/lumiere/theme.json", field: "", message: "not valid JSON: Unexpected token" },
  ];

  it("is an Error named SiteConfigError that keeps its problems", () => {
    const error = new SiteConfigError("lumiere", problems);
    expect(error).toBeInstanceOf(Error);
    expect(error).toBeInstanceOf(SiteConfigError);
    expect(error.name).toBe("SiteConfigError");
    expect(error.problems).toEqual(problems);
  });

  it("lists every problem on its own line, naming site, file and field", () => {
    expect(new SiteConfigError("lumiere", problems).message).toBe(
      'Site "lumiere" cannot be built: its configuration has 2 problems.\n' +
        "  site-config/lumiere/settings.json › loyalty.version: expected 1 or 3 (received 2)\n" +
        "  site-config/lumiere/theme.json › (whole file): not valid JSON: Unexpected token",
    );
  });

  it("names a deploy setting as a setting, not as a file", () => {
    const error = new SiteConfigError("lumiere", [
      { file: "BUILD_DATE", field: "", message: "expected an ISO date" },
      { file: "TICKETING_URL", field: "", message: "expected an absolute http:// or https:// URL" },
    ]);
    expect(error.message.split("\n").slice(1)).toEqual([
      "  BUILD_DATE (deploy setting): expected an ISO date",
      "  TICKETING_URL (deploy setting): expected an absolute http:// or https:// URL",
    ]);
  });

  it('says "1 problem" for one', () => {
    expect(new SiteConfigError("x", problems.slice(0, 1)).message).toContain("has 1 problem.");
  });
});
