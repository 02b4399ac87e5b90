import { ticketingRedirect, type RedirectRequest } from "./ticketing-redirect";
import type { ServerSiteSettings } from "./site-settings";

const site: ServerSiteSettings = {
  siteId: "lumiere",
  domain: "www.cinema-lumiere.fr",
  ticketingUrl: "https://billetterie.cinema-lumiere.fr",
  loyalty: { tokenParam: "boostToken" },
  allowedEmbeddingDomains: [],
  editorOrigins: [],
  thirdPartySources: {},
};

const get = (query: RedirectRequest["query"], cookieHeader?: string): RedirectRequest => ({
  method: "GET",
  query,
  cookieHeader,
});

// Issue 3: "answer with a 302 to the matching journey on the site's ticketing service, carrying utm
// parameters and the member token when the club-token cookie holds one."
describe("ticketingRedirect: the four journeys", () => {
  it.each([
    ["startticketing", "https://billetterie.cinema-lumiere.fr/startticketing"],
    ["launch/ticketing", "https://billetterie.cinema-lumiere.fr/launch/ticketing"],
    ["startconcessions", "https://billetterie.cinema-lumiere.fr/startconcessions"],
    ["refund", "https://billetterie.cinema-lumiere.fr/refund"],
  ])("%s → %s", (journey, location) => {
    expect(ticketingRedirect(journey, get({}), site)).toMatchObject({
      status: 302,
      headers: { Location: location, "Cache-Control": "no-store" },
    });
  });
});

describe("ticketingRedirect: what travels", () => {
  it.each<[string, RedirectRequest, string]>([
    [
      "a sub-path follows the journey",
      get({ path: "LUM01/42" }),
      "https://billetterie.cinema-lumiere.fr/startticketing/LUM01/42",
    ],
    [
      "utm parameters are carried",
      get({ utm_source: "mail", utm_campaign: "noël" }),
      "https://billetterie.cinema-lumiere.fr/startticketing?utm_source=mail&utm_campaign=no%C3%ABl",
    ],
    [
      "other parameters are dropped",
      get({ fbclid: "x", next: "https://evil.example" }),
      "https://billetterie.cinema-lumiere.fr/startticketing",
    ],
    [
      "the club-token cookie's token is added under the provider's name",
      get({}, "a=1; clubToken=tok-123; b=2"),
      "https://billetterie.cinema-lumiere.fr/startticketing?boostToken=tok-123",
    ],
    [
      "a cookie value that is not a token is ignored",
      get({}, "clubToken=%3Cscript%3E"),
      "https://billetterie.cinema-lumiere.fr/startticketing",
    ],
    [
      "a cookie with a broken encoding is ignored",
      get({}, "clubToken=%E0%A4%A"),
      "https://billetterie.cinema-lumiere.fr/startticketing",
    ],
  ])("%s", (_sentence, request, location) => {
    expect(ticketingRedirect("startticketing", request, site)).toMatchObject({
      status: 302,
      headers: { Location: location },
    });
  });
});

// Issue 3: "An unknown or malformed request gets a 400 with a JSON error, never an open redirect to
// a host that is not the site's ticketing service."
describe("ticketingRedirect: refusals", () => {
  it.each<[string, string, RedirectRequest, number, string]>([
    ["an unknown journey", "admin", get({}), 400, "unknown_journey"],
    ["a journey the endpoints do not serve", "giftcards", get({}), 400, "unknown_journey"],
    ["a POST", "refund", { method: "POST", query: {}, cookieHeader: undefined }, 405, "method_not_allowed"],
    ["a dot-dot segment", "refund", get({ path: "../../evil" }), 400, "bad_path"],
    ["an absolute URL as path", "refund", get({ path: "https://evil.example/x" }), 400, "bad_path"],
    ["a protocol-relative path", "refund", get({ path: "//evil.example" }), 400, "bad_path"],
    ["an encoded slash", "refund", get({ path: "a%2F..%2Fb" }), 400, "bad_path"],
    ["a backslash", "refund", get({ path: "a\\evil" }), 400, "bad_path"],
    ["an @ (credentials trick)", "refund", get({ path: "@evil.example" }), 400, "bad_path"],
    ["a repeated parameter", "refund", get({ utm_source: ["a", "b"] }), 400, "repeated_parameter"],
    ["an over-long utm value", "refund", get({ utm_source: "x".repeat(201) }), 400, "bad_parameter"],
    ["an over-long path", "refund", get({ path: "a/".repeat(300) }), 400, "bad_path"],
  ])("%s", (_sentence, journey, request, status, code) => {
    const result = ticketingRedirect(journey, request, site);
    expect(result.status).toBe(status);
    expect(result).toMatchObject({ body: { error: { code } }, headers: { "Content-Type": "application/json" } });
    expect(result.headers).not.toHaveProperty("Location");
  });

  // Each refusal says what is wrong with the request: the length of a path was reported as its characters.
  it.each<[string, RedirectRequest, string]>([
    [
      "a path over 512 characters",
      get({ path: "a".repeat(513) }),
      'The "path" parameter is longer than 512 characters.',
    ],
    [
      "a long path of bad segments",
      get({ path: "../".repeat(200) }),
      'The "path" parameter is longer than 512 characters.',
    ],
    ["a path of 512 characters with a bad one", get({ path: `${"a".repeat(511)}@` }), "must be path segments"],
  ])("words %s", (_sentence, request, message) => {
    const result = ticketingRedirect("refund", request, site);
    expect(result).toMatchObject({ status: 400, body: { error: { message: expect.stringContaining(message) } } });
  });

  it("says which methods it takes when it refuses one", () => {
    const result = ticketingRedirect("refund", { method: "PUT", query: {}, cookieHeader: undefined }, site);
    expect(result).toMatchObject({ status: 405, headers: { Allow: "GET, HEAD" } });
  });
});
