// The link-preview pictures (src/lib/share-image.ts), drawn at build with sharp (which Gatsby
// already ships): for each poster of the site's assets that a film shows (once, however many films
// share it), the poster whole, centred on a blurred, darkened cover of itself; for the site, its logo on white (logos are
// drawn for a light ground). 1200 × 630 JPEG. A picture already drawn from the same source file
// (same content) is kept, so an incremental build redraws only what changed.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { SHARE_IMAGES_PATH, SITE_ASSETS_PATH } from "../lib/paths";
import { assetShareImagePath, isDrawnAtBuild, SHARE_IMAGE_SIZE, SITE_SHARE_IMAGE_PATH } from "../lib/share-image";

const { width, height } = SHARE_IMAGE_SIZE;
/** The poster's height in the picture: the whole poster, with a margin above and below. */
const POSTER_HEIGHT = height - 60;
/** A logo's box: most of the width, not so tall that a square logo fills the picture. */
const LOGO_BOX = { width: 900, height: 360 };
const JPEG = { quality: 82, mozjpeg: true } as const;
/** Changed when the drawing changes, so that every picture is drawn again. */
const DRAWING_VERSION = "1";

export type ShareImageSources = {
  /** The site's assets folder (site-config/<site>/assets), which SITE_ASSETS_PATH serves. */
  readonly assetsDir: string;
  readonly films: readonly { readonly id: number; readonly poster: { readonly src: string } | null }[];
  readonly logoSrc: string;
};

export type ShareImagesResult = { readonly drawn: number; readonly kept: number; readonly problems: string[] };

/** An SVG is rasterised at this density (dpi): enough for a 600 px poster to stay sharp at 570 px. */
const densityOf = (file: string) => (file.endsWith(".svg") ? 144 : undefined);

async function drawFilm(source: string): Promise<Buffer> {
  const density = densityOf(source);
  const background = await sharp(source, { density })
    .resize(width, height, { fit: "cover" })
    .blur(30)
    .modulate({ brightness: 0.55 })
    .toBuffer();
  const poster = await sharp(source, { density }).resize({ height: POSTER_HEIGHT, fit: "inside" }).toBuffer();
  return sharp(background).composite([{ input: poster, gravity: "center" }]).jpeg(JPEG).toBuffer();
}

async function drawLogo(source: string): Promise<Buffer> {
  const logo = await sharp(source, { density: densityOf(source) })
    .resize({ ...LOGO_BOX, fit: "inside" })
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: "#ffffff" } })
    .composite([{ input: logo, gravity: "center" }])
    .jpeg(JPEG)
    .toBuffer();
}

/**
 * Writes the pictures into `outDir` (public/share-images); `ledgerPath` (in Gatsby's cache, not
 * served) keeps what each was drawn from: a hash of the source file and of this drawing.
 */
export async function writeShareImages(
  outDir: string,
  ledgerPath: string,
  sources: ShareImageSources,
): Promise<ShareImagesResult> {
  mkdirSync(outDir, { recursive: true });
  mkdirSync(path.dirname(ledgerPath), { recursive: true });
  const before: Record<string, string> = existsSync(ledgerPath)
    ? (JSON.parse(readFileSync(ledgerPath, "utf8")) as Record<string, string>)
    : {};
  const after: Record<string, string> = {};
  const posters = new Set(sources.films.flatMap((film) => (isDrawnAtBuild(film.poster?.src) ? [film.poster.src] : [])));
  const jobs = [
    ...[...posters].map((src) => ({ out: assetShareImagePath(src), src, draw: drawFilm })),
    ...(isDrawnAtBuild(sources.logoSrc) ? [{ out: SITE_SHARE_IMAGE_PATH, src: sources.logoSrc, draw: drawLogo }] : []),
  ];
  let drawn = 0;
  const problems: string[] = [];
  for (const job of jobs) {
    const source = path.join(sources.assetsDir, job.src.slice(SITE_ASSETS_PATH.length));
    const target = path.join(outDir, job.out.slice(SHARE_IMAGES_PATH.length));
    try {
      const digest = createHash("sha256").update(DRAWING_VERSION).update(readFileSync(source)).digest("hex");
      after[job.out] = digest;
      if (before[job.out] === digest && existsSync(target)) continue;
      const picture = await job.draw(source);
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, picture);
      drawn += 1;
    } catch (error) {
      // A picture sharp cannot read leaves that page with the site's picture: the build goes on.
      delete after[job.out];
      problems.push(`${job.src}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  writeFileSync(ledgerPath, JSON.stringify(after));
  return { drawn, kept: Object.keys(after).length - drawn, problems };
}
