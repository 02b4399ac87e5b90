import type { AsyncMethodNames } from "../../lib/lazy";
import type { BinaryAnswer, LoyaltyClient, LoyaltyResult } from "../provider/client";
import { lazyLoyaltyClient, loadLoyaltyEngine } from "./lazy-client";
import type { RawVerdict } from "../provider/raw-types";
import { v3Config } from "../../test/loyalty-fakes";

// The engine chunk fails to load once (offline, a deploy in between), then loads.
const mockEngine = { failures: 0, loads: 0, clients: 0 };
/** The real client's stand-in: one mock per method, the compiler asks for every one. */
const mockTarget: Record<AsyncMethodNames<LoyaltyClient>, jest.Mock> = {
  login: jest.fn(),
  refresh: jest.fn(),
  logout: jest.fn(),
  validateToken: jest.fn(async (token: string) => ({ ok: true, value: `checked ${token}` })),
  loginByToken: jest.fn(),
  getMemberByToken: jest.fn(),
  fetchMember: jest.fn(),
  call: jest.fn(),
};
jest.mock("./engine", () => {
  mockEngine.loads += 1;
  if (mockEngine.failures > 0) {
    mockEngine.failures -= 1;
    throw new Error("ChunkLoadError");
  }
  return {
    createLoyaltyClient: () => {
      mockEngine.clients += 1;
      return mockTarget;
    },
  };
});

it("a failed engine chunk is not kept: the next call loads it again and goes through", async () => {
  mockEngine.failures = 1;
  const client = lazyLoyaltyClient({ config: v3Config, brand: "Cypher" });
  await expect(client.validateToken("tok")).rejects.toThrow("ChunkLoadError");
  await expect(client.validateToken("tok")).resolves.toEqual({ ok: true, value: "checked tok" });
  await expect(client.validateToken("tok")).resolves.toEqual({ ok: true, value: "checked tok" });
  expect(mockEngine.loads).toBe(2);
  await expect(loadLoyaltyEngine()).resolves.toHaveProperty("createLoyaltyClient");
});

it("forwards every method of LoyaltyClient, arguments and answer, to one real client made on first use", async () => {
  const client = lazyLoyaltyClient({ config: v3Config, brand: "Cypher" });
  expect(client.version).toBe(v3Config.version);
  const clientsBefore = mockEngine.clients;
  const names = Object.keys(mockTarget) as AsyncMethodNames<LoyaltyClient>[];
  for (const name of names) {
    mockTarget[name].mockImplementationOnce(async function (this: unknown, ...args: unknown[]) {
      return { ok: true, value: { name, args, self: this === mockTarget } };
    });
    const forward = client[name] as (...args: unknown[]) => Promise<unknown>;
    await expect(forward("a", 2, { three: 3 })).resolves.toEqual({
      ok: true,
      value: { name, args: ["a", 2, { three: 3 }], self: true },
    });
  }
  expect(mockEngine.clients).toBe(clientsBefore + 1);
});

it("keeps the overloads of `call` for its callers", () => {
  const client = lazyLoyaltyClient({ config: v3Config, brand: "Cypher" });
  mockTarget.call.mockResolvedValue({ ok: true, value: {} });
  // Compile-time: a raw answer is a BinaryAnswer, a JSON one the loose verdict or the schema's type.
  const pass: Promise<LoyaltyResult<BinaryAnswer>> = client.call("eTicketWalletPass", { responseFormat: "raw" });
  const verdict: Promise<LoyaltyResult<RawVerdict>> = client.call("getMember");
  // @ts-expect-error a raw answer is not a verdict
  const wrong: Promise<LoyaltyResult<RawVerdict>> = client.call("eTicketWalletPass", { responseFormat: "raw" });
  return Promise.all([pass, verdict, wrong]);
});
