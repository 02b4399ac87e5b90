import type { LoyaltyProvider } from "../token-param";
import { buildResetLink, readResetParams, resetLinkCarriesEmail } from "./reset-link";

const PROVIDERS: LoyaltyProvider[] = ["BOOST_POS", "BOOST_POS_WITHOUT_LOYALTY", "TAPOS", "CGR", "RTS", "NONE"];
const CARRIES_EMAIL: Record<LoyaltyProvider, boolean> = {
  BOOST_POS: false,
  BOOST_POS_WITHOUT_LOYALTY: false,
  TAPOS: false,
  CGR: true,
  RTS: true,
  NONE: true,
};

describe("buildResetLink (spec §2)", () => {
  it.each(PROVIDERS)("%s: from the current page", (provider) => {
    const link = buildResetLink({
      currentUrl: "https://cinema.example/account/?tab=login#form",
      provider,
      email: "ada+films@example.com",
    });
    expect(link).toBe(
      CARRIES_EMAIL[provider]
        ? "https://cinema.example/account/?tab=login&email=ada%2Bfilms%40example.com&resetCode={resetCode}"
        : "https://cinema.example/account/?tab=login&resetCode={resetCode}",
    );
    expect(resetLinkCarriesEmail(provider)).toBe(CARRIES_EMAIL[provider]);
  });

  it.each(PROVIDERS)("%s: from {origin}/{path} when a path is given", (provider) => {
    const link = buildResetLink({
      currentUrl: "https://cinema.example/films/dune/?utm_source=x",
      path: "reset-password/",
      provider,
      email: "ada@example.com",
    });
    expect(link).toBe(
      CARRIES_EMAIL[provider]
        ? "https://cinema.example/reset-password/?email=ada%40example.com&resetCode={resetCode}"
        : "https://cinema.example/reset-password/?resetCode={resetCode}",
    );
  });

  it.each([
    ["a leading slash", "/reset/", "https://cinema.example/reset/?resetCode={resetCode}"],
    [
      "slashes that would name another host",
      "//evil.example/reset",
      "https://cinema.example/evil.example/reset?resetCode={resetCode}",
    ],
    ["a backslash", "\\\\evil.example", "https://cinema.example/evil.example?resetCode={resetCode}"],
    ["a query of its own", "reset?lang=fr", "https://cinema.example/reset?lang=fr&resetCode={resetCode}"],
  ])("a path with %s stays on the site", (_name, path, expected) => {
    expect(
      buildResetLink({
        currentUrl: "https://cinema.example:443/x",
        path,
        provider: "BOOST_POS",
        email: "a@example.com",
      }),
    ).toBe(expected);
  });

  it("drops stale reset values of the current page and a bare '?'", () => {
    expect(
      buildResetLink({
        currentUrl: "https://cinema.example/reset/?email=old%40x.com&resetCode=OLD&uid=1&token=T",
        provider: "NONE",
        email: "new@example.com",
      }),
    ).toBe("https://cinema.example/reset/?email=new%40example.com&resetCode={resetCode}");
    expect(
      buildResetLink({ currentUrl: "https://cinema.example/reset/?", provider: "TAPOS", email: "a@example.com" }),
    ).toBe("https://cinema.example/reset/?resetCode={resetCode}");
  });

  it("keeps the placeholder literal, once, at the end", () => {
    const link = buildResetLink({ currentUrl: "http://localhost:8000/", provider: "CGR", email: "a@example.com" });
    expect(link.endsWith("resetCode={resetCode}")).toBe(true);
    expect(link.split("{resetCode}")).toHaveLength(2);
    expect(link).not.toContain("%7B");
  });
});

describe("readResetParams: the link as the provider filled it in", () => {
  it.each(PROVIDERS.filter((p) => p !== "TAPOS"))("%s reads back what buildResetLink wrote", (provider) => {
    const template = buildResetLink({
      currentUrl: "https://cinema.example/reset/",
      provider,
      email: "ada+films@example.com",
    });
    const sent = new URL(template.replace("{resetCode}", encodeURIComponent("Ab9_x-Z")));
    expect(readResetParams(sent.search, provider)).toEqual({
      ok: true,
      params: {
        kind: "code",
        resetCode: "Ab9_x-Z",
        ...(CARRIES_EMAIL[provider] ? { email: "ada+films@example.com" } : {}),
      },
    });
  });

  it("TAPOS reads uid and token instead", () => {
    expect(readResetParams("?uid=100001&token=T0K3N&resetCode=ignored", "TAPOS")).toEqual({
      ok: true,
      params: { kind: "tapos", uid: "100001", token: "T0K3N" },
    });
  });

  it.each<[LoyaltyProvider, string, string[]]>([
    ["TAPOS", "?uid=100001", ["token"]],
    ["TAPOS", "?token=T", ["uid"]],
    ["TAPOS", "?email=a%40b.com&resetCode=C", ["uid", "token"]],
    ["TAPOS", "?uid=&token=", ["uid", "token"]],
    ["BOOST_POS", "", ["resetCode"]],
    ["BOOST_POS", "?resetCode=", ["resetCode"]],
    ["BOOST_POS_WITHOUT_LOYALTY", "?resetCode=%7BresetCode%7D", ["resetCode"]],
    ["BOOST_POS", "?resetCode={resetCode}", ["resetCode"]],
    ["CGR", "?resetCode=C", ["email"]],
    ["RTS", "?email=a%40b.com", ["resetCode"]],
    ["NONE", "", ["email", "resetCode"]],
  ])("%s %j → missing %j", (provider, search, missing) => {
    expect(readResetParams(search, provider)).toEqual({ ok: false, reason: "missing", missing });
  });

  it("providers without the e-mail in their links still read one that is there", () => {
    expect(readResetParams("?email=a%40b.com&resetCode=C", "BOOST_POS")).toEqual({
      ok: true,
      params: { kind: "code", resetCode: "C", email: "a@b.com" },
    });
  });

  it("takes URLSearchParams too", () => {
    expect(readResetParams(new URLSearchParams({ email: "a@b.com", resetCode: "C" }), "NONE")).toEqual({
      ok: true,
      params: { kind: "code", resetCode: "C", email: "a@b.com" },
    });
  });
});
