// What the internal booking route (spec §2, brief §2: /booking/?theaterCode=…&perfCode=…) hands
// to the point-of-sale host that embeds the site. The spec names the route and its two query
// parameters but no message; this one is ours, documented in the README ("Embedding in a
// point-of-sale host"). Pure.

/** Posted to the framing (or opening) host, addressed to its origin among allowedEmbeddingDomains. */
export type BookingHandoffMessage = {
  type: "booking";
  payload: { theaterCode: string; perfCode: string };
};

// Codes come from the page's own query: bounded and printable, so a crafted URL cannot make
// the page post arbitrary text to the host.
const CODE = /^[A-Za-z0-9._:~-]{1,128}$/;

/** The two query parameters of the booking route, or null when either is missing or malformed. */
export function bookingRequest(search: string): { theaterCode: string; perfCode: string } | null {
  const params = new URLSearchParams(search);
  const theaterCode = params.get("theaterCode") ?? "";
  const perfCode = params.get("perfCode") ?? "";
  return CODE.test(theaterCode) && CODE.test(perfCode) ? { theaterCode, perfCode } : null;
}

export function bookingHandoffMessage(theaterCode: string, perfCode: string): BookingHandoffMessage {
  return { type: "booking", payload: { theaterCode, perfCode } };
}
