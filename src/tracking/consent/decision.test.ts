import {
  REGULATION_ORDER,
  decideConsent,
  isTrackingEnabled,
  regulationInForce,
  type ConsentDecision,
  type ConsentReading,
  type Regulation,
  type TrackingConditions,
  type VendorStatus,
} from "./decision";

const VENDORS = ["google", "c:google-analytics", "c:targett"] as const;

function reading(
  options: {
    regulations?: readonly Regulation[];
    consentRequired?: boolean;
    vendors?: readonly VendorStatus[];
    doNotSell?: boolean;
  } = {},
): ConsentReading {
  const applied = new Set(options.regulations ?? []);
  const statuses = new Map(VENDORS.map((id, index) => [id as string, options.vendors?.[index]]));
  return {
    consentRequired: options.consentRequired ?? true,
    regulationApplies: (regulation) => applied.has(regulation),
    vendorStatus: (id) => statuses.get(id),
    doNotSell: options.doNotSell ?? false,
  };
}

describe("regulationInForce: regulations are checked in the order gdpr, ccpa, cpra, cpa, ctdpa, vcdpa, tdpsa", () => {
  it("lists the spec's order", () => {
    expect(REGULATION_ORDER).toEqual(["gdpr", "ccpa", "cpra", "cpa", "ctdpa", "vcdpa", "tdpsa"]);
  });

  it.each<[readonly Regulation[], Regulation | null]>([
    [[], null],
    [["tdpsa", "gdpr"], "gdpr"],
    [["cpra", "ccpa"], "ccpa"],
    [["vcdpa", "cpra"], "cpra"],
    [["tdpsa", "cpa"], "cpa"],
    [["vcdpa", "ctdpa"], "ctdpa"],
    [["tdpsa", "vcdpa"], "vcdpa"],
    [["tdpsa"], "tdpsa"],
  ])("applied %j → %s", (regulations, expected) => {
    expect(regulationInForce(reading({ regulations }))).toBe(expected);
  });
});

describe("decideConsent: gdpr considers only the three required vendors", () => {
  const values: VendorStatus[] = [true, false, undefined];
  // Every combination of the three vendors' statuses: 27 rows.
  const combinations = values.flatMap((a) => values.flatMap((b) => values.map((c) => [a, b, c] as const)));
  const expected = (statuses: readonly VendorStatus[]): ConsentDecision =>
    statuses.every((s) => s === true) ? "granted" : statuses.some((s) => s === false) ? "refused" : "undetermined";

  it.each(combinations.map((statuses) => [statuses.map(String).join(", "), statuses, expected(statuses)] as const))(
    "consent required, vendors %s → %s",
    (_label, statuses, decision) => {
      expect(decideConsent(reading({ regulations: ["gdpr"], vendors: statuses }), VENDORS)).toBe(decision);
    },
  );

  it.each(combinations.map((statuses) => [statuses.map(String).join(", "), statuses] as const))(
    "consent not required, vendors %s → granted",
    (_label, statuses) => {
      expect(
        decideConsent(reading({ regulations: ["gdpr"], consentRequired: false, vendors: statuses }), VENDORS),
      ).toBe("granted");
    },
  );

  it("other vendors of the notice do not count", () => {
    const withOthers: ConsentReading = {
      ...reading({ regulations: ["gdpr"], vendors: [true, true, true] }),
      vendorStatus: (id) => (VENDORS.includes(id as (typeof VENDORS)[number]) ? true : false),
    };
    expect(decideConsent(withOthers, VENDORS)).toBe("granted");
  });

  it.each([
    ["no vendor ids", []],
    ["two vendor ids", ["google", "c:targett"]],
  ])("with %s configured, gdpr consent is never granted", (_case, ids) => {
    expect(decideConsent(reading({ regulations: ["gdpr"], vendors: [true, true, true] }), ids)).toBe("undetermined");
  });

  it("do-not-sell plays no part under gdpr", () => {
    expect(
      decideConsent(reading({ regulations: ["gdpr"], vendors: [true, true, true], doNotSell: true }), VENDORS),
    ).toBe("granted");
  });
});

describe("decideConsent: every other regulation", () => {
  it.each<[Regulation, boolean, ConsentDecision]>([
    ["ccpa", false, "granted"],
    ["ccpa", true, "refused"],
    ["cpra", false, "granted"],
    ["cpra", true, "refused"],
    ["cpa", true, "granted"],
    ["ctdpa", true, "granted"],
    ["vcdpa", true, "granted"],
    ["tdpsa", true, "granted"],
  ])("%s, do-not-sell %s → %s", (regulation, doNotSell, decision) => {
    // Vendors refused everywhere: only gdpr looks at them.
    expect(
      decideConsent(reading({ regulations: [regulation], doNotSell, vendors: [false, false, false] }), VENDORS),
    ).toBe(decision);
  });

  it("no regulation applies → granted", () => {
    expect(decideConsent(reading({ regulations: [], vendors: [false, false, false] }), VENDORS)).toBe("granted");
  });

  it("gdpr wins over ccpa when both apply (order)", () => {
    expect(
      decideConsent(
        reading({ regulations: ["ccpa", "gdpr"], vendors: [false, true, true], doNotSell: false }),
        VENDORS,
      ),
    ).toBe("refused");
  });

  it("ccpa wins over cpa when both apply", () => {
    expect(decideConsent(reading({ regulations: ["cpa", "ccpa"], doNotSell: true }), VENDORS)).toBe("refused");
  });
});

describe("decideConsent: no SDK", () => {
  it("missing or not loaded → undetermined", () => {
    expect(decideConsent(null, VENDORS)).toBe("undetermined");
  });
});

describe("isTrackingEnabled (spec §4: any of these holds)", () => {
  const base: TrackingConditions = {
    decision: "undetermined",
    noticeConfigured: true,
    consentHandlingOn: true,
    toolReady: false,
    analyticsTagManagerConfigured: false,
  };

  it.each<[string, Partial<TrackingConditions>, boolean]>([
    ["nothing holds", {}, false],
    ["consent granted", { decision: "granted" }, true],
    ["consent refused", { decision: "refused", toolReady: true }, false],
    ["consent undetermined, tool ready", { toolReady: true }, false],
    ["no notice configured", { noticeConfigured: false }, true],
    ["no notice configured, consent refused", { noticeConfigured: false, decision: "refused" }, true],
    ["consent handling switched off", { consentHandlingOn: false }, true],
    ["consent handling off, consent refused", { consentHandlingOn: false, decision: "refused" }, true],
    ["tool ready and an analytics-tag-manager source", { toolReady: true, analyticsTagManagerConfigured: true }, true],
    [
      "tool ready, tag-manager source, consent refused",
      { toolReady: true, analyticsTagManagerConfigured: true, decision: "refused" },
      true,
    ],
    ["tag-manager source but the tool not ready", { analyticsTagManagerConfigured: true }, false],
  ])("%s → %s", (_case, patch, enabled) => {
    expect(isTrackingEnabled({ ...base, ...patch })).toBe(enabled);
  });
});
