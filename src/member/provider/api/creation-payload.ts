// Spec §3 "Member creation payload": the defaults the product sends on Create, which the
// caller's fields override.
import type { LoyaltyContext } from "../../config";

/** What a registration form collects; any other creation field may be given too and wins over its default. */
export interface MemberCreationFields {
  readonly email: string;
  readonly password: string;
  readonly firstName?: string;
  readonly lastName?: string;
  readonly mobileNumber?: string;
  /** YYYY-MM-DD. */
  readonly birthDate?: string;
  readonly [field: string]: unknown;
}

export type MemberCreationPayload = Readonly<Record<string, unknown>>;

export function memberCreationDefaults(
  context: Pick<LoyaltyContext, "clubId">,
  fields: Pick<MemberCreationFields, "email" | "mobileNumber">,
): MemberCreationPayload {
  return {
    clubId: context.clubId,
    username: fields.email,
    phoneNumber: fields.mobileNumber ?? null,
    memberId: null,
    address1: null,
    address2: null,
    city: null,
    state: null,
    // "Value not shown" in the spec. null, like the other address fields: the form collects no
    // address, and an empty string could read as a post code that was given and is blank.
    zipCode: null,
    houseSize: 0,
    maritalStatus: "",
    sendNewsletter: "False",
    wishToReceiveSMS: "False",
    contactByThirdParty: "False",
    newsletterFrequency: "-1",
    pickupCinemaId: null,
    preferredCinemaId: null,
    preferredCinemaList: [],
    preferenceList: null,
    preferredGenres: [],
    memberItemId: null,
    memberLevelId: 0,
    nationalId: null,
    updatePreferences: false,
    memberCardNumber: null,
  };
}

/**
 * The defaults, then the caller's fields. A field the caller leaves undefined keeps its default:
 * an optional form value not filled in must not erase, say, the username derived from the e-mail.
 */
export function memberCreationPayload(
  context: Pick<LoyaltyContext, "clubId">,
  fields: MemberCreationFields,
): MemberCreationPayload {
  const given = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  return { ...memberCreationDefaults(context, fields), ...given };
}
