import { forwardMethods, loadOnce, type EveryAsyncMethod } from "../../lib/lazy";
import type { LoyaltyClient, LoyaltyClientOptions } from "../provider/client";

/** The session's heavy half (client, persistence), fetched on first use; a failed fetch is tried again. */
export const loadLoyaltyEngine: () => Promise<typeof import("./engine")> = /* @__PURE__ */ loadOnce(
  () => import("./engine"),
);

/** LoyaltyClient's methods; the compiler checks the list is whole, so a new method cannot go unforwarded. */
const LOYALTY_CLIENT_METHODS = {
  login: true,
  refresh: true,
  logout: true,
  validateToken: true,
  loginByToken: true,
  getMemberByToken: true,
  fetchMember: true,
  call: true,
} as const satisfies EveryAsyncMethod<LoyaltyClient>;

/** A LoyaltyClient whose calls first load the real client (spec behaviour unchanged). */
export function lazyLoyaltyClient(options: LoyaltyClientOptions): LoyaltyClient {
  const client = loadOnce(() => loadLoyaltyEngine().then((engine) => engine.createLoyaltyClient(options)));
  // The overloads of `call` are the real client's; this only forwards.
  return { version: options.config.version, ...forwardMethods(client, LOYALTY_CLIENT_METHODS) };
}
