import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  discardRelease,
  liveReleaseOf,
  makeLive,
  newReleaseId,
  previousReleaseOf,
  pruneReleases,
  RELEASE_ID,
  releaseDirOf,
  releasesOf,
  writeRelease,
} from "./site-releases";

let out: string;
beforeEach(() => {
  out = mkdtempSync(path.join(os.tmpdir(), "site-releases-"));
});
afterEach(() => rmSync(out, { recursive: true, force: true }));

const T0 = Date.UTC(2026, 10, 23, 10, 15, 2, 123);
/** A release whose public/index.html says `text`, made at T0 + `minutes`. */
function release(text: string, minutes: number): string {
  const id = newReleaseId(T0 + minutes * 60_000, "abcdef");
  writeRelease(out, "lumiere", id, (dir) => {
    mkdirSync(path.join(dir, "public"));
    writeFileSync(path.join(dir, "public", "index.html"), text);
  });
  return id;
}
const served = () => readFileSync(path.join(out, "lumiere", "public", "index.html"), "utf8");

describe("release ids", () => {
  it("say when they were made and sort in that order", () => {
    expect(newReleaseId(T0, "abcdef")).toBe("20261123T101502123Z-abcdef");
    expect(newReleaseId(T0 + 1, "000000") > newReleaseId(T0, "ffffff")).toBe(true);
    expect(RELEASE_ID.test(newReleaseId())).toBe(true);
    const made = Array.from({ length: 50 }, () => newReleaseId());
    expect([...made].sort()).toEqual(made);
  });

  it.each(["../x", "20261123T101502123Z", "20261123T101502123Z-ABCDEF", "current"])("%p is none", (id) => {
    expect(RELEASE_ID.test(id)).toBe(false);
  });
});

describe("a site's releases", () => {
  it("serve the release made live, through a relative link", () => {
    const first = release("first", 0);
    makeLive(out, "lumiere", first);
    expect(served()).toBe("first");
    expect(readlinkSync(path.join(out, "lumiere"))).toBe(path.join(".releases", "lumiere", first));
    const second = release("second", 1);
    expect(served()).toBe("first");
    makeLive(out, "lumiere", second);
    expect(served()).toBe("second");
    expect(liveReleaseOf(out, "lumiere")).toBe(second);
    expect(previousReleaseOf(out, "lumiere")).toBe(first);
  });

  it("a rollback goes one release further back each time, and none before the first", () => {
    const [first, second, third] = [release("1", 0), release("2", 1), release("3", 2)];
    makeLive(out, "lumiere", third!);
    expect(previousReleaseOf(out, "lumiere")).toBe(second);
    makeLive(out, "lumiere", second!);
    expect(previousReleaseOf(out, "lumiere")).toBe(first);
    makeLive(out, "lumiere", first!);
    expect(previousReleaseOf(out, "lumiere")).toBeNull();
  });

  it("a release that fails while written leaves nothing, and the live one as it was", () => {
    makeLive(out, "lumiere", release("live", 0));
    const broken = newReleaseId(T0 + 60_000, "abcdef");
    expect(() =>
      writeRelease(out, "lumiere", broken, () => {
        throw new Error("disk full");
      }),
    ).toThrow("disk full");
    expect(releasesOf(out, "lumiere")).toHaveLength(1);
    expect(existsSync(path.join(out, ".releases", "lumiere", `${broken}.partial`))).toBe(false);
    expect(served()).toBe("live");
  });

  it("a discarded release is gone; the live one cannot be discarded", () => {
    const live = release("live", 0);
    makeLive(out, "lumiere", live);
    const refused = release("refused", 1);
    discardRelease(out, "lumiere", refused);
    expect(releasesOf(out, "lumiere")).toEqual([live]);
    expect(() => discardRelease(out, "lumiere", live)).toThrow("is live");
  });

  it("cannot go live with a release that is not there", () => {
    expect(() => makeLive(out, "lumiere", newReleaseId(T0, "abcdef"))).toThrow("No release");
    expect(existsSync(path.join(out, "lumiere"))).toBe(false);
  });

  it("pruning keeps the live release and the ones before it", () => {
    const ids = [0, 1, 2, 3, 4].map((minute) => release(`r${minute}`, minute));
    makeLive(out, "lumiere", ids[4]!);
    expect(pruneReleases(out, "lumiere", 3)).toEqual([ids[0], ids[1]]);
    expect(releasesOf(out, "lumiere")).toEqual(ids.slice(2));
  });

  it("pruning after a rollback keeps the live release and the newest others", () => {
    const ids = [0, 1, 2, 3, 4].map((minute) => release(`r${minute}`, minute));
    makeLive(out, "lumiere", ids[0]!);
    expect(pruneReleases(out, "lumiere", 3)).toEqual([ids[1], ids[2]]);
    expect(releasesOf(out, "lumiere")).toEqual([ids[0], ids[3], ids[4]]);
    expect(served()).toBe("r0");
  });

  it("a plain directory built before releases is kept as the release before the new one", () => {
    mkdirSync(path.join(out, "lumiere", "public"), { recursive: true });
    writeFileSync(path.join(out, "lumiere", "public", "index.html"), "plain");
    expect(liveReleaseOf(out, "lumiere")).toBeNull();
    const next = newReleaseId(Date.now() + 60_000, "abcdef");
    writeRelease(out, "lumiere", next, (dir) => {
      mkdirSync(path.join(dir, "public"));
      writeFileSync(path.join(dir, "public", "index.html"), "next");
    });
    makeLive(out, "lumiere", next);
    expect(lstatSync(path.join(out, "lumiere")).isSymbolicLink()).toBe(true);
    expect(served()).toBe("next");
    const previous = previousReleaseOf(out, "lumiere");
    expect(previous).not.toBeNull();
    expect(readFileSync(path.join(releaseDirOf(out, "lumiere", previous!), "public", "index.html"), "utf8")).toBe(
      "plain",
    );
  });
});
