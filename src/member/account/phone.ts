// Spec §5 "Phone numbers and cards": a mobile number is checked against the rules of the site's
// country, and an empty number is invalid.
//
// Choice: any number valid for that country is accepted, landlines included. The metadata that
// tells a mobile from a landline ("max") is about twice the size of "min" and the spec only asks
// for the country's rules; the provider has the last word on what it can text. The number must
// belong to the country itself: on a US site a Canadian +1 416 number is refused, as is a French
// number on a UK site, since "valid for {country}" is what the member is told.
import { isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/min";

export type MobileNumberCheck =
  | { readonly ok: true; /** +33612345678: the form the provider stores. */ readonly e164: string }
  | { readonly ok: false; readonly reason: "empty" | "invalid" };

/**
 * `countryIso2` is the page context's iso31661A2. A country the metadata does not know leaves only
 * numbers written in international form (+...), checked against their own country's rules.
 */
export function checkMobileNumber(text: string, countryIso2: string): MobileNumberCheck {
  const input = text.trim();
  if (input === "") return { ok: false, reason: "empty" };
  const country = countryIso2.toUpperCase();
  const known = isSupportedCountry(country);
  const parsed = known ? parsePhoneNumberFromString(input, country as CountryCode) : parsePhoneNumberFromString(input);
  if (!parsed || !parsed.isValid()) return { ok: false, reason: "invalid" };
  if (known && parsed.country !== country) return { ok: false, reason: "invalid" };
  return { ok: true, e164: parsed.number };
}

export const PHONE_MESSAGE_ID = {
  empty: "account.phone.empty",
  invalid: "account.phone.invalid",
} as const;
