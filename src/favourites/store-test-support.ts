// A loyalty client whose answers the test releases one by one, to put answers out of order, late
// (after a sign-out) or never.
import { createLoyaltyClient, type LoyaltyClient } from "../loyalty/client";
import { v3Config } from "../loyalty/test-fixtures";

export interface HeldCall {
  readonly route: string;
  readonly token: string | undefined;
  readonly body: Record<string, unknown>;
  answer(json: unknown): Promise<void>;
  fail(): Promise<void>;
}

/** Lets every promise already queued settle (the client's chain of awaits included). */
export async function settle(): Promise<void> {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
  await new Promise((resolve) => setTimeout(resolve, 0));
}

export function heldClient(): { client: LoyaltyClient; calls: HeldCall[] } {
  const calls: HeldCall[] = [];
  const fetchImpl = ((_url: string | URL | Request, init?: RequestInit) =>
    new Promise<Response>((resolve, reject) => {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown> & { reqMetadata: { route: string } };
      calls.push({
        route: body.reqMetadata.route.split("?")[0] ?? "",
        token: (init?.headers as Record<string, string> | undefined)?.["Cypher-Session-Token"],
        body,
        async answer(json) {
          resolve({
            ok: true,
            status: 200,
            headers: { get: () => "application/json" },
            json: async () => json,
          } as unknown as Response);
          await settle();
        },
        async fail() {
          reject(new TypeError("Failed to fetch"));
          await settle();
        },
      });
    })) as typeof fetch;
  return { client: createLoyaltyClient({ config: v3Config, brand: "Cypher", fetchImpl }), calls };
}
