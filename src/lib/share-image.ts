// Which picture a page's link preview shows (og:image, twitter:image). Social networks and chat
// apps show no SVG, and the sample sites' posters and logos are SVG: the build draws a 1200 × 630
// JPEG for each film whose poster is in the site's assets folder, and one for the site from its
// logo (src/build/share-images.ts). A poster or logo given as an http(s) URL is not fetched at
// build: the preview uses it as it is.
import { SHARE_IMAGES_PATH, SITE_ASSETS_PATH } from "./paths";

/** The size link previews ask for (Open Graph's large image, 1.91:1). */
export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;

export type ShareImage = {
  readonly src: string;
  /** Known for the pictures the build draws; unknown for a remote poster or logo. */
  readonly size: typeof SHARE_IMAGE_SIZE | null;
};

/** Whether the build draws a share picture from this poster or logo (a file of the site's assets). */
export const isDrawnAtBuild = (src: string | null | undefined): src is string =>
  Boolean(src?.startsWith(SITE_ASSETS_PATH));

/**
 * The picture drawn from a file of the site's assets, named after it (films sharing a poster share
 * its picture): /site-assets/posters/a.svg → /share-images/assets/posters/a.svg.jpg.
 */
export const assetShareImagePath = (assetSrc: string): string =>
  `${SHARE_IMAGES_PATH}assets/${assetSrc.slice(SITE_ASSETS_PATH.length)}.jpg`;
export const SITE_SHARE_IMAGE_PATH = `${SHARE_IMAGES_PATH}site.jpg`;

/** A film page's picture: the one drawn from its poster, the remote poster, or none (the site's). */
export function filmShareImage(film: { readonly id: number; readonly poster: { readonly src: string } | null }) {
  if (!film.poster) return null;
  return isDrawnAtBuild(film.poster.src)
    ? { src: assetShareImagePath(film.poster.src), size: SHARE_IMAGE_SIZE }
    : { src: film.poster.src, size: null };
}

/** Any other page's picture: the one drawn from the site's logo, else the logo itself. */
export function siteShareImage(logoSrc: string): ShareImage {
  return isDrawnAtBuild(logoSrc)
    ? { src: SITE_SHARE_IMAGE_PATH, size: SHARE_IMAGE_SIZE }
    : { src: logoSrc, size: null };
}
