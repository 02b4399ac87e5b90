// Issue 43 ("login CSRF by ?token="): a page opened with ?token= while another member is signed in
// asks "Continue as …?" before it switches. The session controller only holds such a token
// (session/controller.ts, `arrival`); what happens to it is decided here, once the token's own
// member has been read with it, so that the question can name them. ContinueAsDialog.tsx is the
// React side.
import { isShutOutAsExpired, type ExpiryRules, type LoyaltyResult, type Member } from "../types";

/** What the page does with a held ?token=. */
export type ArrivalDecision =
  /** Sign in with it without asking: the same member, or nobody is signed in any more (spec §4, as before). */
  | { readonly kind: "signIn" }
  /** "Continue as {incoming}?", with "Stay signed in as {current}" as the other answer. */
  | { readonly kind: "ask"; readonly incoming: string; readonly current: string }
  /** The token is not used; the member signed in stays so and is told why. */
  | { readonly kind: "keep"; readonly reason: KeepReason; readonly current: string };

/**
 * unreadable: the token's member could not be read (a token the provider refuses, the service
 * unreachable); expired: they could not sign in here (spec §4 "Expired"), so offering it would
 * only sign the current member out for nothing.
 */
export type KeepReason = "unreadable" | "expired";

export interface ArrivalFacts {
  /** The member the page shows as signed in: null when nobody is (or only someone shut out as expired). */
  readonly current: Member | null;
  /** The member the held token belongs to, read with that token (GetMember). */
  readonly incoming: LoyaltyResult<Member>;
  readonly rules: ExpiryRules;
}

export function decideArrival({ current, incoming, rules }: ArrivalFacts): ArrivalDecision {
  if (!current) return { kind: "signIn" };
  if (!incoming.ok) return { kind: "keep", reason: "unreadable", current: memberName(current) };
  // The same member under another token (a till's own session of them): nobody else can come in
  // this way, so it is taken as before, and the service that handed it over keeps its session.
  if (incoming.value.memberId === current.memberId) return { kind: "signIn" };
  if (isShutOutAsExpired(incoming.value, rules))
    return { kind: "keep", reason: "expired", current: memberName(current) };
  return { kind: "ask", ...namesApart(incoming.value, current) };
}

/** How the member is named to themself: as the header's menu greets them. */
export function memberName(member: Member): string {
  return [member.firstName, member.lastName].filter(Boolean).join(" ") || member.email || member.memberId;
}

/**
 * The two names the question shows, told apart: two members may bear the same name, and "Continue
 * as Camille Martin" / "Stay signed in as Camille Martin" would not say which is which.
 */
export function namesApart(incoming: Member, current: Member): { incoming: string; current: string } {
  const names = { incoming: memberName(incoming), current: memberName(current) };
  if (names.incoming.toLowerCase() !== names.current.toLowerCase() || incoming.email === current.email) return names;
  const withEmail = (name: string, email: string) => (email && name !== email ? `${name} (${email})` : name);
  return { incoming: withEmail(names.incoming, incoming.email), current: withEmail(names.current, current.email) };
}

/**
 * `search` without its `token` parameters, every other one kept exactly as written (a `return`
 * for the ticketing hand-off, campaign parameters): what the page's history entry keeps of the
 * query it was opened with once a held token is not used, so that a reload does not ask again
 * (the address bar lost the token as the page started, issue 44).
 */
export function searchWithoutToken(search: string): string {
  const kept = search
    .replace(/^\?/, "")
    .split("&")
    .filter((pair) => pair !== "" && !new URLSearchParams(pair).has("token"));
  return kept.length > 0 ? `?${kept.join("&")}` : "";
}
