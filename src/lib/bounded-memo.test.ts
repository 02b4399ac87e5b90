import { boundedMemo } from "./bounded-memo";

describe("boundedMemo", () => {
  it("makes a value once per key, and again only after it has been emptied when full", () => {
    const make = jest.fn((key: string) => key.toUpperCase());
    const memo = boundedMemo<string>(2);
    expect(memo("a", () => make("a"))).toBe("A");
    expect(memo("a", () => make("a"))).toBe("A");
    expect(memo("b", () => make("b"))).toBe("B");
    expect(make).toHaveBeenCalledTimes(2);
    // Full: the third key empties it.
    expect(memo("c", () => make("c"))).toBe("C");
    expect(memo("a", () => make("a"))).toBe("A");
    expect(make).toHaveBeenCalledTimes(4);
  });
});
