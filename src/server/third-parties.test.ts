import { DEFAULT_RECAPTCHA_SCRIPT_URL, THIRD_PARTIES, thirdPartySources, type ThirdParty } from "./third-parties";

/** The sources of a deploy with a reCAPTCHA key whose script comes from `scriptUrl`. */
function withRecaptchaScript(scriptUrl: string, siteKey = "k") {
  return thirdPartySources({ env: { GATSBY_RECAPTCHA_SITE_KEY: siteKey, GATSBY_RECAPTCHA_SCRIPT_URL: scriptUrl } });
}

describe("thirdPartySources", () => {
  it("is empty for a deploy without third parties", () => {
    expect(thirdPartySources({ env: {} })).toEqual({});
  });

  it("allows Google's reCAPTCHA (script and frames) once a deploy key is set", () => {
    expect(thirdPartySources({ env: { GATSBY_RECAPTCHA_SITE_KEY: "site-key" } })).toEqual({
      "script-src": ["https://www.google.com/recaptcha/", "https://www.gstatic.com/recaptcha/"],
      "frame-src": ["https://www.google.com/recaptcha/", "https://recaptcha.google.com/recaptcha/"],
    });
    expect(new URL(DEFAULT_RECAPTCHA_SCRIPT_URL).hostname).toBe("www.google.com");
  });

  it("allows the consent manager and the analytics a site with a notice uses (src/tracking/consent/third-parties.ts)", () => {
    const sources = thirdPartySources({
      env: {
        GATSBY_DIDOMI_API_KEY: "public-key",
        GATSBY_DIDOMI_SDK_URL: "http://127.0.0.1:9411/__consent/sdk/",
        GATSBY_GA_MEASUREMENT_ID: "G-FIXED1234",
        GATSBY_GA_SCRIPT_URL: "http://127.0.0.1:9411/__ga/gtag/js",
      },
      tracking: {
        noticeId: "lumiere-notice",
        measurementIds: [],
        containerIds: [],
        adsDisplayOn: false,
        targett: { enabled: false, customerId: "" },
      },
    });
    expect(sources["script-src"]).toContain("http://127.0.0.1:9411");
    expect(sources["connect-src"]).toContain("http://127.0.0.1:9411");
  });

  it("frames only the trailer players the catalogue uses and plays MP4 trailers from their origins (issue 45)", () => {
    expect(
      thirdPartySources({
        env: {},
        trailerUrls: [
          "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
          "https://youtu.be/aaaaaaaaaaa",
          "https://media.example.com/trailers/a.mp4",
          "",
          "https://tickets.example.com/not-a-video",
        ],
      }),
    ).toEqual({ "frame-src": ["https://www.youtube-nocookie.com"], "media-src": ["https://media.example.com"] });
    expect(thirdPartySources({ env: {}, trailerUrls: ["https://vimeo.com/76979871"] })).toEqual({
      "frame-src": ["https://player.vimeo.com"],
    });
    // No trailer, or none that plays in place (a link out): no video host at all.
    expect(
      thirdPartySources({ env: {}, trailerUrls: ["", "https://www.youtube.com.evil.example/watch?v=dQw4w9WgXcQ"] }),
    ).toEqual({});
  });

  it("allows reCAPTCHA when only a page brings a key (pages.json captchaSiteKey)", () => {
    expect(thirdPartySources({ env: {}, captchaOnSomePage: true })["script-src"]).toContain(
      "https://www.google.com/recaptcha/",
    );
  });

  it("follows www.recaptcha.net", () => {
    expect(withRecaptchaScript("https://www.recaptcha.net/recaptcha/api.js")["script-src"]).toEqual([
      "https://www.recaptcha.net/recaptcha/",
      "https://www.gstatic.com/recaptcha/",
    ]);
  });

  it("allows only the folder of a stand-in script (npm start, the browser tests)", () => {
    const sources = withRecaptchaScript("http://127.0.0.1:9421/__recaptcha/api.js", "sandbox-site-key");
    expect(sources).toEqual({ "script-src": ["http://127.0.0.1:9421/__recaptcha/"] });
  });

  it("refuses a script URL that is not an http(s) URL, naming the setting", () => {
    expect(() => withRecaptchaScript("javascript:alert(1)")).toThrow(/GATSBY_RECAPTCHA_SCRIPT_URL/);
    expect(() => withRecaptchaScript("/relative.js")).toThrow(/GATSBY_RECAPTCHA_SCRIPT_URL/);
  });

  it("escapes what would end a CSP directive", () => {
    expect(withRecaptchaScript("https://cdn.example/a;b,c/api.js")["script-src"]).toEqual([
      "https://cdn.example/a%3Bb%2Cc/",
    ]);
  });

  it("merges every party's sources without repeats (a new party is one entry)", () => {
    const analytics: ThirdParty = {
      name: "analytics",
      sources: ({ env }) =>
        env.ANALYTICS_ID
          ? { "script-src": ["https://www.gstatic.com/recaptcha/"], "connect-src": ["https://collect.example"] }
          : null,
    };
    const recaptchaOnly = thirdPartySources({ env: { GATSBY_RECAPTCHA_SITE_KEY: "k" } });
    const parties = [...THIRD_PARTIES, analytics];
    const both = thirdPartySources({ env: { GATSBY_RECAPTCHA_SITE_KEY: "k", ANALYTICS_ID: "x" } }, parties);
    expect(both["script-src"]).toEqual(recaptchaOnly["script-src"]);
    expect(both["connect-src"]).toEqual(["https://collect.example"]);
    expect(thirdPartySources({ env: {} }, parties)).toEqual({});
  });
});
