import fc from "fast-check";
import psl from "psl";
import { isExternalUrl, linkHostTable } from "./external";
import { findRedirect } from "./redirects";
import { utmParams } from "./ticketing";
import {
  EXTENDED_TICKETING_JOURNEYS,
  TICKETING_JOURNEYS,
  clicksSuppressed,
  resolveLink,
  withTrailingSlash,
  type LinkEnvironment,
  type ResolvedLink,
} from "./rules";
import { itReturns } from "../test/tables";

const TICKETING = "https://billetterie.cinema-lumiere.fr";
const hosts = linkHostTable(
  psl,
  [
    "https://www.cinema-lumiere.fr/x",
    TICKETING,
    "https://www.allocine.fr/",
    "https://cinéma.fr/",
    "https://www.cinema-lumiere.fr:8443/",
  ],
  "www.cinema-lumiere.fr",
);

function env(
  overrides: Partial<LinkEnvironment> = {},
  ticketing: Partial<LinkEnvironment["ticketing"]> = {},
): LinkEnvironment {
  return {
    hosts,
    currentSearch: "",
    embeddingMode: "none",
    sessionToken: null,
    ...overrides,
    ticketing: { url: TICKETING, tokenParam: "boostToken", extendedJourneys: false, postProtocol: false, ...ticketing },
  };
}

// Spec §5 "Site paths get a trailing slash, except the root and paths ending in .html, .json,
// .js, .map, .txt, .xml or .pdf."
describe("withTrailingSlash", () => {
  itReturns(
    withTrailingSlash,
    [
      ["/films", "/films/"],
      ["/films/", "/films/"],
      ["/", "/"],
      ["/films?q=lac", "/films/?q=lac"],
      ["/infos#acces", "/infos/#acces"],
      ...[".html", ".json", ".js", ".map", ".txt", ".xml", ".pdf"].map((ending): [string, string] => [
        `/docs/file${ending}`,
        `/docs/file${ending}`,
      ]),
      ["/docs/file.PDF", "/docs/file.PDF"],
      ["/docs/file.png", "/docs/file.png/"],
    ],
    "%s → %s",
  );
});

describe("resolveLink: spec §2 special links and §5 links, one row per sentence", () => {
  it.each<[string, string | null | undefined, ResolvedLink]>([
    [
      "E-mail targets: an address becomes a mailto link",
      "contact@cinema-lumiere.fr",
      { kind: "mailto", href: "mailto:contact@cinema-lumiere.fr" },
    ],
    [
      "E-mail targets: a mailto: link stays one",
      "mailto:contact@cinema-lumiere.fr?subject=Groupes",
      { kind: "mailto", href: "mailto:contact@cinema-lumiere.fr?subject=Groupes" },
    ],
    ["E-mail detection: the ending after the last dot is letters only", "contact@cinema.fr2", { kind: "disabled" }],
    ["Empty targets: no target is disabled", "", { kind: "disabled" }],
    ["Empty targets: whitespace only is disabled", "   ", { kind: "disabled" }],
    ["Empty targets: null is disabled", null, { kind: "disabled" }],
    ["Empty targets: undefined is disabled", undefined, { kind: "disabled" }],
    ["A plain '#' is a no-op link value", "#", { kind: "noop" }],
    [
      "'#loyalty-logout' logs the loyalty member out",
      "#loyalty-logout",
      { kind: "action", action: "logout", href: "#loyalty-logout" },
    ],
    [
      "'#loyalty-login' opens the login dialog (brief §2)",
      "#loyalty-login",
      { kind: "action", action: "login", href: "#loyalty-login" },
    ],
    ["Fragments: a #fragment names the element to focus", "#acces", { kind: "fragment", href: "#acces", id: "acces" }],
    ["Fragments: an encoded id is decoded", "#acc%C3%A8s", { kind: "fragment", href: "#acc%C3%A8s", id: "accès" }],
    ["Fragments: a malformed encoding is disabled", "#%E0%A4%A", { kind: "disabled" }],
    ["Site paths get a trailing slash", "/films", { kind: "internal", href: "/films/" }],
    ["Site paths: the root keeps no trailing slash", "/", { kind: "internal", href: "/" }],
    ["Site paths: .pdf keeps no trailing slash", "/docs/tarifs.pdf", { kind: "internal", href: "/docs/tarifs.pdf" }],
    ["Site paths: a fragment survives", "/infos#acces", { kind: "internal", href: "/infos/#acces" }],
    [
      "Site paths: dot segments are resolved, never leave the site",
      "/a/../../films",
      { kind: "internal", href: "/films/" },
    ],
    [
      "Site paths: dot segments never make a protocol-relative path",
      "/..//evil.example",
      { kind: "internal", href: "/evil.example/" },
    ],
    ["Site paths: nor do encoded ones", "/%2e%2e//evil.example/x", { kind: "internal", href: "/evil.example/x/" }],
    [
      "External check: another registrable domain is external",
      "https://www.allocine.fr/film",
      {
        kind: "outbound",
        href: "https://www.allocine.fr/film",
        hostname: "www.allocine.fr",
        external: true,
        follow: "https://www.allocine.fr/film",
      },
    ],
    [
      "External check: a sub-domain of the site is not external",
      `${TICKETING}/`,
      {
        kind: "outbound",
        href: `${TICKETING}/`,
        hostname: "billetterie.cinema-lumiere.fr",
        external: false,
        follow: `${TICKETING}/`,
      },
    ],
    [
      "External check: ports do not change the host",
      "https://www.cinema-lumiere.fr:8443/",
      {
        kind: "outbound",
        href: "https://www.cinema-lumiere.fr:8443/",
        hostname: "www.cinema-lumiere.fr",
        external: false,
        follow: "https://www.cinema-lumiere.fr:8443/",
      },
    ],
    [
      "External check: IDN hosts are compared in punycode",
      "https://cinéma.fr/",
      {
        kind: "outbound",
        href: "https://xn--cinma-dsa.fr/",
        hostname: "xn--cinma-dsa.fr",
        external: true,
        follow: "https://xn--cinma-dsa.fr/",
      },
    ],
    [
      "External check: uppercase schemes and hosts are normalised",
      "HTTPS://WWW.ALLOCINE.FR/Film",
      {
        kind: "outbound",
        href: "https://www.allocine.fr/Film",
        hostname: "www.allocine.fr",
        external: true,
        follow: "https://www.allocine.fr/Film",
      },
    ],
    [
      "External check: a host the build never saw is decided in the browser",
      "https://new.example.com/",
      {
        kind: "outbound",
        href: "https://new.example.com/",
        hostname: "new.example.com",
        external: null,
        follow: "https://new.example.com/",
      },
    ],
  ])("%s", (_sentence, target, expected) => {
    expect(resolveLink(target, env())).toEqual(expected);
  });
});

describe("resolveLink: hostile and malformed targets are never navigable", () => {
  it.each([
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    " javascript:alert(1)",
    "java\tscript:alert(1)",
    "java\nscript:alert(1)",
    "\u0000javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "file:///etc/passwd",
    "tel:+33450000000",
    "//evil.example/x",
    "/\\evil.example/x",
    "/\t/evil.example",
    "\\\\evil.example",
    "http://",
    "https://[::1",
    "https://user:pass@www.allocine.fr/",
    "https://www.cinema-lumiere.fr@evil.example/",
    "www.allocine.fr",
    "films",
    "mailto:javascript:alert(1)",
  ])("%j", (target) => {
    expect(resolveLink(target, env()).kind).toBe("disabled");
  });
});

// Spec §7 "The current page's utm_* query parameters are carried onto internal and outbound links.
// All other current query parameters are dropped."
describe("utm carry-over", () => {
  const page = env({ currentSearch: "?utm_source=newsletter&utm_campaign=noel&return=/x&email=a@b.fr" });
  it.each<[string, string, string]>([
    ["onto a site path", "/films", "/films/?utm_source=newsletter&utm_campaign=noel"],
    [
      "onto a site path keeping its own query first",
      "/films?q=lac",
      "/films/?q=lac&utm_source=newsletter&utm_campaign=noel",
    ],
    [
      "a parameter the target already has is not replaced",
      "/films?utm_source=home",
      "/films/?utm_source=home&utm_campaign=noel",
    ],
    [
      "onto an outbound link",
      "https://www.allocine.fr/film",
      "https://www.allocine.fr/film?utm_source=newsletter&utm_campaign=noel",
    ],
    ["before the fragment", "/infos#acces", "/infos/?utm_source=newsletter&utm_campaign=noel#acces"],
  ])("%s", (_sentence, target, href) => {
    expect(resolveLink(target, page)).toMatchObject({ href });
  });

  it("other query parameters of the page are dropped", () => {
    expect(utmParams("?return=/x&utm_medium=email&email=a@b.fr&UTM_Term=x")).toEqual([
      ["utm_medium", "email"],
      ["UTM_Term", "x"],
    ]);
  });

  it("nothing is carried onto mailto links or fragments", () => {
    expect(resolveLink("contact@cinema-lumiere.fr", page)).toEqual({
      kind: "mailto",
      href: "mailto:contact@cinema-lumiere.fr",
    });
    expect(resolveLink("#acces", page)).toMatchObject({ href: "#acces" });
  });
});

// Spec §7 "When the user has a token and the link lacks the token parameter, the token is appended
// ... when the target starts with {ticketingUrl}/ followed by one of about 16 ticketing sub-paths,
// or about 18 when a feature flag is on." Appended to the address the link opens (`follow`); the
// href it renders stays without it (issue 43).
describe("session token on ticketing links", () => {
  const member = env({ sessionToken: "tok-123" });
  it("the journey list has 16 sub-paths, 18 with the flag", () => {
    expect(TICKETING_JOURNEYS).toHaveLength(16);
    expect(new Set([...TICKETING_JOURNEYS, ...EXTENDED_TICKETING_JOURNEYS]).size).toBe(18);
  });

  it.each(TICKETING_JOURNEYS.map((journey) => [journey]))("%s receives the token", (journey) => {
    expect(resolveLink(`${TICKETING}/${journey}/LUM01`, member)).toMatchObject({
      href: `${TICKETING}/${journey}/LUM01`,
      follow: `${TICKETING}/${journey}/LUM01?boostToken=tok-123`,
    });
  });

  it.each<[string, string, Partial<LinkEnvironment["ticketing"]>, string]>([
    ["a journey root receives the token", `${TICKETING}/giftcards`, {}, `${TICKETING}/giftcards?boostToken=tok-123`],
    [
      "the token is added once: a link that has it keeps its own",
      `${TICKETING}/giftcards?boostToken=old`,
      {},
      `${TICKETING}/giftcards?boostToken=old`,
    ],
    [
      "the provider's parameter name is used",
      `${TICKETING}/vouchers`,
      { tokenParam: "taposToken" },
      `${TICKETING}/vouchers?taposToken=tok-123`,
    ],
    ["loyaltycredit needs the flag", `${TICKETING}/loyaltycredit`, {}, `${TICKETING}/loyaltycredit`],
    [
      "loyaltycredit receives it with the flag",
      `${TICKETING}/loyaltycredit`,
      { extendedJourneys: true },
      `${TICKETING}/loyaltycredit?boostToken=tok-123`,
    ],
    [
      "loyalty/upgrade receives it with the flag",
      `${TICKETING}/loyalty/upgrade`,
      { extendedJourneys: true },
      `${TICKETING}/loyalty/upgrade?boostToken=tok-123`,
    ],
    ["a path that only starts like a journey does not", `${TICKETING}/giftcardsshop`, {}, `${TICKETING}/giftcardsshop`],
    // Issue 17: a showtime's booking page (spec §9 pattern) is where a member books; it receives
    // the token too, or the member would arrive as a guest.
    [
      "a showtime's booking page receives the token",
      `${TICKETING}/websales/sales/LUM01/book?perfcode=1`,
      {},
      `${TICKETING}/websales/sales/LUM01/book?perfcode=1&boostToken=tok-123`,
    ],
    [
      "a booking page under a base path receives it",
      "https://tickets.example.com/lumiere/websales/sales/LUM01/book/?perfcode=1",
      { url: "https://tickets.example.com/lumiere" },
      "https://tickets.example.com/lumiere/websales/sales/LUM01/book/?perfcode=1&boostToken=tok-123",
    ],
    [
      "a booking path without a performance is not a booking page",
      `${TICKETING}/websales/sales/LUM01/book`,
      {},
      `${TICKETING}/websales/sales/LUM01/book`,
    ],
    [
      "a path that only looks like the booking page does not",
      `${TICKETING}/websales/sales/LUM01/booking?perfcode=1`,
      {},
      `${TICKETING}/websales/sales/LUM01/booking?perfcode=1`,
    ],
    [
      "the booking page of another host does not",
      "https://www.allocine.fr/websales/sales/LUM01/book?perfcode=1",
      {},
      "https://www.allocine.fr/websales/sales/LUM01/book?perfcode=1",
    ],
    [
      "another host with the same path does not",
      "https://www.allocine.fr/giftcards",
      {},
      "https://www.allocine.fr/giftcards",
    ],
    [
      "a look-alike host does not",
      "https://billetterie.cinema-lumiere.fr.evil.example/giftcards",
      {},
      "https://billetterie.cinema-lumiere.fr.evil.example/giftcards",
    ],
    [
      "http is not the https ticketing service",
      "http://billetterie.cinema-lumiere.fr/giftcards",
      {},
      "http://billetterie.cinema-lumiere.fr/giftcards",
    ],
    [
      "a ticketing URL with a base path is honoured",
      "https://tickets.example.com/lumiere/refund",
      { url: "https://tickets.example.com/lumiere" },
      "https://tickets.example.com/lumiere/refund?boostToken=tok-123",
    ],
  ])("%s", (_sentence, target, ticketing, follow) => {
    expect(resolveLink(target, env({ sessionToken: "tok-123" }, ticketing))).toMatchObject({ href: target, follow });
  });

  it("each link is checked against its own ticketing URL, whichever the last link had", () => {
    const other = { url: "https://tickets.example.com/lumiere" };
    for (let round = 0; round < 2; round++) {
      expect(resolveLink(`${TICKETING}/giftcards`, env({ sessionToken: "t" }))).toMatchObject({
        follow: `${TICKETING}/giftcards?boostToken=t`,
      });
      expect(resolveLink(`${TICKETING}/giftcards`, env({ sessionToken: "t" }, other))).toMatchObject({
        follow: `${TICKETING}/giftcards`,
      });
    }
  });

  it("a guest's ticketing links carry no token", () => {
    expect(resolveLink(`${TICKETING}/giftcards`, env())).toMatchObject({
      href: `${TICKETING}/giftcards`,
      follow: `${TICKETING}/giftcards`,
    });
  });
});

// Issue 43: a showtime's href carried the member's token, so "copy link" sent to a friend opened
// ticketing signed in as the member. The href renders without it, under either site's name for it.
describe("a member's ticketing link renders without the token and opens with it", () => {
  it.each<[string, string, string]>([
    ["boostToken", `${TICKETING}/startticketing/LUM01`, `${TICKETING}/startticketing/LUM01?boostToken=tok-123`],
    [
      "boostToken",
      `${TICKETING}/websales/sales/LUM01/book?perfcode=P42`,
      `${TICKETING}/websales/sales/LUM01/book?perfcode=P42&boostToken=tok-123`,
    ],
    ["token", `${TICKETING}/startticketing/LUM01`, `${TICKETING}/startticketing/LUM01?token=tok-123`],
    [
      "token",
      `${TICKETING}/websales/sales/LUM01/book?perfcode=P42`,
      `${TICKETING}/websales/sales/LUM01/book?perfcode=P42&token=tok-123`,
    ],
  ])("%s: %s", (tokenParam, target, follow) => {
    expect(resolveLink(target, env({ sessionToken: "tok-123" }, { tokenParam }))).toEqual({
      kind: "outbound",
      href: target,
      hostname: "billetterie.cinema-lumiere.fr",
      external: false,
      follow,
    });
  });
});

// Spec §7 "'Post protocol' option. The link is rendered instead as a form submission to the target
// URL, with the utm query as the action and every query parameter as a hidden input."
describe("post protocol", () => {
  it("a ticketing journey becomes a POST form: utm query in the action, every parameter hidden", () => {
    const page = env({ currentSearch: "?utm_source=mail&other=x", sessionToken: "tok" }, { postProtocol: true });
    expect(resolveLink(`${TICKETING}/startticketing/LUM01?perf=42`, page)).toEqual({
      kind: "form",
      action: `${TICKETING}/startticketing/LUM01?utm_source=mail`,
      fields: [
        ["perf", "42"],
        ["utm_source", "mail"],
        ["boostToken", "tok"],
      ],
      hostname: "billetterie.cinema-lumiere.fr",
      external: false,
    });
  });

  it("other links stay links", () => {
    expect(resolveLink("https://www.allocine.fr/", env({}, { postProtocol: true })).kind).toBe("outbound");
  });
});

// Spec §2 "In 'tapos_embedded' mode, a link to the ticketing service's booking page of the form
// /websales/sales/{theaterCode}/book?perfcode={perfCode} is rewritten to the internal booking route."
describe("booking links in embedded mode", () => {
  const embedded = env({ embeddingMode: "tapos_embedded", currentSearch: "?utm_medium=pos" });
  it.each<[string, string, ResolvedLink]>([
    [
      "a booking link goes to the internal route",
      `${TICKETING}/websales/sales/LUM01/book?perfcode=LUM01-1`,
      { kind: "internal", href: "/booking/?theaterCode=LUM01&perfCode=LUM01-1&utm_medium=pos" },
    ],
    [
      "codes are encoded once",
      `${TICKETING}/websales/sales/SL%20001/book?perfcode=a%26b`,
      { kind: "internal", href: "/booking/?theaterCode=SL+001&perfCode=a%26b&utm_medium=pos" },
    ],
    [
      "without perfcode it stays a ticketing link",
      `${TICKETING}/websales/sales/LUM01/book`,
      {
        kind: "outbound",
        href: `${TICKETING}/websales/sales/LUM01/book?utm_medium=pos`,
        hostname: "billetterie.cinema-lumiere.fr",
        external: false,
        follow: `${TICKETING}/websales/sales/LUM01/book?utm_medium=pos`,
      },
    ],
    [
      "another host's booking page is not rewritten",
      "https://www.allocine.fr/websales/sales/LUM01/book?perfcode=1",
      {
        kind: "outbound",
        href: "https://www.allocine.fr/websales/sales/LUM01/book?perfcode=1&utm_medium=pos",
        hostname: "www.allocine.fr",
        external: true,
        follow: "https://www.allocine.fr/websales/sales/LUM01/book?perfcode=1&utm_medium=pos",
      },
    ],
  ])("%s", (_sentence, target, expected) => {
    expect(resolveLink(target, embedded)).toEqual(expected);
  });

  it("outside embedded mode booking links go to the ticketing service", () => {
    expect(resolveLink(`${TICKETING}/websales/sales/LUM01/book?perfcode=1`, env()).kind).toBe("outbound");
  });
});

describe("clicksSuppressed: spec §2 preview prefix", () => {
  itReturns(
    clicksSuppressed,
    [
      ["/cms-preview/", true],
      ["/cms-preview/films/", true],
      ["/cms-preview", true],
      ["/films/", false],
      ["/cms-previewer/", false],
      ["/", false],
    ],
    "%s → %s",
  );
});

// Spec §2 "A client-side redirect table exists, matching on fromPath, optionally case-insensitive."
describe("findRedirect", () => {
  const table = [
    { fromPath: "/programme", toPath: "/films/", ignoreCase: true },
    { fromPath: "/Tarifs/", toPath: "/infos/", ignoreCase: false },
    { fromPath: "/loop/", toPath: "/loop", ignoreCase: false },
  ];
  it.each([
    ["an exact match redirects", "/programme/", "/films/"],
    ["without its trailing slash too", "/programme", "/films/"],
    ["ignoring case when the row says so", "/PROGRAMME/", "/films/"],
    ["case counts otherwise", "/tarifs/", null],
    ["the exact case matches", "/Tarifs/", "/infos/"],
    ["no row, no redirect", "/films/", null],
    ["a row pointing at itself is ignored", "/loop/", null],
  ])("%s", (_sentence, pathname, expected) => {
    expect(findRedirect(table, pathname)).toBe(expected);
  });
  it("an empty table never redirects", () => {
    expect(findRedirect([], "/anything/")).toBeNull();
  });
});

// Spec §5: "A link is external when both hostnames are listed there and either their registrable
// domains differ or their top-level-domain parts differ. Parse failures count as not external."
describe("isExternalUrl", () => {
  it.each([
    ["different registrable domains", "https://www.allocine.fr/", "https://www.cinema-lumiere.fr/", true],
    [
      "same registrable domain, other sub-domain",
      "https://billetterie.cinema-lumiere.fr/",
      "https://www.cinema-lumiere.fr/",
      false,
    ],
    ["same label under another TLD", "https://cinema-lumiere.com/", "https://www.cinema-lumiere.fr/", true],
    ["an unlisted host (localhost) is not external", "http://localhost:9000/", "https://www.cinema-lumiere.fr/", false],
    ["an IP address is not external", "http://127.0.0.1/", "https://www.cinema-lumiere.fr/", false],
    ["a malformed URL is not external", "http://", "https://www.cinema-lumiere.fr/", false],
    ["ports do not matter", "https://www.cinema-lumiere.fr:8443/", "https://www.cinema-lumiere.fr/", false],
  ])("%s", (_sentence, target, current, expected) => {
    expect(isExternalUrl(psl, target, current)).toBe(expected);
  });
});

// Issue 3 bar: no input to the link rules yields an href whose scheme is not http, https, mailto
// or a site-relative path.
describe("property: every href is http(s), mailto, a site path or a fragment", () => {
  const pieces = fc.constantFrom(
    "javascript:",
    "JAVASCRIPT:",
    "data:",
    "vbscript:",
    "mailto:",
    "http:",
    "https:",
    "HTTPS:",
    "//",
    "/",
    "\\",
    "/\\",
    "#",
    "?",
    "@",
    ".",
    "..",
    "%2F",
    "%5C",
    "%00",
    "\t",
    "\n",
    " ",
    "\u0000",
    "\u200b",
    "www.allocine.fr",
    "billetterie.cinema-lumiere.fr",
    "giftcards",
    `${TICKETING}/giftcards`,
    `${TICKETING}/websales/sales/LUM01/book?perfcode=1`,
    "utm_source=x",
    "&",
    "=",
    "a@b.fr",
    "xn--",
    "é",
    ":",
    "[::1]",
    "user:pw@",
    "loyalty-logout",
  );
  const target = fc.oneof(
    fc.string(),
    fc.array(pieces, { maxLength: 8 }).map((parts) => parts.join("")),
  );
  const environment = fc.record({
    currentSearch: fc.oneof(
      fc.constant(""),
      fc.string().map((s) => `?utm_source=${s}`),
      fc.string(),
    ),
    // Marked "~tok~", which no piece of a target spells: found in an href, the rules put it there.
    sessionToken: fc.option(
      fc.string().map((s) => `~tok~${s}`),
      { nil: null },
    ),
    embeddingMode: fc.constantFrom("none" as const, "tapos_embedded" as const),
    postProtocol: fc.boolean(),
  });

  function hrefsOf(link: ResolvedLink): string[] {
    switch (link.kind) {
      case "disabled":
      case "noop":
        return [];
      case "form":
        return [link.action];
      default:
        return [link.href];
    }
  }

  function isSafe(href: string): boolean {
    if (href.startsWith("#")) return true;
    if (href.startsWith("/")) return !href.startsWith("//") && !href.includes("\\") && !/[\u0000-\u001f]/.test(href);
    try {
      return ["http:", "https:", "mailto:"].includes(new URL(href).protocol);
    } catch {
      return false;
    }
  }

  it("holds for arbitrary targets and pages, and no href or action ever carries the member's token", () => {
    fc.assert(
      fc.property(target, environment, (to, e) => {
        const link = resolveLink(
          to,
          env(
            { currentSearch: e.currentSearch, sessionToken: e.sessionToken, embeddingMode: e.embeddingMode },
            { postProtocol: e.postProtocol },
          ),
        );
        const hrefs = hrefsOf(link);
        return hrefs.every(isSafe) && hrefs.every((href) => !href.includes("~tok~"));
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS || 3000) },
    );
  });
});
