import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

/**
 * The provider's own floor. The BOOST_POS complexity rules (spec §5) are checked by the site;
 * the provider only refuses what is plainly too short, answering peachCode 84.
 */
export const MIN_PASSWORD_LENGTH = 8;

const KEY_LENGTH = 32;
const DEFAULT_N = 16384;
/** The cost the test runs set (jest.config.ts, playwright.config.ts): see passwordCost. */
export const TEST_PASSWORD_COST = "1024";

/**
 * scrypt's cost for new hashes: N from SANDBOX_PASSWORD_COST, else 16384, which is also the most
 * (past it, Node's scrypt needs more than its default 32 MB of memory and fails at the first hash).
 * The test runs set 1024: they register members and sign them in hundreds of times, and each hash
 * at 16384 is 40-60 ms of CPU on a 2-core runner; how the stand-in stores a password is not what
 * they test. A stored hash names its own cost, so verifying reads it from there.
 */
export function passwordCost(
  env: Readonly<Record<string, string | undefined>> = process.env,
): Required<Pick<ScryptOptions, "N" | "r" | "p">> {
  const value = env.SANDBOX_PASSWORD_COST;
  if (value === undefined || value === "") return { N: DEFAULT_N, r: 8, p: 1 };
  const N = Number(value);
  if (!Number.isInteger(N) || N < 2 || N > DEFAULT_N || (N & (N - 1)) !== 0)
    throw new Error(`SANDBOX_PASSWORD_COST must be a power of two from 2 to ${DEFAULT_N} (scrypt's N), not "${value}"`);
  return { N, r: 8, p: 1 };
}

function derive(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** Stored as `scrypt$N$r$p$salt$key` (base64url), so the cost can change without a migration. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const cost = passwordCost();
  const key = await derive(password, salt, KEY_LENGTH, cost);
  const { N, r, p } = cost;
  return ["scrypt", N, r, p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, "base64url");
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  if (![cost.N, cost.r, cost.p].every(Number.isSafeInteger) || expected.length === 0) return false;
  const actual = await derive(password, Buffer.from(salt, "base64url"), expected.length, cost);
  return timingSafeEqual(actual, expected);
}
