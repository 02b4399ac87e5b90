// Test support (issue 44): values planted in a page's address, as a careless link or an attacker
// would, and the check that something built for a vendor carries none of them. One table for the
// address bar and every vendor payload builder, as there is one list of private parameters.

/** One value per private parameter; the e-mail also travels encoded (%40). */
export const PLANTED = {
  token: "PLANTED-MEMBER-TOKEN",
  boostToken: "PLANTED-BOOST-TOKEN",
  resetCode: "PLANTED-RESET-CODE",
  email: "victim@example.com",
  uid: "PLANTED-TAPOS-UID",
  /** The hand-off's opaque value (spec §2 `requestData`), which may carry a booking or session context. */
  requestData: "PLANTED-REQUEST-DATA",
} as const;

const email = encodeURIComponent(PLANTED.email);

/**
 * [case, address with planted values among campaign (utm_*) and other parameters, what stays of it]:
 * the campaign parameters, the site's own ones and the fragment, as written.
 */
export const PLANTED_ADDRESSES: readonly (readonly [string, string, string])[] = [
  [
    "a reset link (spec §2: email, resetCode)",
    `/account/reset-password/?email=${email}&resetCode=${PLANTED.resetCode}&utm_source=mail`,
    "/account/reset-password/?utm_source=mail",
  ],
  [
    "a TAPOS reset link (uid, token)",
    `/account/reset-password/?uid=${PLANTED.uid}&token=${PLANTED.token}&utm_campaign=reset`,
    "/account/reset-password/?utm_campaign=reset",
  ],
  [
    "a member handed over (token, requestData), among utm_* and a return path",
    `/films/?utm_source=pos&token=${PLANTED.token}&return=%2Fbook&requestData=${PLANTED.requestData}&utm_medium=kiosk`,
    "/films/?utm_source=pos&return=%2Fbook&utm_medium=kiosk",
  ],
  [
    "a ticketing link's token (boostToken), with a fragment",
    `/films/2051-night-train/?boostToken=${PLANTED.boostToken}&utm_source=ticketing#seances`,
    "/films/2051-night-train/?utm_source=ticketing#seances",
  ],
  [
    "all of them in an absolute address, names in another case",
    `https://www.example.com/films/?TOKEN=${PLANTED.token}&utm_source=a&BoostToken=${PLANTED.boostToken}` +
      `&resetcode=${PLANTED.resetCode}&Email=${email}&UID=${PLANTED.uid}&RequestData=${PLANTED.requestData}&utm_term=b`,
    "https://www.example.com/films/?utm_source=a&utm_term=b",
  ],
];

/** Fails when `payload`, as JSON, carries any planted value (raw or encoded). */
export function expectNothingPlanted(payload: unknown): void {
  const text = JSON.stringify(payload);
  for (const value of Object.values(PLANTED)) {
    expect(text).not.toContain(value);
    expect(text).not.toContain(encodeURIComponent(value));
  }
}
