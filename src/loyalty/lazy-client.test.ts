import { lazyLoyaltyClient, loadLoyaltyEngine } from "./lazy-client";
import { v3Config } from "../test/loyalty-fakes";

// The engine chunk fails to load once (offline, a deploy in between), then loads.
const mockEngine = { failures: 0, loads: 0 };
jest.mock("./engine", () => {
  mockEngine.loads += 1;
  if (mockEngine.failures > 0) {
    mockEngine.failures -= 1;
    throw new Error("ChunkLoadError");
  }
  return {
    createLoyaltyClient: () => ({
      validateToken: async (token: string) => ({ ok: true, value: `checked ${token}` }),
    }),
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
