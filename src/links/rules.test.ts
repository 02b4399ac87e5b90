import { classifyTarget, withTrailingSlash } from "./targets";
import { isExternalUrl, linkHostTable } from "./external";
import psl from "psl";

// Spec §5 "Site paths get a trailing slash, except the root and paths ending in .html, .json,
// .js, .map, .txt, .xml or .pdf."
describe("withTrailingSlash", () => {
  it.each([
    ["/films", "/films/"],
    ["/films/", "/films/"],
    ["/", "/"],
    ["/films?q=lac", "/films/?q=lac"],
    ["/infos#acces", "/infos/#acces"],
    ...[".html", ".json", ".js", ".map", ".txt", ".xml", ".pdf"].map((ending) => [`/docs/file${ending}`, `/docs/file${ending}`]),
    ["/docs/file.PDF", "/docs/file.PDF"],
    ["/docs/file.png", "/docs/file.png/"],
  ])("%s → %s", (input, expected) => {
    expect(withTrailingSlash(input)).toBe(expected);
  });
});

describe("classifyTarget", () => {
  const hosts = linkHostTable(psl, ["https://www.cinema-lumiere.fr/x", "https://billetterie.cinema-lumiere.fr", "https://www.allocine.fr/"], "www.cinema-lumiere.fr");
  it.each([
    ["an empty target is disabled", "", { type: "empty" }],
    ["an e-mail address becomes mailto", "contact@cinema-lumiere.fr", { type: "mailto", href: "mailto:contact@cinema-lumiere.fr" }],
    ["a site path gets its trailing slash", "/films", { type: "internal", href: "/films/" }],
    ["a fragment stays a fragment", "#acces", { type: "fragment", href: "#acces" }],
    ["a javascript: target is never navigable", "javascript:alert(1)", { type: "empty" }],
    ["a protocol-relative //host is not a site path", "//evil.example/x", { type: "empty" }],
    ["another registrable domain is external", "https://www.allocine.fr/film", { type: "external", href: "https://www.allocine.fr/film" }],
    ["a sub-domain of the site is not external", "https://billetterie.cinema-lumiere.fr/", { type: "sameSite", href: "https://billetterie.cinema-lumiere.fr/" }],
  ])("%s", (_sentence, to, expected) => {
    expect(classifyTarget(to, hosts)).toEqual(expected);
  });

  it("a host the build never saw is left for the browser to decide", () => {
    expect(classifyTarget("https://new.example.com/", hosts)).toEqual({ type: "unknownHost", href: "https://new.example.com/", hostname: "new.example.com" });
  });
});

// Spec §5: "A link is external when both hostnames are listed there and either their registrable
// domains differ or their top-level-domain parts differ. Parse failures count as not external."
describe("isExternalUrl", () => {
  it.each([
    ["different registrable domains", "https://www.allocine.fr/", "https://www.cinema-lumiere.fr/", true],
    ["same registrable domain, other sub-domain", "https://billetterie.cinema-lumiere.fr/", "https://www.cinema-lumiere.fr/", false],
    ["same label under another TLD", "https://cinema-lumiere.com/", "https://www.cinema-lumiere.fr/", true],
    ["an unlisted host (localhost) is not external", "http://localhost:9000/", "https://www.cinema-lumiere.fr/", false],
    ["an IP address is not external", "http://127.0.0.1/", "https://www.cinema-lumiere.fr/", false],
    ["a malformed URL is not external", "http://", "https://www.cinema-lumiere.fr/", false],
    ["ports do not matter", "https://www.cinema-lumiere.fr:8443/", "https://www.cinema-lumiere.fr/", false],
  ])("%s", (_sentence, target, current, expected) => {
    expect(isExternalUrl(psl, target, current)).toBe(expected);
  });
});
