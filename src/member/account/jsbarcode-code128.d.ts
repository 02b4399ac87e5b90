// jsbarcode's types (jsbarcode.d.ts) describe its DOM renderer only; this is its CODE128 encoder,
// which card-barcode.ts imports alone (no renderer, no DOM).
declare module "jsbarcode/bin/barcodes/CODE128/CODE128_AUTO" {
  /** Code 128 with the code sets (A, B, C) chosen for the shortest symbol. */
  export default class CODE128 {
    constructor(data: string, options: Record<string, unknown>);
    /** Whether every character has a Code 128 encoding. */
    valid(): boolean;
    /** The symbol: start, data, check and stop characters as "1" (bar) and "0" (space) modules. */
    encode(): { readonly text: string; readonly data: string };
  }
}
