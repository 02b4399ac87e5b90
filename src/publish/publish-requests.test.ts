import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { itReturnsPerCase } from "../test/tables";
import { MAX_REASON_CHARS, readPublishBody, readPublishId, readSiteId, siteFoldersOf } from "./publish-requests";

const SITES: ReadonlySet<string> = new Set(["lumiere", "starlight"]);
const statusOf = (read: { ok: boolean; refusal?: { status: number } }) => (read.ok ? 200 : read.refusal?.status);

describe("a site id in a path", () => {
  itReturnsPerCase(
    (value: unknown) => statusOf(readSiteId(value, SITES)),
    [
      ["a site", "lumiere", 200],
      ["a way out of the folder", "../x", 400],
      ["capitals", "LUMIERE", 400],
      ["a dot", ".releases", 400],
      ["a slash", "lumiere/x", 400],
      ["a leading dash", "-lumiere", 400],
      ["nothing", "", 400],
      ["a name past 64 characters", "a".repeat(65), 400],
      ["not a text", 42, 400],
      ["a well-formed id no folder has", "odeon", 404],
    ],
  );

  it("answers the site id it read", () => {
    expect(readSiteId("starlight", SITES)).toEqual({ ok: true, value: "starlight" });
  });
});

describe("a publish id in a path", () => {
  itReturnsPerCase(
    (value: unknown) => statusOf(readPublishId(value)),
    [
      ["as a publish answered it", "20261123T101502123Z-abcdef", 200],
      ["a way out", "../lumiere", 400],
      ["the live link's name", "current", 400],
      ["in capitals", "20261123T101502123Z-ABCDEF", 400],
    ],
  );
});

describe("a publish's body", () => {
  itReturnsPerCase(
    (body: unknown) => {
      const read = readPublishBody(body);
      return read.ok ? read.value : read.refusal.code;
    },
    [
      ["none", undefined, {}],
      ["an empty object", {}, {}],
      ["a reason", { reason: "New poster for Orbite basse" }, { reason: "New poster for Orbite basse" }],
      ["a reason with spaces around", { reason: "  times  " }, { reason: "times" }],
      ["a reason at the bound", { reason: "r".repeat(MAX_REASON_CHARS) }, { reason: "r".repeat(MAX_REASON_CHARS) }],
      ["a reason too long", { reason: "r".repeat(MAX_REASON_CHARS + 1) }, "reason_too_long"],
      ["an unknown field", { reason: "x", siteId: "starlight" }, "unknown_field"],
      ["an empty reason", { reason: " " }, "bad_body"],
      ["a reason that is no text", { reason: 42 }, "bad_body"],
      ["a list", ["reason"], "bad_body"],
      ["a text", "reason", "bad_body"],
    ],
  );

  it("a refusal never quotes what was sent", () => {
    const read = readPublishBody({ "<script>": "x" });
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.refusal.message).not.toContain("<script>");
  });
});

it("the sites are the folders of the config root named as site ids", () => {
  const root = mkdtempSync(path.join(os.tmpdir(), "site-folders-"));
  try {
    for (const folder of ["lumiere", "starlight", "Drafts", ".git"]) mkdirSync(path.join(root, folder));
    writeFileSync(path.join(root, "notes"), "");
    expect([...siteFoldersOf(root)].sort()).toEqual(["lumiere", "starlight"]);
    expect(siteFoldersOf(path.join(root, "missing")).size).toBe(0);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
