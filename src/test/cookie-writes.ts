/**
 * Records every write to document.cookie, attributes included (reading the cookie back gives only
 * name=value), and lets the write through. jest.restoreAllMocks() ends it.
 */
export function recordCookieWrites(): string[] {
  const writes: string[] = [];
  const setter = Object.getOwnPropertyDescriptor(Document.prototype, "cookie")?.set;
  jest.spyOn(document, "cookie", "set").mockImplementation(function (this: Document, value: string) {
    writes.push(value);
    setter?.call(this, value);
  });
  return writes;
}
