// A theater's postal address as people of its country write it: the ZIP code after the state in
// the US and Canada ("Austin, TX 78701"), on a line of its own in the UK, before the town elsewhere
// in Europe ("75011 Paris").
import type { Theater } from "./types";

export function addressLines(address: Theater["address"], countryCode: string): string[] {
  const street = [address.line1, ...(address.line2 ? [address.line2] : [])];
  switch (countryCode.toUpperCase()) {
    case "US":
    case "CA":
      return [...street, `${address.city}${address.region ? `, ${address.region}` : ""} ${address.postalCode}`.trim()];
    case "GB":
    case "IE":
      return [...street, address.city, ...(address.region ? [address.region] : []), address.postalCode];
    default:
      return [...street, `${address.postalCode} ${address.city}`];
  }
}
