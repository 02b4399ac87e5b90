// Helpers the member screens' tests add to the shared test-harness.tsx: a member of one's own,
// the routes a screen sent, and wallet answers jsdom can read.
import { createMember, getMember } from "../../loyalty/api";
import type { LoyaltyClient } from "../../loyalty/client";
import { loyaltyContextOf } from "../../loyalty/config";
import type { Member } from "../../loyalty/session/types";
import { DEMO_PASSWORD, sandboxClient, sandboxFetch, siteRuntime, type SiteId } from "./test-harness";

let serial = 0;
/** An address no other test uses. */
export function freshEmail(label: string): string {
  serial += 1;
  return `${label}.${Date.now().toString(36)}.${serial}@example.com`;
}

/** Registers a member with the provider (as one who signed up earlier), with a French mobile unless told otherwise. */
export async function registeredMember(
  siteId: SiteId,
  fields: { firstName?: string; lastName?: string; mobileNumber?: string } = {},
): Promise<string> {
  const runtime = await siteRuntime(siteId);
  const email = freshEmail(siteId);
  const created = await createMember(sandboxClient(runtime.loyalty), loyaltyContextOf(runtime.loyalty), {
    email,
    password: DEMO_PASSWORD,
    firstName: fields.firstName ?? "Camille",
    lastName: fields.lastName ?? "Test",
    mobileNumber: fields.mobileNumber ?? "+33612345678",
  });
  if (!created.ok) throw new Error(`registering ${email} failed: ${JSON.stringify(created.failure)}`);
  return email;
}

/** The member as the provider has them now, read with a session of its own (a fresh sign-in). */
export async function memberOnRecord(siteId: SiteId, email: string): Promise<Member> {
  const runtime = await siteRuntime(siteId);
  const client: LoyaltyClient = sandboxClient(runtime.loyalty);
  const login = await client.login({ username: email, password: DEMO_PASSWORD });
  if (!login.ok) throw new Error(`sign-in of ${email} failed: ${JSON.stringify(login.failure)}`);
  const member = await getMember(client, login.value);
  if (!member.ok) throw new Error(`reading ${email} failed: ${JSON.stringify(member.failure)}`);
  return member.value;
}

/**
 * The shared harness's fetch, recording each envelope's route (with its query) and body, and
 * giving its blobs the text() jsdom's Blob lacks (the client reads a JSON wallet answer with it).
 */
export function recordingFetch() {
  const calls: { route: string; body: Record<string, unknown> }[] = [];
  const fetchImpl = (async (url: string | URL | Request, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as Record<string, unknown> & { reqMetadata: { route: string } };
    calls.push({ route: body.reqMetadata.route, body });
    const response = await sandboxFetch(url, init);
    const blob = response.blob.bind(response);
    return Object.assign(response, {
      blob: async () => {
        const value = await blob();
        if (typeof value.text === "function") return value;
        const text = await response.text();
        return Object.assign(value, { text: async () => text });
      },
    });
  }) as typeof fetch;
  /** Route paths, without their query. */
  const paths = () => calls.map((call) => call.route.split("?")[0] ?? "");
  return {
    calls,
    paths,
    fetchImpl,
    client: (config: Parameters<typeof sandboxClient>[0]) => sandboxClient(config, fetchImpl),
  };
}
