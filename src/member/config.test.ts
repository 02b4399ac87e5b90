import { rawLoyaltySchema, type RawLoyaltyConfig } from "../config/settings";
import { loyaltyContextOf, normaliseLoyaltyConfig, withCurrentCinema, type LoyaltyConfig } from "./config";
import { TOKEN_PARAM_BY_PROVIDER } from "./token-param";

const site = {
  circuitId: "SITE-CIRCUIT",
  currentCinemaId: "CURRENT-CINEMA",
  ticketingUrl: "https://tickets.example.com",
};

describe("normaliseLoyaltyConfig: the defaults table (spec §3, §9)", () => {
  const normalised = normaliseLoyaltyConfig({}, site);

  const defaults: [keyof LoyaltyConfig, unknown][] = [
    ["version", 1],
    ["circuitId", ""],
    ["cinemaId", ""],
    ["cinemaIdFromCurrentTheater", false],
    ["type", "NONE"],
    ["clubId", ""],
    ["ticketingUrl", "https://tickets.example.com"],
    ["includeActivation", false],
    ["includeActivationCardNumber", false],
    ["includeActivationPhoneNumber", false],
    ["balanceTypes", []],
    ["scannableCodeFormat", "QR_CODE"],
    ["provider", "NONE"],
    ["accessFromHeader", false],
    ["guestHeaderAccessLabel", ""],
    ["guestSignupTabButton", ""],
    ["guestSignupTabText", ""],
    ["loggedInHeaderAccessLabel", ""],
    ["loggedInMenu", []],
    ["includeWatchlist", false],
    ["cardType", "DEMATERIALIZED"],
    ["allowExpiredAccountsLogin", false],
    ["displayOriginalCypherMessages", false],
    ["sessionTimeout", 720],
    ["tokenParam", TOKEN_PARAM_BY_PROVIDER.NONE],
    ["extendedTicketingJourneys", false],
    ["postProtocol", false],
  ];
  it.each(defaults)("%s defaults to %j", (field, expected) => {
    expect(normalised[field]).toEqual(expected);
  });

  it("has no field the table above does not cover", () => {
    expect(Object.keys(normalised).sort()).toEqual(defaults.map(([field]) => field).sort());
  });

  it("parses from an empty operator block", () => {
    expect(normaliseLoyaltyConfig(rawLoyaltySchema.parse({}), site)).toEqual(normalised);
  });

  it("keeps what the operator configured", () => {
    const raw: RawLoyaltyConfig = {
      version: 3,
      circuitId: "C1",
      cinemaId: "0007",
      type: "NON_TIERED",
      clubId: "CLUB",
      ticketingUrl: "https://tickets.example.com",
      includeActivation: true,
      balanceTypes: ["POINTS"],
      scannableCodeFormat: "BARCODE",
      loggedInMenu: [{ label: "My account", to: "/account/" }],
      includeWatchlist: true,
      cardType: "PHYSICAL",
      allowExpiredAccountsLogin: true,
      displayOriginalCypherMessages: true,
      sessionTimeout: 24,
      tokenParam: "memberToken",
      extendedTicketingJourneys: true,
      postProtocol: true,
    };
    expect(normaliseLoyaltyConfig(raw, site)).toMatchObject({ ...raw, provider: "NONE" });
  });

  it("passes loggedInMenu through as is", () => {
    const loggedInMenu = [{ label: "Rewards", to: "/account/rewards/" }];
    expect(normaliseLoyaltyConfig({ loggedInMenu }, site).loggedInMenu).toBe(loggedInMenu);
  });

  it("defaults sessionTimeout to 720 (hours, spec §9)", () => {
    expect(normaliseLoyaltyConfig({}, site).sessionTimeout).toBe(720);
  });
});

describe("normaliseLoyaltyConfig: provider overrides (spec §4)", () => {
  type Row = [string, RawLoyaltyConfig, Partial<LoyaltyConfig>];
  it.each<Row>([
    [
      "BOOST_POS with its own circuit",
      { provider: "BOOST_POS", version: 1, circuitId: "LOY" },
      { version: 3, circuitId: "LOY", cinemaId: "CURRENT-CINEMA", balanceTypes: ["POINTS"] },
    ],
    [
      "BOOST_POS without a circuit",
      { provider: "BOOST_POS" },
      { version: 3, circuitId: "SITE-CIRCUIT", cinemaId: "CURRENT-CINEMA", balanceTypes: ["POINTS"] },
    ],
    ["BOOST_POS with an empty circuit", { provider: "BOOST_POS", circuitId: "" }, { circuitId: "SITE-CIRCUIT" }],
    [
      "BOOST_POS: the current cinema wins over a configured one",
      { provider: "BOOST_POS", cinemaId: "0007" },
      { cinemaId: "CURRENT-CINEMA", cinemaIdFromCurrentTheater: true },
    ],
    [
      "BOOST_POS_WITHOUT_LOYALTY",
      { provider: "BOOST_POS_WITHOUT_LOYALTY", balanceTypes: [] },
      { version: 3, circuitId: "SITE-CIRCUIT", cinemaId: "CURRENT-CINEMA", balanceTypes: ["POINTS"] },
    ],
    [
      "BOOST_POS_WITHOUT_LOYALTY with its own circuit",
      { provider: "BOOST_POS_WITHOUT_LOYALTY", circuitId: "LOY" },
      { circuitId: "LOY" },
    ],
    [
      "TAPOS with its own circuit",
      { provider: "TAPOS", version: 1, circuitId: "LOY" },
      { version: 3, circuitId: "LOY", cinemaId: "CURRENT-CINEMA", balanceTypes: [] },
    ],
    [
      "TAPOS without a circuit",
      { provider: "TAPOS" },
      { version: 3, circuitId: "SITE-CIRCUIT", cinemaId: "CURRENT-CINEMA" },
    ],
    [
      "TAPOS keeps configured balance types",
      { provider: "TAPOS", balanceTypes: ["POINTS"] },
      { balanceTypes: ["POINTS"] },
    ],
    [
      "CGR ignores its own circuit",
      { provider: "CGR", version: 1, circuitId: "LOY" },
      { version: 3, circuitId: "SITE-CIRCUIT", cinemaId: "CURRENT-CINEMA", balanceTypes: [] },
    ],
    [
      "CGR: the current cinema wins over a configured one",
      { provider: "CGR", cinemaId: "0007" },
      { cinemaId: "CURRENT-CINEMA", cinemaIdFromCurrentTheater: true },
    ],
    [
      "RTS forces the type",
      { provider: "RTS", type: "NONE", version: 1, circuitId: "LOY" },
      { type: "NON_TIERED", version: 1, circuitId: "LOY", cinemaId: "" },
    ],
    [
      "RTS leaves the rest",
      { provider: "RTS", version: 3, cinemaId: "0007" },
      { type: "NON_TIERED", version: 3, circuitId: "", cinemaId: "0007", cinemaIdFromCurrentTheater: false },
    ],
    [
      "NONE changes nothing",
      { provider: "NONE", version: 3, circuitId: "LOY" },
      { version: 3, circuitId: "LOY", cinemaId: "", type: "NONE" },
    ],
  ])("%s", (_what, raw, expected) => {
    expect(normaliseLoyaltyConfig(raw, site)).toMatchObject(expected);
  });

  it("leaves the cinema empty when a v3 provider has neither a configured nor a current cinema", () => {
    expect(normaliseLoyaltyConfig({ provider: "TAPOS" }, { circuitId: "C", currentCinemaId: "" }).cinemaId).toBe("");
  });

  it("keeps a configured cinema as the fallback of a circuit, where the build knows no current cinema", () => {
    expect(
      normaliseLoyaltyConfig({ provider: "TAPOS", cinemaId: "0007" }, { circuitId: "C", currentCinemaId: "" }).cinemaId,
    ).toBe("0007");
  });

  it.each(["BOOST_POS", "BOOST_POS_WITHOUT_LOYALTY", "TAPOS", "CGR", "RTS", "NONE"] as const)(
    "%s gets its token parameter unless the site overrides it",
    (provider) => {
      expect(normaliseLoyaltyConfig({ provider }, site).tokenParam).toBe(TOKEN_PARAM_BY_PROVIDER[provider]);
      expect(normaliseLoyaltyConfig({ provider, tokenParam: "t" }, site).tokenParam).toBe("t");
    },
  );
});

describe("loyaltyContextOf", () => {
  it("holds circuitId, cinemaId, clubId, provider and version (spec §3)", () => {
    const config = normaliseLoyaltyConfig({ provider: "TAPOS", clubId: "CLUB" }, site);
    expect(loyaltyContextOf(config)).toEqual({
      circuitId: "SITE-CIRCUIT",
      cinemaId: "CURRENT-CINEMA",
      clubId: "CLUB",
      provider: "TAPOS",
      version: 3,
    });
  });
});

describe("withCurrentCinema: the cinema id of a call on a circuit (spec §4 overrides, §4 Selected theater)", () => {
  // A circuit: the build knows no current theater; the operator configured a fallback cinema.
  const circuit = { circuitId: "CIRCUIT", currentCinemaId: "" };

  it.each(["BOOST_POS", "BOOST_POS_WITHOUT_LOYALTY", "TAPOS", "CGR"] as const)(
    "%s: the current theater's code, else the configured fallback, else empty",
    (provider) => {
      const configured = normaliseLoyaltyConfig({ provider, cinemaId: "FALLBACK" }, circuit);
      expect(loyaltyContextOf(withCurrentCinema(configured, "SL002")).cinemaId).toBe("SL002");
      expect(loyaltyContextOf(withCurrentCinema(configured, "SL003")).cinemaId).toBe("SL003");
      expect(loyaltyContextOf(withCurrentCinema(configured, null)).cinemaId).toBe("FALLBACK");
      const bare = normaliseLoyaltyConfig({ provider }, circuit);
      expect(loyaltyContextOf(withCurrentCinema(bare, "SL002")).cinemaId).toBe("SL002");
      expect(loyaltyContextOf(withCurrentCinema(bare, undefined)).cinemaId).toBe("");
    },
  );

  it.each(["RTS", "NONE"] as const)("%s keeps the configured cinema whatever the current theater", (provider) => {
    const config = normaliseLoyaltyConfig({ provider, version: 3, cinemaId: "0007" }, circuit);
    expect(withCurrentCinema(config, "SL002")).toBe(config);
    expect(loyaltyContextOf(withCurrentCinema(config, "SL002")).cinemaId).toBe("0007");
  });

  it("changes nothing else of the configuration", () => {
    const config = normaliseLoyaltyConfig({ provider: "CGR", circuitId: "LOY", clubId: "CLUB" }, circuit);
    expect(withCurrentCinema(config, "SL002")).toEqual({ ...config, cinemaId: "SL002" });
  });
});
