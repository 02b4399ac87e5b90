import { forwardMethods, loadOnce, type EveryAsyncMethod } from "./lazy";

it("imports once, however many ask, and keeps what it loaded", async () => {
  const chunk = { name: "chunk" };
  const load = jest.fn(() => Promise.resolve(chunk));
  const loader = loadOnce(load);
  const [first, second] = await Promise.all([loader(), loader()]);
  expect(first).toBe(chunk);
  expect(second).toBe(chunk);
  expect(await loader()).toBe(chunk);
  expect(load).toHaveBeenCalledTimes(1);
});

it("a chunk that failed to load is not kept: the next use imports it again", async () => {
  const chunk = { name: "chunk" };
  const load = jest
    .fn<Promise<typeof chunk>, []>()
    .mockRejectedValueOnce(new Error("ChunkLoadError"))
    .mockResolvedValueOnce(chunk);
  const loader = loadOnce(load);
  await expect(loader()).rejects.toThrow("ChunkLoadError");
  expect(await loader()).toBe(chunk);
  expect(await loader()).toBe(chunk);
  expect(load).toHaveBeenCalledTimes(2);
});

describe("forwardMethods: an object standing in for one loaded on first use", () => {
  interface Greeter {
    readonly name: string;
    greet(who: string): Promise<string>;
    part(): Promise<string>;
  }
  const METHODS = { greet: true, part: true } as const satisfies EveryAsyncMethod<Greeter>;
  const greeter = (): Greeter => ({
    name: "Ada",
    async greet(who) {
      return `${this.name} greets ${who}`;
    },
    async part() {
      return `${this.name} leaves`;
    },
  });

  it("forwards each method, its arguments and `this`, and loads once through loadOnce", async () => {
    const load = jest.fn(() => Promise.resolve(greeter()));
    const stand = forwardMethods(loadOnce(load), METHODS);
    expect(load).not.toHaveBeenCalled();
    await expect(Promise.all([stand.greet("Grace"), stand.part()])).resolves.toEqual([
      "Ada greets Grace",
      "Ada leaves",
    ]);
    await expect(stand.greet("Alan")).resolves.toBe("Ada greets Alan");
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("a failed load fails the call, and the next call loads again", async () => {
    const load = jest
      .fn<Promise<Greeter>, []>()
      .mockRejectedValueOnce(new Error("ChunkLoadError"))
      .mockImplementation(() => Promise.resolve(greeter()));
    const stand = forwardMethods(loadOnce(load), METHODS);
    await expect(stand.greet("Grace")).rejects.toThrow("ChunkLoadError");
    await expect(stand.part()).resolves.toBe("Ada leaves");
    await expect(stand.greet("Grace")).resolves.toBe("Ada greets Grace");
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("the compiler asks for every async method, and for nothing else", () => {
    // @ts-expect-error `part` is missing
    const missing: EveryAsyncMethod<Greeter> = { greet: true };
    // @ts-expect-error `name` is no method
    const extra: EveryAsyncMethod<Greeter> = { greet: true, part: true, name: true };
    expect([missing, extra]).toHaveLength(2);
  });
});
