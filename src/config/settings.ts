import { z } from "zod";
import { normaliseOrigin } from "../embedding/origins";
import {
  boundedInt,
  boundedText,
  countrySchema,
  httpUrl,
  imageSrc,
  linkTarget,
  redirectTarget,
  slug,
  timeZone,
  titleText,
} from "./common";

/** Locales the platform ships message catalogues for. */
export const supportedLocales = ["fr-FR", "en-US"] as const;
export type SiteLocale = (typeof supportedLocales)[number];

/**
 * How many minutes after its start a show is still offered (settings.json `bookableAfterStartMinutes`,
 * issue 42): the first minutes are trailers and the ticketing service still sells it; past half an
 * hour a seat sold would be for half a film.
 */
export const DEFAULT_BOOKABLE_AFTER_START_MINUTES = 10;
export const MAX_BOOKABLE_AFTER_START_MINUTES = 30;

export const loyaltyProviders = ["BOOST_POS", "BOOST_POS_WITHOUT_LOYALTY", "TAPOS", "CGR", "RTS", "NONE"] as const;

/**
 * settings.loyalty as the operator writes it. Every field is optional here; the defaults table
 * and provider overrides of spec §3/§4 are applied by the loyalty feature, not at parse time.
 */
export const rawLoyaltySchema = z.strictObject({
  version: z.union([z.literal(1), z.literal(3)], { message: "expected 1 or 3" }).optional(),
  circuitId: z.string().optional(),
  cinemaId: z.string().optional(),
  type: z.enum(["NON_TIERED", "NONE"]).optional(),
  clubId: z.string().optional(),
  ticketingUrl: z.union([httpUrl, z.literal("")]).optional(),
  includeActivation: z.boolean().optional(),
  includeActivationCardNumber: z.boolean().optional(),
  includeActivationPhoneNumber: z.boolean().optional(),
  balanceTypes: z.array(z.enum(["POINTS"])).optional(),
  scannableCodeFormat: z.enum(["QR_CODE", "BARCODE", "CODE_128", "PDF_417", "AZTEC"]).optional(),
  provider: z.enum(loyaltyProviders).optional(),
  accessFromHeader: z.boolean().optional(),
  guestHeaderAccessLabel: z.string().optional(),
  guestSignupTabButton: z.string().optional(),
  guestSignupTabText: z.string().optional(),
  loggedInHeaderAccessLabel: z.string().optional(),
  /** Passed through as is (spec §3); the loyalty feature reads it. */
  loggedInMenu: z.array(z.strictObject({ label: z.string().min(1), to: linkTarget })).optional(),
  includeWatchlist: z.boolean().optional(),
  cardType: z.enum(["DEMATERIALIZED", "PHYSICAL"]).optional(),
  allowExpiredAccountsLogin: z.boolean().optional(),
  displayOriginalCypherMessages: z.boolean().optional(),
  /** Hours (spec §3 reads it as hours in one place; we decide hours everywhere); a year at most. */
  sessionTimeout: z
    .number()
    .positive({ message: "expected a number of hours from 0 to 8760 (a year)" })
    .max(8760, { message: "expected a number of hours from 0 to 8760 (a year)" })
    .optional(),
  /** Name of the token query parameter on the ticketing hand-off, overriding the provider's default. */
  tokenParam: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9_-]*$/, { message: "expected a query-parameter name" })
    .optional(),
  /** Adds the two extra ticketing journeys (loyaltycredit, loyalty/upgrade) that receive the token. */
  extendedTicketingJourneys: z.boolean().optional(),
  /** Hand the token to ticketing links by form POST rather than a query parameter (spec §7 'post protocol'). */
  postProtocol: z.boolean().optional(),
});
export type RawLoyaltyConfig = z.infer<typeof rawLoyaltySchema>;

export const adsDisplayValues = ["NONE", "PROGRAMMATIC", "CUSTOM", "CUSTOM_WITHOUT_WRAPPER", "HOUSE"] as const;

/** A GA4 measurement id, e.g. "G-AB12CD34EF". */
const GA4_ID = /^G-[A-Z0-9]+$/;
/** A Google Tag Manager container id, e.g. "GTM-AB12CD3". */
const GTM_ID = /^GTM-[A-Z0-9]+$/;

/**
 * A tracker of the site (spec §3): a tag-manager container, an extra GA4 measurement id, or the
 * cinema-marketing (Targett) customer id. Tokens are checked against their type, so a GA4 id in a
 * tag-manager row fails the build rather than loading nothing.
 */
const trackerSchema = z
  .strictObject({
    type: z.enum(["google_tag_manager", "google_analytics_v4", "targett"]),
    token: z.string().trim().min(1, { message: "expected a non-empty tracker token" }),
  })
  .superRefine((tracker, ctx) => {
    // An empty token already has its own message.
    if (!tracker.token) return;
    if (tracker.type === "google_tag_manager" && !GTM_ID.test(tracker.token))
      ctx.addIssue({ code: "custom", path: ["token"], message: 'expected a container id such as "GTM-AB12CD3"' });
    if (tracker.type === "google_analytics_v4" && !GA4_ID.test(tracker.token))
      ctx.addIssue({ code: "custom", path: ["token"], message: 'expected a measurement id such as "G-AB12CD34EF"' });
    if (tracker.type === "targett" && !/^[A-Za-z0-9_-]+$/.test(tracker.token))
      ctx.addIssue({ code: "custom", path: ["token"], message: "expected a customer id of letters, digits, - or _" });
  });

/** An http(s) origin, stored normalised ("https://caisse.example.com"): compared exactly downstream. */
const originSchema = z.string().transform((value, ctx) => {
  try {
    return normaliseOrigin(value);
  } catch (error) {
    ctx.addIssue({ code: "custom", message: (error as Error).message });
    return z.NEVER;
  }
});

const redirectSchema = z.strictObject({
  fromPath: z.string().startsWith("/", { message: 'expected a site path starting with "/"' }),
  toPath: redirectTarget,
  ignoreCase: z.boolean().default(false),
});

/**
 * settings.json: identity, links, consent, ads, tracking and loyalty (spec §3 "Site settings"),
 * plus the per-site build switches of "Site configuration" that are not theme.
 */
export const siteSettingsSchema = z
  .strictObject({
    /** Opaque base64 identifier (websiteId); decoded before use as the ads websiteID. */
    id: z.base64({ message: "expected the base64 website id" }),
    name: z
      .string()
      .min(1, { message: "expected the venue site name" })
      .max(120, { message: "expected at most 120 characters" }),
    relatedEntity: z.strictObject({ name: titleText }),
    relatedEntityType: z.literal("Theater").default("Theater"),
    domain: z.string().regex(/^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,}$/i, {
      message: 'expected a host name such as "www.example.com"',
    }),
    logo: z.strictObject({
      src: imageSrc,
      alt: boundedText(200).optional(),
      width: boundedInt(1, 2000),
      height: boundedInt(1, 2000),
    }),
    circuit: z
      .strictObject({ id: z.string().min(1).max(100, { message: "expected at most 100 characters" }), name: titleText })
      .nullable()
      .default(null),
    ticketingUrl: httpUrl.refine((u) => !u.endsWith("/"), { message: 'expected no trailing "/"' }),
    ticketingProvider: z.string().default(""),
    loginPage: z.strictObject({ slug }).default({ slug: "" }),
    privacyPolicyPage: z.strictObject({ slug }).default({ slug: "" }),
    /**
     * The site's terms of use, a page of pages.json (issue 46: not in the spec). When set, sign-up
     * asks the member to accept them beside the privacy policy.
     */
    termsPage: z.strictObject({ slug }).default({ slug: "" }),

    /** Platform defaults (spec §9): locale en-US, country US, time zone UTC. */
    locale: z.enum(supportedLocales, { message: `expected one of ${supportedLocales.join(", ")}` }).default("en-US"),
    country: countrySchema.default({ code: "US", iso31661A2: "US", iso31661A3: "USA" }),
    allCountries: z.array(countrySchema).default([]),
    timeZone: timeZone.default("UTC"),
    /** First day of a play week: Wednesday in France, Friday in the US. */
    playWeekStartsOn: z.enum(["MON", "TUE", "WED", "THU", "FRI", "SAT", "SUN"]).default("WED"),
    pathPrefix: z
      .string()
      .regex(/^(?:\/[a-z0-9-]+)*$/, { message: 'expected "" or "/segment"' })
      .default(""),

    isSingleLocation: z.boolean(),
    theaterIds: z.array(z.string().min(1)).min(1, { message: "expected at least one theater id" }),
    /**
     * Origins of the point-of-sale hosts that may frame this site (spec §1, §3), e.g.
     * "https://caisse.example.com". The production server turns them, with EDITOR_ORIGINS, into
     * CSP frame-ancestors; the booking route posts its hand-off only to them.
     */
    allowedEmbeddingDomains: z
      .array(originSchema)
      .transform((origins) => [...new Set(origins)])
      .default([]),
    embeddingMode: z.enum(["none", "tapos_embedded"]).default("none"),

    globalExcludedMovieIds: z.array(z.number().int().positive()).default([]),
    movieOrderIndex: z.array(z.number().int().positive()).default([]),
    /** Minutes after its start a show stays offered, labelled "started" (spec §9: in the site's time zone). */
    bookableAfterStartMinutes: boundedInt(0, MAX_BOOKABLE_AFTER_START_MINUTES).default(
      DEFAULT_BOOKABLE_AFTER_START_MINUTES,
    ),
    deferStandardPages: z.boolean().default(false),
    deferEventPages: z.boolean().default(false),
    deferMoviePages: z.boolean().default(false),
    deferTheaterPages: z.boolean().default(false),
    betaFeaturesEnabled: z.boolean().default(false),

    cookieBannerDidomiId: z.string().default(""),
    adsDisplay: z.union([z.enum(adsDisplayValues), z.boolean()]).default("NONE"),
    adsLocation: z.array(z.enum(["INTERSTITIAL", "PAGES_BOTTOM", "PAGES_TOP", "PULSE"])).default([]),
    adsCustom: z
      .strictObject({
        locations: z.array(z.strictObject({ key: z.string().min(1) })).default([]),
        /** A JSON string (spec §5); parsed, with its own warnings, by the ads feature. */
        sizeMapping: z.string().default(""),
        url: z.union([httpUrl, z.literal("")]).default(""),
        networkCode: z.string().default(""),
      })
      .nullable()
      .default(null),
    /** Loads the cinema-marketing (Targett) script and container; its customer id is the `targett` tracker. */
    enableTargettTracking: z.boolean().default(false),
    /** The site's own GA4 measurement id, reported to beside the deploy's fixed one (spec §9). */
    analyticsMeasurementId: z
      .union([
        z.string().regex(GA4_ID, { message: 'expected "" or a measurement id such as "G-AB12CD34EF"' }),
        z.literal(""),
      ])
      .default(""),
    trackers: z
      .array(trackerSchema)
      .default([])
      .refine((trackers) => trackers.filter((t) => t.type === "targett").length <= 1, {
        message: "expected at most one targett tracker (one customer id per site)",
      }),

    loyalty: rawLoyaltySchema.default({}),
    /** Client-side redirect table (spec §2), empty unless the operator adds rows. */
    redirects: z.array(redirectSchema).default([]),
  })
  .superRefine((settings, context) => {
    // A site has one ticketing service (docs/decisions.md): the loyalty block may repeat it, not differ.
    const loyaltyUrl = settings.loyalty.ticketingUrl?.replace(/\/+$/, "") ?? "";
    if (loyaltyUrl && loyaltyUrl !== settings.ticketingUrl)
      context.addIssue({
        code: "custom",
        path: ["loyalty", "ticketingUrl"],
        message: `expected "" or the site's ticketingUrl (${settings.ticketingUrl}): a site has one ticketing service`,
      });
  });
export type SiteSettingsInput = z.input<typeof siteSettingsSchema>;
export type SiteSettings = z.infer<typeof siteSettingsSchema>;
