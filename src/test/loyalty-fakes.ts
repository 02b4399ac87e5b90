// Loyalty without the sandbox: configs in both versions, provider answers as
// docs/loyalty-upstream.md shapes them, a fetch that plays them back, and a client whose answers
// the test releases one by one (out of order, late, after a sign-out, or never).
import { createLoyaltyClient, type LoyaltyClient } from "../member/provider/client";
import { normaliseLoyaltyConfig, type LoyaltyConfig } from "../member/config";
import type { Member, MemberSession } from "../member/types";

export const v1Config: LoyaltyConfig = normaliseLoyaltyConfig(
  { version: 1, provider: "NONE", circuitId: "C1" },
  { circuitId: "", currentCinemaId: "" },
);
export const v3Config: LoyaltyConfig = normaliseLoyaltyConfig(
  { version: 3, provider: "BOOST_POS", circuitId: "C1", cinemaId: "LUM01" },
  { circuitId: "", currentCinemaId: "" },
);

// The fields the provider's answer and the member the client makes of it spell the same way.
const ada = {
  memberId: "100001",
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  username: "ada",
  mobilePhone: "+33600000000",
  birthDate: "1990-01-01",
  cardNumber: "CYP0000000001",
  clubId: "1",
  pointsBalance: 1250,
  hasUserName: true,
};

export function rawDetails(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    ...ada,
    memberExpiry: "0001-01-01T00:00:00Z",
    memberLevelId: 1,
    memberLevelName: "Gold",
    ...overrides,
  };
}

export const member: Member = {
  ...ada,
  expiresAt: null,
  levelName: "Gold",
  details: { memberLevelId: 1 },
};

export const v3Session: MemberSession = { token: "tok-3", refreshable: true, cypherVersion: 3, member };
export const v1Session: MemberSession = {
  token: "tok-1",
  refreshable: true,
  cypherVersion: 1,
  memberId: "100001",
  userSessionId: "usid-1",
  member,
};

export interface SentCall {
  url: string;
  headers: Record<string, string>;
  body: Record<string, unknown> & {
    reqMetadata: { method: string; route: string; responseFormat?: string; "g-recaptcha-response"?: string };
  };
}

type Answer = { status?: number; json?: unknown; text?: string; contentType?: string; retryAfter?: string } | "throw";

/** A fetch that records what it was sent and plays back answers keyed by route path (without query). */
export function fakeFetch(answers: Record<string, Answer | Answer[]>): { fetchImpl: typeof fetch; calls: SentCall[] } {
  const calls: SentCall[] = [];
  const queues = new Map<string, Answer[]>(
    Object.entries(answers).map(([key, value]) => [key, Array.isArray(value) ? [...value] : [value]]),
  );
  const fetchImpl = (async (url: string | URL | Request, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as SentCall["body"];
    calls.push({ url: String(url), headers: { ...(init?.headers as Record<string, string>) }, body });
    const path = body.reqMetadata.route.split("?")[0] ?? "";
    const queue = queues.get(path);
    const answer = queue && queue.length > 1 ? queue.shift() : queue?.[0];
    if (answer === undefined) throw new Error(`fakeFetch: no answer for ${path}`);
    if (answer === "throw") throw new TypeError("Failed to fetch");
    const text = answer.text ?? JSON.stringify(answer.json ?? {});
    return miniResponse(text, answer.status ?? 200, answer.contentType ?? "application/json", answer.retryAfter);
  }) as typeof fetch;
  return { fetchImpl, calls };
}

/** The route paths (without query) of the calls made, in order. */
export function routesOf(calls: readonly SentCall[]): string[] {
  return calls.map((call) => call.body.reqMetadata.route.split("?")[0] ?? "");
}

/** A Cypher client over fakeFetch(answers), and the calls it sent. */
export function fakeClient(
  answers: Parameters<typeof fakeFetch>[0],
  config: LoyaltyConfig = v3Config,
): { client: LoyaltyClient; calls: SentCall[] } {
  const fake = fakeFetch(answers);
  return { client: createLoyaltyClient({ config, brand: "Cypher", fetchImpl: fake.fetchImpl }), calls: fake.calls };
}

/** Enough of a Response for the client, in Node and jsdom alike (jsdom has no fetch classes). */
function miniResponse(text: string, status: number, contentType: string, retryAfter?: string): Response {
  const response = {
    ok: status >= 200 && status < 300,
    status,
    headers: {
      get: (name: string) =>
        name.toLowerCase() === "content-type"
          ? contentType
          : name.toLowerCase() === "retry-after"
            ? (retryAfter ?? null)
            : null,
    },
    json: async () => JSON.parse(text) as unknown,
    text: async () => text,
    blob: async () => ({ text: async () => text, size: text.length, type: contentType }),
  };
  return response as unknown as Response;
}

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
