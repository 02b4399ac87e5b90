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

/** The maps service a theater's address links to (issue 42): a search for the address, over https. */
export const MAPS_SEARCH_URL = "https://www.google.com/maps/search/";

/**
 * A link to the theater on a map: the maps service's search for its address, written as the
 * site's country writes it, on one line ("401 Main Street, Austin, TX 78701").
 */
export function mapsUrl(address: Theater["address"], countryCode: string): string {
  const query = addressLines(address, countryCode).join(", ");
  return `${MAPS_SEARCH_URL}?api=1&query=${encodeURIComponent(query)}`;
}
