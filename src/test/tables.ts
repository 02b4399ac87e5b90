/**
 * A pure function read as a table: one test a row, each asserting what the function returns for
 * that row's input. The title is Jest's printf pattern over the row (`%p → %p` names input and
 * expected answer). toEqual, because some functions answer with objects; for a primitive answer
 * it compares as toBe does (Object.is).
 */
export function itReturns<Input, Output>(
  fn: (input: Input) => Output,
  rows: ReadonlyArray<readonly [Input, Output]>,
  title = "%p → %p",
): void {
  it.each(rows)(title, (input, expected) => {
    expect(fn(input)).toEqual(expected);
  });
}

/**
 * The same with a case name first in each row, for inputs too long to title a test: the title is
 * the case name unless told otherwise.
 */
export function itReturnsPerCase<Input, Output>(
  fn: (input: Input) => Output,
  rows: ReadonlyArray<readonly [string, Input, Output]>,
  title = "%s",
): void {
  it.each(rows)(title, (_case, input, expected) => {
    expect(fn(input)).toEqual(expected);
  });
}
