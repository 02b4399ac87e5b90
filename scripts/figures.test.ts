import { median } from "./figures";

it.each([
  [[3], 3],
  [[5, 1, 3], 3],
  [[4, 1, 3, 2], 2.5],
  [[118, 43, 72, 60, 56], 60],
])("the median of %j is %d", (values, expected) => {
  expect(median(values)).toBe(expected);
});

it("has none for no values, and leaves its input in order", () => {
  expect(median([])).toBeNaN();
  const values = [3, 1, 2];
  median(values);
  expect(values).toEqual([3, 1, 2]);
});
