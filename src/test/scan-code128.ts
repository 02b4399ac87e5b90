// Test support: reads a Code 128 barcode back as a till's scanner would, with zxing's reader, from
// its bars (src/member/account/card-barcode.ts) or from the SVG a screen drew. The bars are laid
// on a white row, `scale` pixels a module, a few rows tall, in grey levels.
import {
  BinaryBitmap,
  Code128Reader,
  GlobalHistogramBinarizer,
  HybridBinarizer,
  RGBLuminanceSource,
} from "@zxing/library";

/** A barcode as drawn: its whole width in modules (quiet zones included) and its bars. */
export interface DrawnBars {
  readonly width: number;
  readonly bars: readonly { readonly x: number; readonly width: number }[];
}

export const BINARIZERS = { HybridBinarizer, GlobalHistogramBinarizer } as const;

/** `drawn` as a scanner's image: grey levels, black bars on white, `scale` pixels a module, `rows` tall. */
export function rasterise(drawn: DrawnBars, scale = 2, rows = 8): RGBLuminanceSource {
  const width = drawn.width * scale;
  const row = new Uint8ClampedArray(width).fill(255);
  for (const bar of drawn.bars) row.fill(0, bar.x * scale, (bar.x + bar.width) * scale);
  const pixels = new Uint8ClampedArray(width * rows);
  for (let y = 0; y < rows; y += 1) pixels.set(row, y * width);
  return new RGBLuminanceSource(pixels, width, rows);
}

/** The text zxing's Code128Reader reads in `drawn` (it throws when it finds no barcode). */
export function scanCode128(
  drawn: DrawnBars,
  {
    scale = 2,
    rows = 8,
    binarizer = "HybridBinarizer",
  }: { scale?: number; rows?: number; binarizer?: keyof typeof BINARIZERS } = {},
): string {
  const Binarizer = BINARIZERS[binarizer];
  return new Code128Reader().decode(new BinaryBitmap(new Binarizer(rasterise(drawn, scale, rows)))).getText();
}

/**
 * The bars of a barcode SVG: its viewBox's width, and each black rectangle. Also checks that it is
 * drawn black on a white ground covering the whole width.
 */
export function barsOfSvg(svg: Element): DrawnBars {
  const [, , width] = (svg.getAttribute("viewBox") ?? "").split(" ").map(Number);
  const rects = [...svg.querySelectorAll("rect")];
  const ground = rects[0];
  if (!width || ground?.getAttribute("fill") !== "#fff" || Number(ground.getAttribute("width")) !== width)
    throw new Error("scan-code128: the SVG has no white ground over its whole width");
  return {
    width,
    bars: rects.slice(1).map((rect) => {
      if (rect.getAttribute("fill") !== "#000") throw new Error("scan-code128: a bar that is not black");
      return { x: Number(rect.getAttribute("x")), width: Number(rect.getAttribute("width")) };
    }),
  };
}
