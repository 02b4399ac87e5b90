import { BarcodeFormat, BinaryBitmap, DecodeHintType, HybridBinarizer, MultiFormatReader } from "@zxing/library";
import { rasterise, scanCode128 } from "../../test/scan-code128";
import { barsOf, cardBarcode, QUIET_ZONE_MODULES, type CardBarcode } from "./card-barcode";

function barcodeOf(cardNumber: string): CardBarcode {
  const result = cardBarcode(cardNumber);
  if (!result.ok) throw new Error(`no barcode for ${cardNumber}: ${result.reason}`);
  return result.barcode;
}

const NUMBERS = [
  ["the sandbox's card", "CYP0000000001"],
  ["digits only (code set C)", "4006381333931"],
  ["an odd count of digits", "123456789"],
  ["a short one", "A1"],
  ["one character", "7"],
  ["letters, digits and a dash, as members type codes", "T-ADD-M3X-12"],
  ["lower case (code set B)", "card-42x"],
] as const;

describe("a card number's Code 128 barcode", () => {
  it.each(NUMBERS)("%s (%s) scans back to the number with Code128Reader", (_label, cardNumber) => {
    for (const scale of [2, 3]) {
      for (const binarizer of ["HybridBinarizer", "GlobalHistogramBinarizer"] as const) {
        expect(scanCode128(barcodeOf(cardNumber), { scale, binarizer })).toBe(cardNumber);
      }
    }
  });

  it.each(NUMBERS)("%s (%s) is found by the multi-format reader told to look for CODE_128", (_label, cardNumber) => {
    const reader = new MultiFormatReader();
    reader.setHints(new Map([[DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.CODE_128]]]));
    const result = reader.decode(new BinaryBitmap(new HybridBinarizer(rasterise(barcodeOf(cardNumber)))));
    expect(result.getBarcodeFormat()).toBe(BarcodeFormat.CODE_128);
    expect(result.getText()).toBe(cardNumber);
  });

  it.each(NUMBERS)("%s (%s): bars inside white quiet zones of 10 modules", (_label, cardNumber) => {
    const barcode = barcodeOf(cardNumber);
    expect(QUIET_ZONE_MODULES).toBeGreaterThanOrEqual(10);
    expect(barcode.width).toBe(barcode.modules.length + 2 * QUIET_ZONE_MODULES);
    const first = barcode.bars[0];
    const last = barcode.bars[barcode.bars.length - 1];
    expect(first?.x).toBe(QUIET_ZONE_MODULES);
    expect(last && last.x + last.width).toBe(barcode.width - QUIET_ZONE_MODULES);
    // A Code 128 symbol: 11 modules a character, 13 for the stop; starts with a bar of 2, ends with one of 2.
    expect((barcode.modules.length - 13) % 11).toBe(0);
    expect(barcode.modules).toMatch(/^11010.*1100011101011$/);
  });

  it("uses code set C for runs of digits (a shorter code for the till)", () => {
    // Start C, 5 digit pairs, check, stop.
    expect(barcodeOf("0000000001").modules).toHaveLength(11 * 7 + 13);
    // Start B, 3 letters, code C, 5 digit pairs, check, stop (13 characters in set B would take 16).
    expect(barcodeOf("CYP0000000001").modules).toHaveLength(11 * 11 + 13);
  });

  it.each([
    ["an accented letter", "CARTÉ1", "É"],
    ["a euro sign", "CYP€1", "€"],
    ["a control character", "CYP\n1", "\n"],
    ["one of jsbarcode's function codes", `CYP${String.fromCharCode(204)}1`, String.fromCharCode(204)],
    ["an emoji", "CYP🎬", "🎬"],
  ])("a number with %s has no barcode, and says which character", (_label, cardNumber, character) => {
    expect(cardBarcode(cardNumber)).toEqual({ ok: false, reason: "unencodable", character });
  });

  it("an empty number has no barcode", () => {
    expect(cardBarcode("")).toEqual({ ok: false, reason: "empty" });
  });

  it.each([
    ["", 0, []],
    ["0", 0, []],
    ["1", 0, [{ x: 0, width: 1 }]],
    [
      "11010",
      10,
      [
        { x: 10, width: 2 },
        { x: 13, width: 1 },
      ],
    ],
    [
      "0111001",
      1,
      [
        { x: 2, width: 3 },
        { x: 7, width: 1 },
      ],
    ],
  ])("the bars of %p from %p", (modules, offset, bars) => {
    expect(barsOf(modules, offset)).toEqual(bars);
  });
});
