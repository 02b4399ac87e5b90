import {
  API_CONTENT_SECURITY_POLICY,
  apiHeaders,
  CACHE_CONTROL,
  contentSecurityPolicy,
  netlifyHeaderRoutes,
  pathKindOf,
  staticHeaders,
  type SiteHeaderPolicy,
} from "./headers";
import { itReturns } from "../../test/tables";

const policy: SiteHeaderPolicy = {
  allowedEmbeddingDomains: ["https://caisse.cinema-lumiere.fr"],
  editorOrigins: ["https://editor.example.com", "https://preview.example.com"],
  thirdPartySources: {
    "script-src": ["http://127.0.0.1:9421/__recaptcha/"],
    "frame-src": ["https://www.google.com/recaptcha/"],
  },
  inlineScriptHashes: ["sha256-AAA=", "sha256-BBB="],
};

const directives = (csp: string) =>
  Object.fromEntries(csp.split("; ").map((d) => [d.split(" ")[0], d.split(" ").slice(1)] as const));

describe("pathKindOf", () => {
  itReturns(
    pathKindOf,
    [
      ["/", "revalidate"],
      ["/index.html", "revalidate"],
      ["/films/1000021002-orbite-basse/", "revalidate"],
      ["/page-data/films/page-data.json", "revalidate"],
      ["/page-data/app-data.json", "revalidate"],
      ["/page-data/sq/d/1234567890.json", "revalidate"],
      ["/sw.js", "revalidate"],
      ["/404.html", "revalidate"],
      ["/site-assets/logo.svg", "revalidate"],
      ["/film-index.json", "revalidate"],
      ["/chunk-map.json", "revalidate"],
      ["/app-527413268a60cedd4873.js", "immutable"],
      ["/webpack-runtime-0776ac7360faecb1004d.js", "immutable"],
      ["/component---src-templates-film-template-tsx-61537c2988a1ec1fef97.js", "immutable"],
      ["/741-0444bb3cf359e2bdb10b.js.LICENSE.txt", "immutable"],
      ["/app-527413268a60cedd4873.js.map", "immutable"],
      ["/styles-0123456789abcdef0123.css", "immutable"],
      ["/static/poster-abc123.png", "immutable"],
      ["/fonts/inter-latin-wght-normal.3100e775.woff2", "immutable"],
      ["/fonts/inter.woff2", "revalidate"],
      ["/films/app-527413268a60cedd4873.js", "revalidate"],
      ["/api/cypher", "api"],
      ["/api/startticketing/redirect", "api"],
      ["/healthz", "api"],
      ["/__third-party-proxy", "api"],
      ["/__third-party-proxy/", "revalidate"],
    ],
    "%s is %s",
  );
});

describe("contentSecurityPolicy", () => {
  it("allows the site, its inline-script hashes and its third parties, and nothing inline for scripts", () => {
    const csp = directives(contentSecurityPolicy(policy));
    expect(csp["default-src"]).toEqual(["'self'"]);
    expect(csp["script-src"]).toEqual([
      "'self'",
      "'sha256-AAA='",
      "'sha256-BBB='",
      "http://127.0.0.1:9421/__recaptcha/",
    ]);
    expect(csp["script-src"]).not.toContain("'unsafe-inline'");
    expect(csp["script-src"]).not.toContain("'unsafe-eval'");
    expect(csp["style-src"]).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp["frame-src"]).toEqual(["'self'", "https://www.google.com/recaptcha/"]);
    expect(csp["connect-src"]).toEqual(["'self'"]);
    expect(csp["media-src"]).toEqual(["'self'"]);
    expect(csp["object-src"]).toEqual(["'none'"]);
    expect(csp["base-uri"]).toEqual(["'self'"]);
  });

  it("lets the embedding domains and the editor origins frame the pages", () => {
    expect(directives(contentSecurityPolicy(policy))["frame-ancestors"]).toEqual([
      "'self'",
      "https://caisse.cinema-lumiere.fr",
      "https://editor.example.com",
      "https://preview.example.com",
    ]);
    const alone = { ...policy, allowedEmbeddingDomains: [], editorOrigins: [] };
    expect(directives(contentSecurityPolicy(alone))["frame-ancestors"]).toEqual(["'self'"]);
  });

  it("frames the trailers' players and plays their MP4 files from the origins the build found (issue 45)", () => {
    const withTrailers: SiteHeaderPolicy = {
      ...policy,
      thirdPartySources: {
        ...policy.thirdPartySources,
        "frame-src": [...(policy.thirdPartySources["frame-src"] ?? []), "https://www.youtube-nocookie.com"],
        "media-src": ["https://media.example.com"],
      },
    };
    const csp = directives(contentSecurityPolicy(withTrailers));
    expect(csp["frame-src"]).toEqual([
      "'self'",
      "https://www.google.com/recaptcha/",
      "https://www.youtube-nocookie.com",
    ]);
    expect(csp["media-src"]).toEqual(["'self'", "https://media.example.com"]);
    // The video host's scripts run in its frame, never in the page.
    expect(csp["script-src"]).not.toContain("https://www.youtube-nocookie.com");
  });

  it("names each source once", () => {
    const twice = { ...policy, editorOrigins: ["https://caisse.cinema-lumiere.fr"] };
    expect(directives(contentSecurityPolicy(twice))["frame-ancestors"]).toEqual([
      "'self'",
      "https://caisse.cinema-lumiere.fr",
    ]);
  });
});

describe("staticHeaders and apiHeaders", () => {
  it("sends HSTS over https only", () => {
    expect(staticHeaders("revalidate", policy, { https: true })["Strict-Transport-Security"]).toBe("max-age=31536000");
    expect(staticHeaders("revalidate", policy, { https: false })).not.toHaveProperty("Strict-Transport-Security");
    expect(apiHeaders({ https: true })["Strict-Transport-Security"]).toBe("max-age=31536000");
  });

  it("gives every response the same security headers and its kind's Cache-Control", () => {
    const page = staticHeaders("revalidate", policy, { https: false });
    expect(page).toMatchObject({
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "strict-origin-when-cross-origin",
      "Permissions-Policy": expect.stringContaining("camera=()"),
      "Cache-Control": "no-cache",
    });
    expect(staticHeaders("immutable", policy, { https: false })["Cache-Control"]).toBe(
      "public, max-age=31536000, immutable",
    );
    expect(apiHeaders({ https: false })).toMatchObject({
      "Cache-Control": "no-store",
      "Content-Security-Policy": API_CONTENT_SECURITY_POLICY,
    });
    for (const headers of [page, apiHeaders({ https: true })]) {
      expect(Object.keys(headers).map((h) => h.toLowerCase())).not.toContain("access-control-allow-origin");
      expect(Object.keys(headers).map((h) => h.toLowerCase())).not.toContain("x-frame-options");
    }
  });
});

describe("netlifyHeaderRoutes", () => {
  const files = [
    "/index.html",
    "/404.html",
    "/sw.js",
    "/app-527413268a60cedd4873.js",
    "/framework-675989f99d9047bc3625.js",
    "/fonts/inter-latin-wght-normal.3100e775.woff2",
    "/fonts/inter-latin-ext-wght-normal.34b9c504.woff2",
    "/static/a-1.png",
    "/page-data/app-data.json",
    "/site-assets/logo.svg",
    "/mixed/x-0123456789abcdef0123.js",
  ];

  it("puts every header on /* and overrides only Cache-Control for immutable files or folders", () => {
    const rules = netlifyHeaderRoutes(policy, files);
    expect(rules[0]).toEqual({
      path: "/*",
      headers: Object.entries(staticHeaders("revalidate", policy, { https: true })).map(([key, value]) => ({
        key,
        value,
      })),
    });
    const immutable = [{ key: "Cache-Control", value: CACHE_CONTROL.immutable }];
    expect(rules.slice(1)).toEqual([
      { path: "/app-527413268a60cedd4873.js", headers: immutable },
      { path: "/framework-675989f99d9047bc3625.js", headers: immutable },
      { path: "/fonts/*", headers: immutable },
      { path: "/static/*", headers: immutable },
    ]);
  });

  it("names a file exactly when its folder also holds revalidated files", () => {
    const rules = netlifyHeaderRoutes(policy, ["/index.html", "/fonts/a.12345678.woff2", "/fonts/readme.txt"]);
    expect(rules.map((r) => r.path)).toEqual(["/*", "/fonts/a.12345678.woff2"]);
  });
});
