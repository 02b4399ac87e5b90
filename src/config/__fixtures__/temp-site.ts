// Copies a sample site into a fresh temporary config root so a test can break one file.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export const SAMPLE_CONFIG_ROOT = path.resolve(__dirname, "../../../site-config");

export type JsonObject = { [key: string]: unknown };

export type TempSite = {
  configRoot: string;
  siteId: string;
  siteDir: string;
  /** Parses `file`, lets `edit` change it in place, writes it back. */
  editJson(file: string, edit: (data: JsonObject) => void): void;
  writeText(file: string, text: string): void;
  writeBytes(file: string, bytes: Uint8Array): void;
  readText(file: string): string;
  remove(file: string): void;
  cleanup(): void;
};

export function copySampleSite(siteId: "lumiere" | "starlight"): TempSite {
  const configRoot = mkdtempSync(path.join(tmpdir(), "site-config-test-"));
  const siteDir = path.join(configRoot, siteId);
  cpSync(path.join(SAMPLE_CONFIG_ROOT, siteId), siteDir, { recursive: true });
  const at = (file: string) => path.join(siteDir, file);
  return {
    configRoot,
    siteId,
    siteDir,
    editJson(file, edit) {
      const data = JSON.parse(readFileSync(at(file), "utf8")) as JsonObject;
      edit(data);
      writeFileSync(at(file), JSON.stringify(data, null, 2));
    },
    writeText: (file, text) => writeFileSync(at(file), text),
    writeBytes: (file, bytes) => writeFileSync(at(file), bytes),
    readText: (file) => readFileSync(at(file), "utf8"),
    remove: (file) => rmSync(at(file), { recursive: true }),
    cleanup: () => rmSync(configRoot, { recursive: true, force: true }),
  };
}

/** Narrowing helpers for editing parsed JSON without `any`. */
export function obj(value: unknown): JsonObject {
  if (value === null || typeof value !== "object" || Array.isArray(value))
    throw new Error("fixture: expected an object");
  return value as JsonObject;
}
export function arr(value: unknown): unknown[] {
  if (!Array.isArray(value)) throw new Error("fixture: expected an array");
  return value;
}
