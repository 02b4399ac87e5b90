// The CPU slowdown `bench:lighthouse --cpu calibrated` uses: Lighthouse's calculator, point by point.
import { calibratedSlowdown } from "./bench-lighthouse";

it.each([
  // The calculator's anchor points (docs/throttling.md's high-end desktop at 4×).
  [1533, 4],
  [1766, 5],
  [2000, 6],
  [1300, 3],
  [800, 2],
  [150, 1],
  // Between them, on the line; this machine's fast and slow moments.
  [3500, 12.4],
  [1000, 2.4],
  // Below the calculator's range a machine is already a phone: never faster than itself.
  [100, 1],
])("a benchmark index of %d is slowed %d×", (index, slowdown) => {
  expect(calibratedSlowdown(index)).toBe(slowdown);
});

it("without a measured index, Lighthouse's own 4×", () => {
  expect(calibratedSlowdown(undefined)).toBe(4);
  expect(calibratedSlowdown(Number.NaN)).toBe(4);
  expect(calibratedSlowdown(0)).toBe(4);
});
