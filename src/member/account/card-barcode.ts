// A loyalty card's number as a Code 128 barcode, for the till's scanner (issue 46): the modules
// (one bar or space each) and the bars to draw, quiet zones included. The encoding is jsbarcode's
// (its CODE128 encoder alone: no renderer, no DOM); the drawing is ours (CardBarcodeImage.tsx),
// an SVG of these bars. Code 128 because every till scanner reads it, laser ones included (a QR
// code needs an imaging scanner). Loaded on demand only, with the barcode's chunk.
import Code128 from "jsbarcode/bin/barcodes/CODE128/CODE128_AUTO";

/** White modules each side of the symbol: Code 128 asks for at least 10 (ISO/IEC 15417). */
export const QUIET_ZONE_MODULES = 10;

/** One bar: where it starts and how wide it is, in modules from the left edge of the quiet zone. */
export interface Bar {
  readonly x: number;
  readonly width: number;
}

/** A card number's barcode, all in modules. */
export interface CardBarcode {
  /** The symbol's modules, without the quiet zones: "1" a bar, "0" a space. */
  readonly modules: string;
  /** The bars to draw, left to right, offset by the left quiet zone. */
  readonly bars: readonly Bar[];
  /** The whole width: the symbol and both quiet zones. */
  readonly width: number;
}

export type CardBarcodeResult =
  | { readonly ok: true; readonly barcode: CardBarcode }
  /** Nothing to encode, or a character Code 128 has no encoding for: the screen shows the number as text only. */
  | { readonly ok: false; readonly reason: "empty" }
  | { readonly ok: false; readonly reason: "unencodable"; readonly character: string };

/**
 * Printable ASCII, space to tilde: Code 128's sets A and B. (jsbarcode also takes control
 * characters and reads 200–211 as its own function codes; no card number holds either.)
 */
const ENCODABLE = /^[\x20-\x7e]$/;

/** The bars of a "1"/"0" module string: each run of "1"s is one bar. */
export function barsOf(modules: string, offset = 0): Bar[] {
  const bars: Bar[] = [];
  for (const run of modules.matchAll(/1+/g)) bars.push({ x: offset + run.index, width: run[0].length });
  return bars;
}

/** The Code 128 barcode of `cardNumber`, or why there is none. Never throws. */
export function cardBarcode(cardNumber: string): CardBarcodeResult {
  if (cardNumber === "") return { ok: false, reason: "empty" };
  const character = [...cardNumber].find((char) => !ENCODABLE.test(char));
  if (character !== undefined) return { ok: false, reason: "unencodable", character };
  const encoder = new Code128(cardNumber, {});
  if (!encoder.valid()) return { ok: false, reason: "unencodable", character: cardNumber };
  const modules = encoder.encode().data;
  return {
    ok: true,
    barcode: {
      modules,
      bars: barsOf(modules, QUIET_ZONE_MODULES),
      width: modules.length + 2 * QUIET_ZONE_MODULES,
    },
  };
}
