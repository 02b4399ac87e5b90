import { hashPassword, passwordCost, verifyPassword } from "./passwords";

describe("the stand-in's scrypt cost (SANDBOX_PASSWORD_COST)", () => {
  test.each([
    [undefined, 16384],
    ["", 16384],
    ["1024", 1024],
    ["2", 2],
    ["16384", 16384],
  ])("%p gives N = %p", (value, N) => {
    expect(passwordCost({ SANDBOX_PASSWORD_COST: value })).toEqual({ N, r: 8, p: 1 });
  });

  test.each(["1000", "0", "1", "-1024", "32768", "1024.5", "fast", " 1024x"])(
    "%p is refused, naming the setting",
    (value) => {
      expect(() => passwordCost({ SANDBOX_PASSWORD_COST: value })).toThrow(
        /SANDBOX_PASSWORD_COST must be a power of two/,
      );
    },
  );
});

describe("hashes", () => {
  const saved = process.env.SANDBOX_PASSWORD_COST;
  afterEach(() => {
    if (saved === undefined) delete process.env.SANDBOX_PASSWORD_COST;
    else process.env.SANDBOX_PASSWORD_COST = saved;
  });

  test("a hash names the cost it was made with, and only its password matches it", async () => {
    process.env.SANDBOX_PASSWORD_COST = "1024";
    const stored = await hashPassword("Correct-horse-1");
    expect(stored).toMatch(/^scrypt\$1024\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(await verifyPassword("Correct-horse-1", stored)).toBe(true);
    expect(await verifyPassword("Correct-horse-2", stored)).toBe(false);
  });

  test("a hash made at another cost still verifies: its own cost is read from it", async () => {
    process.env.SANDBOX_PASSWORD_COST = "2048";
    const stored = await hashPassword("Correct-horse-1");
    process.env.SANDBOX_PASSWORD_COST = "1024";
    expect(await verifyPassword("Correct-horse-1", stored)).toBe(true);
  });

  test.each(["", "bcrypt$10$x$y", "scrypt$$8$1$c2FsdA$a2V5", "scrypt$1024$8$1$c2FsdA$"])(
    "a stored value that is not a whole scrypt hash (%p) matches nothing",
    async (stored) => {
      expect(await verifyPassword("Correct-horse-1", stored)).toBe(false);
    },
  );
});
