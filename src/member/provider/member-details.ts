// Spec §3 "Member session": the session keeps "all fields of memberDetails". The fields the site
// reads by name become Member's named fields (client.ts, memberFromProvider); every other field a
// provider sends is kept here as the JSON value it sent, so screens and the ticketing hand-off can
// use what a provider adds without a change to the client. Loaded with the client and persistence
// (lazily), never in a guest's first load: it needs zod.
import { z } from "zod";
import type { MemberDetails } from "../types";

/** memberDetails fields that Member (or, v1, the session: userSessionId, encryptedSessionId) carries by name. */
export const NAMED_MEMBER_DETAILS: ReadonlySet<string> = new Set([
  "memberId",
  "firstName",
  "lastName",
  "email",
  "username",
  "mobilePhone",
  "birthDate",
  "memberExpiry",
  "cardNumber",
  "clubId",
  "memberLevelName",
  "pointsBalance",
  "hasUserName",
  "userSessionId",
  "encryptedSessionId",
]);

const detailValueSchema = z.json();

/** The JSON values of a details object (stored or sent), field by field: a value that is not JSON is left out. */
export const memberDetailsSchema: z.ZodType<MemberDetails> = z
  .record(z.string(), z.unknown())
  .transform((record) => jsonFieldsOf(record));

function jsonFieldsOf(record: Readonly<Record<string, unknown>>, skip?: ReadonlySet<string>): MemberDetails {
  const kept: Record<string, MemberDetails[string]> = {};
  for (const [key, value] of Object.entries(record)) {
    if (skip?.has(key)) continue;
    const parsed = detailValueSchema.safeParse(value);
    if (parsed.success) kept[key] = parsed.data as MemberDetails[string];
  }
  return kept;
}

/** The memberDetails fields Member does not carry by name, as the provider sent them. */
export function otherMemberDetails(details: Readonly<Record<string, unknown>>): MemberDetails {
  return jsonFieldsOf(details, NAMED_MEMBER_DETAILS);
}
