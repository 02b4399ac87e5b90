import type { LoyaltyClient, LoyaltyClientOptions } from "./client";
import { loadOnce } from "./load-once";

/** The session's heavy half (client, persistence), fetched on first use; a failed fetch is tried again. */
export const loadLoyaltyEngine: () => Promise<typeof import("./engine")> = /* @__PURE__ */ loadOnce(
  () => import("./engine"),
);

/** A LoyaltyClient whose calls first load the real client (spec behaviour unchanged). */
export function lazyLoyaltyClient(options: LoyaltyClientOptions): LoyaltyClient {
  const client = loadOnce(() => loadLoyaltyEngine().then((engine) => engine.createLoyaltyClient(options)));
  return {
    version: options.config.version,
    login: async (credentials, captchaToken) => (await client()).login(credentials, captchaToken),
    refresh: async (session) => (await client()).refresh(session),
    logout: async (session) => (await client()).logout(session),
    validateToken: async (token) => (await client()).validateToken(token),
    loginByToken: async (token, flag, stored) => (await client()).loginByToken(token, flag, stored),
    getMemberByToken: async (token, includeCards) => (await client()).getMemberByToken(token, includeCards),
    fetchMember: async (session) => (await client()).fetchMember(session),
    // The overloads of `call` are the real client's; this only forwards.
    call: (async (name: Parameters<LoyaltyClient["call"]>[0], options?: Parameters<LoyaltyClient["call"]>[1]) =>
      (await client()).call(name, options)) as LoyaltyClient["call"],
  };
}
