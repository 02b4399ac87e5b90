// Everything the member session needs that is heavy (the route table, zod schemas, js-cookie):
// loaded on demand, so a guest's first page load does not pay for it (JS budget, README).
export { createLoyaltyClient } from "../provider/client";
export { clearLoginLeftovers, clearSession, restoreSession, storedTokensIssuedAt, storeSession } from "./persistence";
