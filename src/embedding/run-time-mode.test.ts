import { EMBEDDING_STORAGE_KEY, effectiveEmbeddingMode, runTimeEmbedded, type TabStorage } from "./run-time-mode";
import { REFUSING_STORAGE } from "../test/storage";

function memoryStorage(initial: Record<string, string> = {}): TabStorage & { data: Record<string, string> } {
  const data = { ...initial };
  return {
    data,
    getItem: (key) => data[key] ?? null,
    setItem: (key, value) => void (data[key] = value),
    removeItem: (key) => void delete data[key],
  };
}

const refusing: TabStorage = REFUSING_STORAGE;

describe("runTimeEmbedded: a tab enters 'tapos_embedded' with a query flag (spec §4 embedding mode)", () => {
  it("enters with ?embeddingMode=tapos_embedded and remembers it for the tab", () => {
    const tab = memoryStorage();
    expect(runTimeEmbedded("?embeddingMode=tapos_embedded", tab)).toBe(true);
    expect(tab.data[EMBEDDING_STORAGE_KEY]).toBe("tapos_embedded");
    // The next page of the tab has no flag (only utm_* travel on links) and is still embedded.
    expect(runTimeEmbedded("", tab)).toBe(true);
    expect(runTimeEmbedded("?utm_source=pos", tab)).toBe(true);
  });

  it("leaves with ?embeddingMode=none", () => {
    const tab = memoryStorage({ [EMBEDDING_STORAGE_KEY]: "tapos_embedded" });
    expect(runTimeEmbedded("?embeddingMode=none", tab)).toBe(false);
    expect(runTimeEmbedded("", tab)).toBe(false);
  });

  it.each([
    "",
    "?embeddingMode=",
    "?embeddingMode=TAPOS_EMBEDDED",
    "?embeddingMode=iframe",
    "?embedding=tapos_embedded",
  ])("a visitor's tab (%j) is not embedded and nothing is stored", (search) => {
    const tab = memoryStorage();
    expect(runTimeEmbedded(search, tab)).toBe(false);
    expect(tab.data).toEqual({});
  });

  it("ignores a stored value it does not know", () => {
    expect(runTimeEmbedded("", memoryStorage({ [EMBEDDING_STORAGE_KEY]: "yes" }))).toBe(false);
  });

  it("without usable storage, only the page carrying the flag is embedded", () => {
    expect(runTimeEmbedded("?embeddingMode=tapos_embedded", refusing)).toBe(true);
    expect(runTimeEmbedded("", refusing)).toBe(false);
    expect(runTimeEmbedded("?embeddingMode=tapos_embedded", null)).toBe(true);
    expect(runTimeEmbedded("", null)).toBe(false);
  });
});

describe("effectiveEmbeddingMode", () => {
  it.each<["none" | "tapos_embedded", boolean, "none" | "tapos_embedded"]>([
    ["none", false, "none"],
    ["none", true, "tapos_embedded"],
    ["tapos_embedded", false, "tapos_embedded"],
    ["tapos_embedded", true, "tapos_embedded"],
  ])("build %s, tab embedded %s → %s", (build, tab, expected) => {
    expect(effectiveEmbeddingMode(build, tab)).toBe(expected);
  });
});
