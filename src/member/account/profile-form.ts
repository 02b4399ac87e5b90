// The profile form's rules (spec §1 "view and edit their profile", §5 input rules): what the form
// starts from, what it checks before anything is sent, and the Edit payload it sends.
import { looksLikeEmail } from "../../components/forms/input-rules";
import type { Member } from "../types";
import { checkMobileNumber, PHONE_MESSAGE_ID } from "./phone";

export interface ProfileValues {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly mobilePhone: string;
  /** YYYY-MM-DD (what an `<input type="date">` holds), or "" for none. */
  readonly birthDate: string;
}

export type ProfileField = keyof ProfileValues;

/** The fields in the order the form shows them (the first invalid one takes focus). */
export const PROFILE_FIELDS: readonly ProfileField[] = ["firstName", "lastName", "email", "mobilePhone", "birthDate"];

export type ProfileErrorId =
  | "account.profile.firstName.required"
  | "account.profile.lastName.required"
  | "account.profile.email.required"
  | "account.profile.email.invalid"
  | "account.profile.birthDate.invalid"
  | (typeof PHONE_MESSAGE_ID)[keyof typeof PHONE_MESSAGE_ID];

export type ProfileErrors = Partial<Record<ProfileField, ProfileErrorId>>;

/** The Edit payload: the member fields the provider models (docs/loyalty-upstream.md). */
export type ProfileEdit = {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  /** E.164, the form the provider stores. */
  readonly mobilePhone: string;
  /** "" clears it. */
  readonly birthDate: string;
};

export type ProfileCheck =
  { readonly ok: true; readonly edit: ProfileEdit } | { readonly ok: false; readonly errors: ProfileErrors };

export function profileValuesOf(member: Member): ProfileValues {
  return {
    firstName: member.firstName,
    lastName: member.lastName,
    email: member.email,
    mobilePhone: member.mobilePhone,
    birthDate: member.birthDate,
  };
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day, not after `today` (both YYYY-MM-DD). */
function isPastOrToday(date: string, today: string): boolean {
  const match = ISO_DATE.exec(date);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const parsed = new Date(Date.UTC(year, month - 1, day));
  const real = parsed.getUTCFullYear() === year && parsed.getUTCMonth() === month - 1 && parsed.getUTCDate() === day;
  return real && year >= 1900 && date <= today;
}

/**
 * `countryIso2` is the site's country (spec §5: the mobile number is checked against its rules,
 * and an empty number is invalid); `today` is YYYY-MM-DD.
 */
export function checkProfile(values: ProfileValues, countryIso2: string, today: string): ProfileCheck {
  const errors: ProfileErrors = {};
  const firstName = values.firstName.trim();
  const lastName = values.lastName.trim();
  const email = values.email.trim();
  const birthDate = values.birthDate.trim();
  if (firstName === "") errors.firstName = "account.profile.firstName.required";
  if (lastName === "") errors.lastName = "account.profile.lastName.required";
  if (email === "") errors.email = "account.profile.email.required";
  else if (!looksLikeEmail(email)) errors.email = "account.profile.email.invalid";
  const phone = checkMobileNumber(values.mobilePhone, countryIso2);
  if (!phone.ok) errors.mobilePhone = PHONE_MESSAGE_ID[phone.reason];
  if (birthDate !== "" && !isPastOrToday(birthDate, today)) errors.birthDate = "account.profile.birthDate.invalid";
  if (!phone.ok || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, edit: { firstName, lastName, email, mobilePhone: phone.e164, birthDate } };
}

/** The first field with a problem, in the form's order. */
export function firstInvalidField(errors: ProfileErrors): ProfileField | null {
  return PROFILE_FIELDS.find((field) => errors[field] !== undefined) ?? null;
}
