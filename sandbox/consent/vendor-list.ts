// The consent stand-in's Global Vendor List (IAB TCF v2.2, GVL specification v3), embedded in the
// browser bundle (tcf-cmp.ts): the purposes, special purposes, features, special features and data
// categories of TCF v2.2 with their IAB names, and three vendors whose declarations are abridged
// from the public list (approximate: nothing here is read from the IAB's servers). A real CMP hosts
// a copy of the IAB's list; this is the stand-in's own, at its own version. Data only.

const named = (names: readonly string[]) =>
  Object.fromEntries(names.map((name, index) => [String(index + 1), { id: index + 1, name, description: name }]));

const purposes = named([
  "Store and/or access information on a device",
  "Use limited data to select advertising",
  "Create profiles for personalised advertising",
  "Use profiles to select personalised advertising",
  "Create profiles to personalise content",
  "Use profiles to select personalised content",
  "Measure advertising performance",
  "Measure content performance",
  "Understand audiences through statistics or combinations of data from different sources",
  "Develop and improve services",
  "Use limited data to select content",
]);

const vendor = (
  id: number,
  name: string,
  privacy: string,
  declared: { purposes: number[]; legIntPurposes: number[]; specialPurposes: number[]; features: number[] },
) => ({
  id,
  name,
  ...declared,
  flexiblePurposes: declared.legIntPurposes,
  specialFeatures: [] as number[],
  cookieMaxAgeSeconds: 34_190_000,
  usesCookies: true,
  cookieRefresh: false,
  usesNonCookieAccess: true,
  dataRetention: { stdRetention: 548, purposes: {}, specialPurposes: {} },
  urls: [{ langId: "en", privacy, legIntClaim: privacy }],
  dataDeclaration: [1, 2, 3, 4, 6, 8, 11],
});

/** The vendor-list.json object, as `new GVL(json)` takes it. */
export const SANDBOX_VENDOR_LIST = {
  gvlSpecificationVersion: 3,
  vendorListVersion: 1,
  // The policy version TCF v2.2 introduced.
  tcfPolicyVersion: 4,
  lastUpdated: "2025-01-02T16:00:00Z",
  purposes,
  specialPurposes: named([
    "Ensure security, prevent and detect fraud, and fix errors",
    "Deliver and present advertising and content",
    "Save and communicate privacy choices",
  ]),
  features: named([
    "Match and combine data from other data sources",
    "Link different devices",
    "Identify devices based on information transmitted automatically",
  ]),
  specialFeatures: named(["Use precise geolocation data", "Actively scan device characteristics for identification"]),
  stacks: {},
  dataCategories: named([
    "IP addresses",
    "Device characteristics",
    "Device identifiers",
    "Probabilistic identifiers",
    "Authentication-derived identifiers",
    "Browsing and interaction data",
    "User-provided data",
    "Non-precise location data",
    "Precise location data",
    "Users’ profiles",
    "Privacy choices",
  ]),
  vendors: {
    "52": vendor(52, "Magnite, Inc.", "https://www.magnite.com/legal/advertising-technology-privacy-policy/", {
      purposes: [1, 3, 4],
      legIntPurposes: [2, 7, 9, 10],
      specialPurposes: [1, 2, 3],
      features: [1, 2, 3],
    }),
    "91": vendor(91, "Criteo SA", "https://www.criteo.com/privacy/", {
      purposes: [1, 2, 3, 4, 7, 9, 10],
      legIntPurposes: [],
      specialPurposes: [1, 2, 3],
      features: [1, 2, 3],
    }),
    "755": vendor(755, "Google Advertising Products", "https://business.safety.google/privacy/", {
      purposes: [1, 3, 4],
      legIntPurposes: [2, 7, 9, 10],
      specialPurposes: [1, 2, 3],
      features: [1, 2],
    }),
  },
};

/** The vendors' ids, for tests. */
export const SANDBOX_TCF_VENDOR_IDS = [52, 91, 755] as const;
