// Registration's rules (issue 5 "Register", spec §3 and §5), as data and no React: which fields
// the site asks for, what is wrong with each field before anything is sent (as message ids, for
// the screen to word), the creation fields a valid form becomes, and what a sign-in answering 26
// ("not activated") asks the provider to send again. The screen is screens/Register.tsx, its flow
// screens/useRegistration.ts.
import type { MemberCreationFields } from "../provider/api/creation-payload";
import type { ActivationCodeRequest } from "../provider/api/members";
import { normaliseCardCode } from "../card-code";
import type { LoyaltyConfig } from "../config";
import { looksLikeEmail } from "../../components/forms/input-rules";
import type { LoyaltyProvider } from "../token-param";
import type { LoyaltyMessageId } from "../i18n/en-US";
import type { accountGuestMessagesEnUS } from "./i18n/guest-en-US";

/** The texts a registration problem is worded with: the guest screens' and the sign-in messages. */
type MessageId = keyof typeof accountGuestMessagesEnUS | LoyaltyMessageId;
import { passwordProblems, type PasswordRule } from "./password-rules";
import { checkMobileNumber, PHONE_MESSAGE_ID } from "./phone";

/** Spec §8 "Your account is not activated": the sign-in answer that means "activate first". */
export const NOT_ACTIVATED_CODE = 26;

export type RegisterField =
  "email" | "password" | "firstName" | "lastName" | "mobile" | "cardNumber" | "phone" | "acknowledgement";
/** The fields the member types into; the acknowledgement is a box they tick. */
export type RegisterTextField = Exclude<RegisterField, "acknowledgement">;

/** Screen order: the first invalid field in this order gets the focus. */
export const REGISTER_FIELDS: readonly RegisterField[] = [
  "email",
  "password",
  "firstName",
  "lastName",
  "mobile",
  "cardNumber",
  "phone",
  "acknowledgement",
];

/**
 * What the member typed, and whether they ticked the box acknowledging the privacy policy (and the
 * terms, where the site names some): issue 46, a French club must have it before it stores
 * personal data. It is not sent: the provider's creation payload (spec §3) has no such field.
 */
export type RegisterValues = Readonly<Record<RegisterTextField, string>> & { readonly acknowledgement: boolean };

export const EMPTY_REGISTRATION: RegisterValues = {
  email: "",
  password: "",
  firstName: "",
  lastName: "",
  mobile: "",
  cardNumber: "",
  phone: "",
  acknowledgement: false,
};

/** Which optional activation fields the site asks for (spec §3 includeActivation*). */
export interface RegisterAsks {
  readonly cardNumber: boolean;
  readonly phone: boolean;
}

export function registerAsks(
  config: Pick<LoyaltyConfig, "includeActivation" | "includeActivationCardNumber" | "includeActivationPhoneNumber">,
): RegisterAsks {
  return {
    cardNumber: config.includeActivation && config.includeActivationCardNumber,
    phone: config.includeActivation && config.includeActivationPhoneNumber,
  };
}

export interface RegisterSite {
  readonly provider: LoyaltyProvider;
  /** The page context's iso31661A2: phone numbers must be valid for this country. */
  readonly countryIso2: string;
  readonly asks: RegisterAsks;
}

/**
 * What is wrong with one field:
 * - message: a sentence of the catalogue;
 * - phone: a sentence that names the site's country ({country});
 * - password: the provider's rules (spec §5) the password still breaks.
 */
export type RegisterProblem =
  | { readonly kind: "message"; readonly id: MessageId }
  | { readonly kind: "phone"; readonly id: (typeof PHONE_MESSAGE_ID)[keyof typeof PHONE_MESSAGE_ID] }
  | { readonly kind: "password"; readonly missing: readonly PasswordRule[] };

export type RegisterProblems = Partial<Readonly<Record<RegisterField, RegisterProblem>>>;

/** The creation fields of a valid form: phone numbers in E.164, the card code normalised. */
export interface RegistrationFields extends MemberCreationFields {
  readonly firstName: string;
  readonly lastName: string;
  readonly mobileNumber: string;
  /** Only when the site asks for it and the member gave one (else the §3 default, no card). */
  readonly memberCardNumber?: string;
  /** Only when the site asks for it and the member gave one (else the §3 default, the mobile). */
  readonly phoneNumber?: string;
}

export type RegisterCheck =
  | { readonly ok: true; readonly fields: RegistrationFields }
  | { readonly ok: false; readonly problems: RegisterProblems; readonly first: RegisterField };

const message = (id: MessageId): RegisterProblem => ({ kind: "message", id });

/** Spec §5 for a new password (registration and reset): given, then the provider's rules. */
export function newPasswordProblem(password: string, provider: LoyaltyProvider): RegisterProblem | null {
  if (password === "") return message("account.register.password.required");
  const missing = passwordProblems(password, provider);
  return missing.length > 0 ? { kind: "password", missing } : null;
}

/**
 * Spec §5 before anything is sent: e-mail shape, the provider's password rules, names, a mobile
 * number valid for the site's country (empty is invalid), the optional phone when given, and the
 * privacy acknowledgement ticked (issue 46).
 */
export function checkRegistration(values: RegisterValues, site: RegisterSite): RegisterCheck {
  const problems: Partial<Record<RegisterField, RegisterProblem>> = {};
  const email = values.email.trim();
  if (email === "") problems.email = message("account.register.email.required");
  else if (!looksLikeEmail(email)) problems.email = message("member.login.invalidEmail");
  const password = newPasswordProblem(values.password, site.provider);
  if (password) problems.password = password;
  const firstName = values.firstName.trim();
  const lastName = values.lastName.trim();
  if (firstName === "") problems.firstName = message("account.register.firstName.required");
  if (lastName === "") problems.lastName = message("account.register.lastName.required");
  const mobile = checkMobileNumber(values.mobile, site.countryIso2);
  if (!mobile.ok) problems.mobile = { kind: "phone", id: PHONE_MESSAGE_ID[mobile.reason] };
  // The optional phone is only checked when the member typed one.
  const phone =
    site.asks.phone && values.phone.trim() !== "" ? checkMobileNumber(values.phone, site.countryIso2) : null;
  if (phone && !phone.ok) problems.phone = { kind: "phone", id: PHONE_MESSAGE_ID.invalid };
  if (!values.acknowledgement) problems.acknowledgement = message("account.register.acknowledgement.required");

  const first = REGISTER_FIELDS.find((name) => problems[name]);
  if (first || !mobile.ok) return { ok: false, problems, first: first ?? "mobile" };
  const cardNumber = site.asks.cardNumber ? normaliseCardCode(values.cardNumber) : "";
  return {
    ok: true,
    fields: {
      email,
      password: values.password,
      firstName,
      lastName,
      mobileNumber: mobile.e164,
      // Left out when not given, so the §3 defaults stay (phoneNumber = mobileNumber, no card).
      ...(cardNumber ? { memberCardNumber: cardNumber } : {}),
      ...(phone?.ok ? { phoneNumber: phone.e164 } : {}),
    },
  };
}

/**
 * After a sign-in answering 26, the activation e-mail can be asked for again with the details the
 * site asks for (§3 includeActivation*): the card when one was given, and the phone the account
 * now holds (the one typed, else the mobile number).
 */
export function activationRequestFor(fields: RegistrationFields, asks: RegisterAsks): ActivationCodeRequest {
  const phone = fields.phoneNumber ?? fields.mobileNumber;
  return {
    email: fields.email,
    ...(asks.cardNumber && fields.memberCardNumber ? { cardNumber: fields.memberCardNumber } : {}),
    ...(asks.phone && phone ? { mobilePhone: phone } : {}),
  };
}
