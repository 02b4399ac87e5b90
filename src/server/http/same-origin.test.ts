import { crossSiteRefusal, ownOrigins, requestOrigins } from "./same-origin";

describe("ownOrigins", () => {
  it("is settings.domain over https plus the serving host over either scheme", () => {
    expect(ownOrigins("www.cinema-lumiere.fr", "localhost:9223")).toEqual([
      "https://www.cinema-lumiere.fr",
      "http://localhost:9223",
      "https://localhost:9223",
    ]);
    expect(ownOrigins("www.cinema-lumiere.fr", "www.cinema-lumiere.fr:443")).toEqual([
      "https://www.cinema-lumiere.fr",
      "http://www.cinema-lumiere.fr:443",
    ]);
    expect(ownOrigins(undefined, undefined)).toEqual([]);
    expect(requestOrigins({ host: "Example.org" }, undefined)).toEqual(["http://example.org", "https://example.org"]);
  });
});

describe("crossSiteRefusal", () => {
  const own = ownOrigins("www.cinema-lumiere.fr", "localhost:9223");
  it.each<[string, Record<string, string>, boolean]>([
    ["a same-origin fetch", { origin: "http://localhost:9223", "sec-fetch-site": "same-origin" }, false],
    ["the production origin", { origin: "https://www.cinema-lumiere.fr" }, false],
    ["an origin written with its default port", { origin: "https://www.cinema-lumiere.fr:443" }, false],
    ["no browser at all (curl, a monitor)", {}, false],
    ["only Sec-Fetch-Site: same-origin", { "sec-fetch-site": "same-origin" }, false],
    ["another site's page", { origin: "https://evil.example", "sec-fetch-site": "cross-site" }, true],
    ["another site's page, Origin only", { origin: "https://evil.example" }, true],
    ["a cross-site request without Origin", { "sec-fetch-site": "cross-site" }, true],
    [
      "a sibling subdomain (same-site)",
      { origin: "https://editor.cinema-lumiere.fr", "sec-fetch-site": "same-site" },
      true,
    ],
    [
      "a matching Origin that Sec-Fetch-Site contradicts",
      { origin: "http://localhost:9223", "sec-fetch-site": "cross-site" },
      true,
    ],
    ["a user-typed request (Sec-Fetch-Site: none)", { "sec-fetch-site": "none" }, true],
    ["Origin: null (sandboxed frame)", { origin: "null" }, true],
    ["the same host over another port", { origin: "http://localhost:9999" }, true],
    ["a non-http origin", { origin: "file://" }, true],
  ])("%s", (_what, headers, refused) => {
    const answer = crossSiteRefusal(headers, own);
    if (refused) expect(answer).toMatchObject({ status: 403, body: { error: { code: "cross_site" } } });
    else expect(answer).toBeNull();
  });
});
