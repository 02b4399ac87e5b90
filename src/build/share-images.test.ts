// The link-preview pictures drawn from the French sample site's own posters and logo, with sharp.
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { writeShareImages, type ShareImageSources } from "./share-images";

let work: string;
let assetsDir: string;
beforeEach(() => {
  work = mkdtempSync(path.join(tmpdir(), "share-images-"));
  assetsDir = path.join(work, "assets");
  cpSync(path.join("site-config", "lumiere", "assets"), assetsDir, { recursive: true });
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

const out = () => path.join(work, "public", "share-images");
/** The pictures written, as paths below the output folder. */
const pictures = () =>
  readdirSync(out(), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(out(), path.join(entry.parentPath, entry.name)))
    .sort();
const ledger = () => path.join(work, ".cache", "share-images.json");
/** Draws the pictures of these films, and the site's logo's, into the test's folder. */
const draw = (films: ShareImageSources["films"]) =>
  writeShareImages(out(), ledger(), { assetsDir, films, logoSrc: "/site-assets/logo.svg" });
const poster = (file: string) => ({ src: `/site-assets/posters/${file}`, width: 400, height: 600 });

describe("writeShareImages", () => {
  it("draws a 1200 × 630 JPEG per poster of the site's assets a film shows (once when films share it), and one for the site's logo", async () => {
    const result = await draw([
        { id: 1000021001, poster: poster("1000021001.svg") },
        { id: 1000021002, poster: poster("1000021002.svg") },
        { id: 2, poster: poster("1000021002.svg") },
        { id: 3, poster: { src: "https://images.example.com/3.jpg" } },
        { id: 4, poster: null },
      ]);
    expect(result).toEqual({ drawn: 3, kept: 0, problems: [] });
    expect(pictures()).toEqual(["assets/posters/1000021001.svg.jpg", "assets/posters/1000021002.svg.jpg", "site.jpg"]);
    for (const file of pictures())
      expect(await sharp(path.join(out(), file)).metadata()).toMatchObject({ format: "jpeg", width: 1200, height: 630 });
  });

  it("keeps what was drawn from the same file; draws again a poster whose file changed", async () => {
    const films = [
      { id: 1, poster: poster("1000021001.svg") },
      { id: 2, poster: poster("1000021002.svg") },
    ];
    await draw(films);
    expect(await draw(films)).toEqual({ drawn: 0, kept: 3, problems: [] });
    cpSync(path.join(assetsDir, "posters", "1000021003.svg"), path.join(assetsDir, "posters", "1000021002.svg"));
    expect(await draw(films)).toEqual({ drawn: 1, kept: 2, problems: [] });
  });

  it("a poster that cannot be read is named in a problem and the rest are drawn", async () => {
    writeFileSync(path.join(assetsDir, "posters", "broken.svg"), "<svg");
    const result = await draw([
        { id: 1, poster: poster("broken.svg") },
        { id: 2, poster: poster("missing.svg") },
        { id: 3, poster: poster("1000021001.svg") },
      ]);
    expect(result.drawn).toBe(2);
    expect(result.problems).toEqual([
      expect.stringMatching(/^\/site-assets\/posters\/broken\.svg: /),
      expect.stringMatching(/^\/site-assets\/posters\/missing\.svg: .*ENOENT/),
    ]);
    expect(pictures()).toEqual(["assets/posters/1000021001.svg.jpg", "site.jpg"]);
  });
});
