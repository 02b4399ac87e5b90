import {
  PROXY_ERROR_CODES,
  catalogueFormatter,
  isProxyErrorCode,
  loyaltyErrorMessageIds,
  messageForLoyaltyError,
  messageIdForProxyError,
  type LoyaltyErrorInput,
} from "./errors";
import { loyaltyMessagesEnUS } from "./i18n/en-US";
import { loyaltyMessagesFrFR } from "./i18n/fr-FR";

const en = catalogueFormatter(loyaltyMessagesEnUS);
const fr = catalogueFormatter(loyaltyMessagesFrFR);
const base: LoyaltyErrorInput = { code: 0, provider: "NONE", displayOriginalCypherMessages: false };

describe("the loyalty catalogues", () => {
  it("have the same ids in French as in English", () => {
    expect(Object.keys(loyaltyMessagesFrFR).sort()).toEqual(Object.keys(loyaltyMessagesEnUS).sort());
  });

  it("every message is non-empty in both languages and uses the same placeholders", () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    const problems = (Object.keys(loyaltyMessagesEnUS) as (keyof typeof loyaltyMessagesEnUS)[]).filter((id) => {
      const english = loyaltyMessagesEnUS[id];
      const french = loyaltyMessagesFrFR[id];
      return (
        english.trim() === "" || french.trim() === "" || placeholders(french).join() !== placeholders(english).join()
      );
    });
    expect(problems).toEqual([]);
  });
});

describe("messageForLoyaltyError: the peachCode table of spec §8", () => {
  it.each<[number, string]>([
    [26, "Your account is not activated"],
    [29, "Your email is not associated with a member"],
    [30, "Member not found"],
    [31, "Incorrect password"],
    [58, "Incorrect password"],
    [34, "This email is already associated to a member"],
    [60, "This email is already associated to a member"],
    [46, "Your account has expired"],
    [51, "Invalid gift card"],
    [57, "Invalid reset code"],
    [72, "This movie can't be added to your watchlist yet"],
    [76, "Your account is already active"],
    [84, "Password should meet complexity rules"],
    [85, "Invalid activation info"],
    [1015, "You need to change your password"],
    [1019, "Your account is blocked"],
    [1020, "This card is already active"],
    [7, "Your session has expired. Please log in again."],
    [423, "Your account is temporarily locked. Please try again later."],
    [429, "Too many attempts. Please try again later."],
  ])("%i → %s (Code: %i)", (code, text) => {
    expect(messageForLoyaltyError({ ...base, code }, en, "Fallback")).toBe(`${text} (Code: ${code})`);
  });
});

describe("messageForLoyaltyError: lookup order", () => {
  it("prefers {code}_{provider}", () => {
    expect(messageForLoyaltyError({ ...base, code: 84, provider: "BOOST_POS" }, en, "Fallback")).toBe(
      "Your password must have at least 8 characters, including 1 lowercase letter, 1 uppercase letter, 1 number and 1 special character (Code: 84)",
    );
  });

  it("falls back to the code alone for a provider without its own text", () => {
    expect(messageForLoyaltyError({ ...base, code: 84, provider: "TAPOS" }, en, "Fallback")).toBe(
      "Password should meet complexity rules (Code: 84)",
    );
  });

  it("falls back to the caller's message for an unknown code, still with the code", () => {
    expect(messageForLoyaltyError({ ...base, code: 999 }, en, "Something went wrong")).toBe(
      "Something went wrong (Code: 999)",
    );
  });

  it("tries the ids in the documented order", () => {
    expect(loyaltyErrorMessageIds(84, "BOOST_POS")).toEqual(["loyalty.error.84_BOOST_POS", "loyalty.error.84"]);
    const asked: string[] = [];
    messageForLoyaltyError({ ...base, code: 12, provider: "CGR" }, (id) => (asked.push(id), undefined), "F");
    expect(asked).toEqual(["loyalty.error.12_CGR", "loyalty.error.12", "loyalty.error.codeSuffix"]);
  });
});

describe("messageForLoyaltyError: the provider's own text", () => {
  it.each<[string, Partial<LoyaltyErrorInput>, string]>([
    [
      "shown when the site opts in and one came back",
      { displayOriginalCypherMessages: true, clientErrorMessage: "Mot de passe erroné" },
      "Mot de passe erroné (Code: 31)",
    ],
    [
      "ignored when the site has not opted in (this site)",
      { displayOriginalCypherMessages: false, clientErrorMessage: "Mot de passe erroné" },
      "Incorrect password (Code: 31)",
    ],
    [
      "ignored when empty",
      { displayOriginalCypherMessages: true, clientErrorMessage: "  " },
      "Incorrect password (Code: 31)",
    ],
    [
      "ignored when null",
      { displayOriginalCypherMessages: true, clientErrorMessage: null },
      "Incorrect password (Code: 31)",
    ],
  ])("is %s", (_what, input, expected) => {
    expect(messageForLoyaltyError({ ...base, code: 31, ...input }, en, "Fallback")).toBe(expected);
  });
});

describe("messageForLoyaltyError in French", () => {
  it.each<[LoyaltyErrorInput, string]>([
    [{ ...base, code: 31 }, "Mot de passe incorrect (Code : 31)"],
    [
      { ...base, code: 84, provider: "BOOST_POS" },
      "Votre mot de passe doit comporter au moins 8 caractères, dont 1 lettre minuscule, 1 lettre majuscule, 1 chiffre et 1 caractère spécial (Code : 84)",
    ],
    [{ ...base, code: "1019" }, "Votre compte est bloqué (Code : 1019)"],
    [{ ...base, code: 7 }, "Votre session a expiré. Veuillez vous reconnecter. (Code : 7)"],
    [{ ...base, code: 423 }, "Votre compte est temporairement verrouillé. Veuillez réessayer plus tard. (Code : 423)"],
    [{ ...base, code: 429 }, "Trop de tentatives. Veuillez réessayer plus tard. (Code : 429)"],
    [{ ...base, code: 4242 }, "Erreur (Code : 4242)"],
  ])("%j", (input, expected) => {
    expect(messageForLoyaltyError(input, fr, "Erreur")).toBe(expected);
  });

  it("passes the code to the formatter as a string, so no locale groups its digits", () => {
    const seen: unknown[] = [];
    messageForLoyaltyError({ ...base, code: 1015 }, (id, values) => (seen.push(values?.code), en(id, values)), "F");
    expect(seen.at(-1)).toBe("1015");
  });
});

describe("proxy error codes", () => {
  it.each<[(typeof PROXY_ERROR_CODES)[number], string]>([
    ["upstream_timeout", "The member service is taking too long to answer. Please try again."],
    ["upstream_unreachable", "The member service cannot be reached. Check your connection and try again."],
    ["upstream_bad_response", "The member service cannot be reached. Check your connection and try again."],
    ["captcha_failed", "We could not check that you are not a robot. Please try again."],
    ["loyalty_not_configured", "Member accounts are not available on this site at the moment."],
    ["route_not_allowed", "An error has occurred. Please try again."],
  ])("%s reads as %s", (code, text) => {
    expect(en(messageIdForProxyError(code))).toBe(text);
  });

  it("recognises its own codes only", () => {
    expect(PROXY_ERROR_CODES.every(isProxyErrorCode)).toBe(true);
    expect(isProxyErrorCode("upstream_exploded")).toBe(false);
    expect(isProxyErrorCode(7)).toBe(false);
  });
});

describe("session and favourite-theater texts (spec §8)", () => {
  it.each<[keyof typeof loyaltyMessagesEnUS, string, string]>([
    ["loyalty.error.invalidToken", "Invalid token", "Jeton de connexion invalide"],
    ["loyalty.favoriteTheaters.error", "An error has occured.", "Une erreur est survenue."],
    [
      "loyalty.favoriteTheaters.loadError",
      "An error has occured while retrieving your favorite theaters.",
      "Une erreur est survenue lors de la récupération de vos cinémas favoris.",
    ],
  ])("%s", (id, english, french) => {
    expect(en(id)).toBe(english);
    expect(fr(id)).toBe(french);
  });
});

describe("catalogueFormatter", () => {
  it("answers undefined for unknown ids, including inherited property names", () => {
    expect(en("loyalty.error.404")).toBeUndefined();
    expect(en("toString")).toBeUndefined();
  });

  it("leaves placeholders without a value in place", () => {
    expect(en("loyalty.error.codeSuffix", {})).toBe("(Code: {code})");
  });
});
