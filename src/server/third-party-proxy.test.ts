// The off-main-thread script proxy's rules, as tables: which sources of a site's script-src it
// may call, which `url` values it forwards (hosts, schemes, ports, folders, credentials), which
// headers reach the vendor, and what it makes of each answer (methods, sizes, redirects, types).
// In the production server, over real sockets to the sandbox's stand-ins (redirects not followed,
// the size and time bounds, the visitor's cookies): http/third-party-proxy-route.test.ts.
import { itReturns, itReturnsPerCase } from "../test/tables";
import { thirdPartySources } from "./third-parties";
import {
  acceptedEncodings,
  forwardedHeaders,
  handleThirdPartyProxy,
  MAX_PROXIED_SCRIPT_BYTES,
  proxiedCacheControl,
  proxySourcesOf,
  proxyTargetOf,
  type ProxySource,
  type ThirdPartyProxyRequest,
} from "./third-party-proxy";
import { UpstreamTimeoutError, type UpstreamAnswer, type UpstreamRequest } from "./upstream-fetch";

describe("proxySourcesOf: what a site's script-src lets the proxy call", () => {
  itReturnsPerCase(proxySourcesOf, [
    [
      "an origin: the whole host",
      ["https://www.googletagmanager.com"],
      [{ protocol: "https:", host: "www.googletagmanager.com", path: "/" }],
    ],
    [
      "a folder (reCAPTCHA's)",
      ["https://www.google.com/recaptcha/"],
      [{ protocol: "https:", host: "www.google.com", path: "/recaptcha/" }],
    ],
    [
      "a sandbox stand-in over http on a loopback host, its port kept",
      ["http://127.0.0.1:9410"],
      [{ protocol: "http:", host: "127.0.0.1:9410", path: "/" }],
    ],
    ["http to any other host: never", ["http://cdn.example.com"], []],
    ["a wildcard host: never", ["https://*.google-analytics.com"], []],
    ["keywords and hashes: nothing to call", ["'self'", "'sha256-AAA='", "data:", "https:"], []],
    [
      "the default port left out, repeats once",
      ["https://cdn.example.com:443/", "https://CDN.example.com"],
      [{ protocol: "https:", host: "cdn.example.com", path: "/" }],
    ],
  ]);

  it("reads the sources the build derives from the deploy's third-party settings", () => {
    const sources = thirdPartySources({
      env: {
        GATSBY_DIDOMI_API_KEY: "k",
        GATSBY_GA_MEASUREMENT_ID: "G-FIXED",
        GATSBY_GTM_ADS_CONTAINER_ID: "GTM-ADS",
        GATSBY_RECAPTCHA_SITE_KEY: "site-key",
      },
      tracking: {
        noticeId: "notice",
        measurementIds: [],
        containerIds: [],
        adsDisplayOn: true,
        targett: { enabled: false, customerId: "" },
      },
    });
    expect(proxySourcesOf(sources["script-src"] ?? [])).toEqual([
      { protocol: "https:", host: "www.google.com", path: "/recaptcha/" },
      { protocol: "https:", host: "www.gstatic.com", path: "/recaptcha/" },
      { protocol: "https:", host: "sdk.privacy-center.org", path: "/" },
      { protocol: "https:", host: "www.googletagmanager.com", path: "/" },
    ]);
  });
});

const SOURCES: ProxySource[] = proxySourcesOf([
  "https://www.googletagmanager.com",
  "https://www.google.com/recaptcha/",
  "https://cdn.example.com/lib/exact.js",
  "http://127.0.0.1:9410",
  "https://203.0.113.7",
]);
const target = (url: unknown) => {
  const decision = proxyTargetOf(url, SOURCES);
  return decision.ok ? decision.target.href : decision.code;
};

describe("proxyTargetOf: the allowlist", () => {
  itReturns(target, [
    // What the site's settings name.
    [
      "https://www.googletagmanager.com/gtag/js?id=G-X&l=dataLayer",
      "https://www.googletagmanager.com/gtag/js?id=G-X&l=dataLayer",
    ],
    ["https://WWW.GoogleTagManager.com/gtm.js?id=GTM-1", "https://www.googletagmanager.com/gtm.js?id=GTM-1"],
    ["https://www.googletagmanager.com:443/gtm.js", "https://www.googletagmanager.com/gtm.js"],
    ["https://www.google.com/recaptcha/api.js?render=k", "https://www.google.com/recaptcha/api.js?render=k"],
    ["https://cdn.example.com/lib/exact.js", "https://cdn.example.com/lib/exact.js"],
    ["http://127.0.0.1:9410/__ga/gtag/js?id=G-SANDBOX0001", "http://127.0.0.1:9410/__ga/gtag/js?id=G-SANDBOX0001"],
    ["https://203.0.113.7/tag.js", "https://203.0.113.7/tag.js"],
    // The fragment never leaves.
    ["https://www.googletagmanager.com/gtm.js#x", "https://www.googletagmanager.com/gtm.js"],
    // Other hosts, look-alikes and tricks of the URL syntax.
    ["https://evil.example/gtag/js", "host_not_allowed"],
    ["https://www.googletagmanager.com.evil.example/gtag/js", "host_not_allowed"],
    ["https://evil.example/#@www.googletagmanager.com", "host_not_allowed"],
    ["https://evil.example\\@www.googletagmanager.com/", "host_not_allowed"],
    ["https://www.googletagmanager.com./gtm.js", "host_not_allowed"],
    ["https://sub.www.googletagmanager.com/gtm.js", "host_not_allowed"],
    ["https://googletagmanager.com/gtm.js", "host_not_allowed"],
    // Credentials, other ports, other schemes.
    ["https://user:pass@www.googletagmanager.com/gtm.js", "host_not_allowed"],
    ["https://www.googletagmanager.com@evil.example/gtm.js", "host_not_allowed"],
    ["https://www.googletagmanager.com:8443/gtm.js", "host_not_allowed"],
    ["http://www.googletagmanager.com/gtm.js", "host_not_allowed"],
    ["http://127.0.0.1:9411/__ga/gtag/js", "host_not_allowed"],
    ["http://127.0.0.1/__ga/gtag/js", "host_not_allowed"],
    ["ftp://www.googletagmanager.com/gtm.js", "host_not_allowed"],
    ["data:text/javascript,alert(1)", "host_not_allowed"],
    ["javascript:alert(1)", "host_not_allowed"],
    ["file:///etc/passwd", "host_not_allowed"],
    // IP literals the settings do not name (the machine's own services, cloud metadata).
    ["http://127.0.0.1:22/", "host_not_allowed"],
    ["http://169.254.169.254/latest/meta-data/", "host_not_allowed"],
    ["https://[::1]/x.js", "host_not_allowed"],
    ["https://3405803783/tag.js", "https://203.0.113.7/tag.js"],
    // Outside a source's folder or path.
    ["https://www.google.com/complete/search?jsonp=alert", "host_not_allowed"],
    ["https://www.google.com/recaptcha/../complete/search", "host_not_allowed"],
    ["https://www.google.com/recaptcha/%2e%2e/complete/search", "host_not_allowed"],
    ["https://www.google.com/recaptcha/..%2Fcomplete/search", "host_not_allowed"],
    ["https://www.google.com/recaptcha/..%5ccomplete/search", "host_not_allowed"],
    ["https://www.google.com/recaptchaX/api.js", "host_not_allowed"],
    ["https://cdn.example.com/lib/exact.js/more", "host_not_allowed"],
    ["https://cdn.example.com/lib/other.js", "host_not_allowed"],
    // Not one absolute URL.
    [undefined, "bad_request"],
    ["", "bad_request"],
    ["/__ga/gtag/js", "bad_request"],
    [["https://www.googletagmanager.com/gtm.js", "https://evil.example/"], "bad_request"],
    [`https://www.googletagmanager.com/gtm.js?id=${"x".repeat(2100)}`, "bad_request"],
  ]);

  it("names an IP literal the settings leave out as such", () => {
    expect(proxyTargetOf("https://169.254.169.254/", SOURCES)).toMatchObject({
      message: expect.stringMatching(/IP address/),
    });
  });

  it("forwards nothing when the site names no third party", () => {
    expect(proxyTargetOf("https://www.googletagmanager.com/gtm.js", [])).toMatchObject({
      ok: false,
      code: "host_not_allowed",
    });
  });
});

describe("acceptedEncodings", () => {
  itReturns(acceptedEncodings, [
    [undefined, []],
    ["gzip, deflate, br, zstd", ["br", "gzip"]],
    ["GZIP", ["gzip"]],
    ["br;q=0, gzip;q=0.5", ["gzip"]],
    ["deflate, identity", []],
    ["*", []],
  ]);
});

describe("forwardedHeaders: nothing of the visitor but a few harmless headers", () => {
  it("passes Accept, Accept-Language, User-Agent and the encodings it can pass on, and nothing else", () => {
    expect(
      forwardedHeaders({
        accept: "*/*",
        "accept-language": "fr-FR,fr;q=0.9",
        "user-agent": "Mozilla/5.0",
        "accept-encoding": "gzip, deflate, br",
        cookie: "memberRefresh=secret; _ga=1",
        authorization: "Bearer secret",
        referer: "https://www.cinema-lumiere.fr/account/reset-password/?resetCode=RC999",
        origin: "https://www.cinema-lumiere.fr",
        "x-forwarded-for": "198.51.100.1",
        "cypher-session-token": "secret",
        "if-none-match": '"etag"',
      }),
    ).toEqual({
      Accept: "*/*",
      "Accept-Language": "fr-FR,fr;q=0.9",
      "User-Agent": "Mozilla/5.0",
      "Accept-Encoding": "br, gzip",
    });
  });

  it("asks for */* and no compression when the visitor said nothing, and drops values that are not plain text", () => {
    expect(forwardedHeaders({ "accept-language": "fr\u00e9", "user-agent": "x".repeat(600) })).toEqual({
      Accept: "*/*",
      "Accept-Encoding": "identity",
    });
  });
});

describe("proxiedCacheControl", () => {
  itReturns(proxiedCacheControl, [
    [null, "public, no-cache"],
    ["no-store", "no-store"],
    ["private, no-store, max-age=0", "no-store"],
    ["public, max-age=900", "public, max-age=900"],
    ["private, max-age=900", "private, max-age=900"],
    ["max-age=31536000, immutable", "public, max-age=3600"],
    ["no-cache, max-age=60", "public, no-cache"],
    ["s-maxage=600", "public, no-cache"],
  ]);
});

/** A vendor's answer, as callUpstream gives it. */
function answer(status: number, headers: Record<string, string>, body: string | null): UpstreamAnswer {
  const lower = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  return {
    status,
    header: (name) => lower[name.toLowerCase()] ?? null,
    bytes: body === null ? null : Buffer.from(body),
  };
}

const SCRIPT = "window.dataLayer = window.dataLayer || [];";
const JS = { "Content-Type": "text/javascript; charset=UTF-8", "Cache-Control": "private, max-age=900" };

/** The proxy's answer to `request`, the vendor answering `upstream`; with the calls it made. */
async function proxied(
  request: Partial<ThirdPartyProxyRequest>,
  upstream: () => Promise<UpstreamAnswer> = async () => answer(200, JS, SCRIPT),
) {
  const calls: { target: string; call: UpstreamRequest }[] = [];
  const response = await handleThirdPartyProxy(
    { method: "GET", url: "https://www.googletagmanager.com/gtag/js?id=G-X", headers: {}, ...request },
    {
      sources: SOURCES,
      call: async (target, call) => {
        calls.push({ target: target.href, call });
        return upstream();
      },
    },
  );
  const body = Buffer.isBuffer(response.body) ? response.body.toString("utf8") : response.body;
  const error = response.status !== 200 ? (JSON.parse(body) as { error: { code: string } }).error.code : null;
  return { ...response, body, error, calls };
}

describe("handleThirdPartyProxy", () => {
  it("passes a script on: its bytes, its type, a bounded Cache-Control, same-origin only", async () => {
    const { status, headers, body, calls } = await proxied({ headers: { "sec-fetch-dest": "script" } });
    expect(status).toBe(200);
    expect(body).toBe(SCRIPT);
    expect(headers).toEqual({
      "Content-Type": "text/javascript; charset=UTF-8",
      "Cache-Control": "private, max-age=900",
      Vary: "Accept-Encoding",
      "Cross-Origin-Resource-Policy": "same-origin",
    });
    expect(calls).toEqual([
      {
        target: "https://www.googletagmanager.com/gtag/js?id=G-X",
        call: {
          method: "GET",
          headers: { Accept: "*/*", "Accept-Encoding": "identity" },
          timeoutMs: 5_000,
          maxBodyBytes: MAX_PROXIED_SCRIPT_BYTES,
        },
      },
    ]);
  });

  it("passes a compressed script on as it is, with the encoding it asked for", async () => {
    const { status, headers, calls } = await proxied({ headers: { "accept-encoding": "gzip, br" } }, async () =>
      answer(200, { ...JS, "Content-Encoding": "br", Vary: "Accept-Encoding, Cookie, Accept-Language" }, "\x00br"),
    );
    expect(calls[0]?.call.headers["Accept-Encoding"]).toBe("br, gzip");
    expect(status).toBe(200);
    expect(headers["Content-Encoding"]).toBe("br");
    // Only what the proxy forwards can make the answer vary; the cookie never reaches the vendor.
    expect(headers.Vary).toBe("Accept-Encoding, accept-language");
  });

  it.each([
    ["POST", 405],
    ["PUT", 405],
    ["DELETE", 405],
    ["OPTIONS", 405],
    ["HEAD", 200],
    ["GET", 200],
  ])("%s → %i", async (method, status) => {
    const response = await proxied({ method });
    expect(response.status).toBe(status);
    if (status === 405) {
      expect(response.headers.Allow).toBe("GET, HEAD");
      expect(response.calls).toEqual([]);
    } else {
      expect(response.calls.map(({ call }) => call.method)).toEqual(["GET"]);
    }
  });

  it.each([
    [{ "sec-fetch-dest": "serviceworker" }, 403],
    [{ "sec-fetch-dest": "worker" }, 403],
    [{ "sec-fetch-dest": "sharedworker" }, 403],
    [{ "sec-fetch-dest": "document" }, 403],
    [{ "sec-fetch-dest": "iframe" }, 403],
    [{ "service-worker": "script" }, 403],
    [{ "sec-fetch-dest": "script" }, 200],
    [{ "sec-fetch-dest": "empty" }, 200],
    [{}, 200],
  ])(
    "a request for %p → %i (a vendor's answer on the site's origin must never become a worker)",
    async (headers, status) => {
      const response = await proxied({ headers });
      expect(response.status).toBe(status);
      if (status === 403) {
        expect(response.error).toBe("destination_not_allowed");
        expect(response.calls).toEqual([]);
      }
    },
  );

  it("refuses a host the settings do not name with 403, before any call", async () => {
    const response = await proxied({ url: "https://evil.example/x.js" });
    expect([response.status, response.error, response.calls]).toEqual([403, "host_not_allowed", []]);
    expect(response.headers["Cache-Control"]).toBe("no-store");
  });

  it.each<[string, () => Promise<UpstreamAnswer>, number, string]>([
    [
      "a redirect (not followed)",
      async () => answer(302, { Location: "https://evil.example/x.js" }, ""),
      502,
      "upstream_redirect",
    ],
    ["a permanent redirect", async () => answer(301, { Location: "/elsewhere.js" }, ""), 502, "upstream_redirect"],
    ["a 404", async () => answer(404, { "Content-Type": "text/html" }, "<h1>no</h1>"), 502, "upstream_error"],
    ["a 204", async () => answer(204, {}, ""), 502, "upstream_error"],
    ["an answer past the size bound", async () => answer(200, JS, null), 502, "upstream_too_large"],
    [
      "HTML",
      async () => answer(200, { "Content-Type": "text/html" }, "<script>alert(1)</script>"),
      502,
      "upstream_not_script",
    ],
    ["SVG", async () => answer(200, { "Content-Type": "image/svg+xml" }, "<svg/>"), 502, "upstream_not_script"],
    ["no type", async () => answer(200, {}, SCRIPT), 502, "upstream_not_script"],
    ["text/plain", async () => answer(200, { "Content-Type": "text/plain" }, SCRIPT), 502, "upstream_not_script"],
    [
      "an encoding not asked for",
      async () => answer(200, { ...JS, "Content-Encoding": "gzip" }, "\x1f\x8b"),
      502,
      "upstream_not_script",
    ],
    [
      "no answer in time",
      async () => {
        throw new UpstreamTimeoutError(5_000);
      },
      504,
      "upstream_timeout",
    ],
    [
      "a connection refused",
      async () => {
        throw Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
      },
      502,
      "upstream_unreachable",
    ],
  ])("refuses %s", async (_case, upstream, status, code) => {
    const response = await proxied({}, upstream);
    expect([response.status, response.error]).toEqual([status, code]);
    expect(response.body).not.toMatch(/alert|evil|ECONNREFUSED/);
  });

  it.each([
    ["application/javascript", 200],
    ["text/javascript", 200],
    ["application/x-javascript; charset=utf-8", 200],
    ["text/ecmascript", 200],
    ["application/json", 200],
    ["application/manifest+json", 200],
    ["text/javascriptx", 502],
    ["application/octet-stream", 502],
  ])("a %s answer → %i", async (type, status) => {
    expect((await proxied({}, async () => answer(200, { "Content-Type": type }, SCRIPT))).status).toBe(status);
  });

  it("answers 503 with Retry-After past the calls in flight, and takes calls again once they end", async () => {
    const release: (() => void)[] = [];
    const slow = () =>
      new Promise<UpstreamAnswer>((resolve) => {
        release.push(() => resolve(answer(200, JS, SCRIPT)));
      });
    const pending = Array.from({ length: 32 }, () => proxied({}, slow));
    await new Promise((resolve) => setImmediate(resolve));
    const busy = await proxied({});
    expect([busy.status, busy.error, busy.headers["Retry-After"], busy.calls]).toEqual([503, "busy", "1", []]);
    for (const done of release) done();
    expect((await Promise.all(pending)).map((response) => response.status)).toEqual(Array(32).fill(200));
    expect((await proxied({})).status).toBe(200);
  });
});
