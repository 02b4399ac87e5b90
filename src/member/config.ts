// settings.loyalty as the rest of the site reads it: the defaults table of spec §3 applied, then
// the provider overrides of spec §4. The operator's file stays sparse (src/config/settings.ts
// parses it with every field optional); this is the one place that decides what "absent" means.
import type { RawLoyaltyConfig } from "../config/settings";
import { tokenParamFor, type LoyaltyProvider } from "./token-param";

export type { LoyaltyProvider } from "./token-param";
export type LoyaltyVersion = 1 | 3;
export type LoyaltyType = NonNullable<RawLoyaltyConfig["type"]>;
export type BalanceType = NonNullable<RawLoyaltyConfig["balanceTypes"]>[number];
export type ScannableCodeFormat = NonNullable<RawLoyaltyConfig["scannableCodeFormat"]>;
export type LoyaltyCardType = NonNullable<RawLoyaltyConfig["cardType"]>;
export type LoggedInMenuEntry = NonNullable<RawLoyaltyConfig["loggedInMenu"]>[number];

export interface LoyaltyConfig {
  readonly version: LoyaltyVersion;
  readonly circuitId: string;
  /**
   * The cinema id member calls carry. Where `cinemaIdFromCurrentTheater` is set this is only the
   * fallback used while there is no current theater: calls take the current one (withCurrentCinema).
   */
  readonly cinemaId: string;
  /** Spec §4 overrides (BOOST_POS, BOOST_POS_WITHOUT_LOYALTY, TAPOS, CGR): the cinema is the current theater's. */
  readonly cinemaIdFromCurrentTheater: boolean;
  readonly type: LoyaltyType;
  readonly clubId: string;
  readonly ticketingUrl: string;
  readonly includeActivation: boolean;
  readonly includeActivationCardNumber: boolean;
  readonly includeActivationPhoneNumber: boolean;
  readonly balanceTypes: readonly BalanceType[];
  readonly scannableCodeFormat: ScannableCodeFormat;
  readonly provider: LoyaltyProvider;
  readonly accessFromHeader: boolean;
  readonly guestHeaderAccessLabel: string;
  readonly guestSignupTabButton: string;
  readonly guestSignupTabText: string;
  readonly loggedInHeaderAccessLabel: string;
  readonly loggedInMenu: readonly LoggedInMenuEntry[];
  readonly includeWatchlist: boolean;
  readonly cardType: LoyaltyCardType;
  readonly allowExpiredAccountsLogin: boolean;
  /** Show the provider's clientErrorMessage instead of our catalogue text (spec §8; off here). */
  readonly displayOriginalCypherMessages: boolean;
  /** Lifetime of the session cookie, in hours (spec §3 is ambiguous; src/config/settings.ts decides hours). */
  readonly sessionTimeout: number;
  /** Name of the token parameter / hidden field on the ticketing hand-off. */
  readonly tokenParam: string;
  readonly extendedTicketingJourneys: boolean;
  readonly postProtocol: boolean;
}

/** The context every member call carries (spec §3). */
export interface LoyaltyContext {
  readonly circuitId: string;
  readonly cinemaId: string;
  readonly clubId: string;
  readonly provider: LoyaltyProvider;
  readonly version: LoyaltyVersion;
}

export interface LoyaltySite {
  /** settings.circuit.id, "" when the site has no circuit. */
  readonly circuitId: string;
  /**
   * Code of the theater the build already knows is current (spec §4 "Selected theater": a
   * single-location site's theater); "" on a circuit, where it is the page's theater or the
   * visitor's choice and is resolved at call time (withCurrentCinema).
   */
  readonly currentCinemaId: string;
  /**
   * The site's ticketing service (settings.ticketingUrl, after deploy overrides). A site has one:
   * links, the member hand-off and the redirect endpoints all use it (docs/decisions.md).
   */
  readonly ticketingUrl?: string;
}

export const DEFAULT_SESSION_TIMEOUT_HOURS = 720;

/** Providers whose point-of-sale speaks only the v3 API (spec §4). */
const V3_PROVIDERS: ReadonlySet<LoyaltyProvider> = new Set(["BOOST_POS", "BOOST_POS_WITHOUT_LOYALTY", "TAPOS", "CGR"]);

export function normaliseLoyaltyConfig(raw: RawLoyaltyConfig, site: LoyaltySite): LoyaltyConfig {
  const provider = raw.provider ?? "NONE";
  const defaults: LoyaltyConfig = {
    version: raw.version ?? 1,
    circuitId: raw.circuitId ?? "",
    cinemaId: raw.cinemaId ?? "",
    cinemaIdFromCurrentTheater: false,
    type: raw.type ?? "NONE",
    clubId: raw.clubId ?? "",
    ticketingUrl: site.ticketingUrl ?? "",
    includeActivation: raw.includeActivation ?? false,
    includeActivationCardNumber: raw.includeActivationCardNumber ?? false,
    includeActivationPhoneNumber: raw.includeActivationPhoneNumber ?? false,
    balanceTypes: raw.balanceTypes ?? [],
    scannableCodeFormat: raw.scannableCodeFormat ?? "QR_CODE",
    provider,
    accessFromHeader: raw.accessFromHeader ?? false,
    guestHeaderAccessLabel: raw.guestHeaderAccessLabel ?? "",
    guestSignupTabButton: raw.guestSignupTabButton ?? "",
    guestSignupTabText: raw.guestSignupTabText ?? "",
    loggedInHeaderAccessLabel: raw.loggedInHeaderAccessLabel ?? "",
    loggedInMenu: raw.loggedInMenu ?? [],
    includeWatchlist: raw.includeWatchlist ?? false,
    cardType: raw.cardType ?? "DEMATERIALIZED",
    allowExpiredAccountsLogin: raw.allowExpiredAccountsLogin ?? false,
    displayOriginalCypherMessages: raw.displayOriginalCypherMessages ?? false,
    sessionTimeout: raw.sessionTimeout ?? DEFAULT_SESSION_TIMEOUT_HOURS,
    tokenParam: tokenParamFor(raw),
    extendedTicketingJourneys: raw.extendedTicketingJourneys ?? false,
    postProtocol: raw.postProtocol ?? false,
  };

  if (provider === "RTS") return { ...defaults, type: "NON_TIERED" };
  if (!V3_PROVIDERS.has(provider)) return defaults;

  // "Current cinema id" (spec §4): the theater the visitor is on. Known at build only on a
  // single-location site; on a circuit withCurrentCinema puts it in at call time, and the
  // configured id only stands in while there is no current theater (docs/decisions.md).
  const currentCinemaId = site.currentCinemaId || raw.cinemaId || "";
  // An empty string counts as "not configured": the §3 default for circuitId is "".
  const circuitId = provider === "CGR" ? site.circuitId : raw.circuitId || site.circuitId;
  const boost = provider === "BOOST_POS" || provider === "BOOST_POS_WITHOUT_LOYALTY";
  return {
    ...defaults,
    version: 3,
    circuitId,
    cinemaId: currentCinemaId,
    cinemaIdFromCurrentTheater: true,
    ...(boost ? { balanceTypes: ["POINTS"] as const } : {}),
  };
}

/**
 * The configuration as a member call made now sees it: for the spec §4 override providers the
 * cinema id is the current theater's code (spec §4 "Selected theater": the page's theater, else
 * the stored choice); without a current theater, or for other providers, the configuration as is.
 */
export function withCurrentCinema(config: LoyaltyConfig, currentCinemaId: string | null | undefined): LoyaltyConfig {
  if (!config.cinemaIdFromCurrentTheater || !currentCinemaId || currentCinemaId === config.cinemaId) return config;
  return { ...config, cinemaId: currentCinemaId };
}

export function loyaltyContextOf(config: LoyaltyConfig): LoyaltyContext {
  const { circuitId, cinemaId, clubId, provider, version } = config;
  return { circuitId, cinemaId, clubId, provider, version };
}

declare module "../runtime/site-runtime" {
  interface SiteRuntime {
    /** Normalised loyalty configuration (spec §3 defaults, §4 provider overrides). */
    loyalty: LoyaltyConfig;
    /** `{brand}` of the loyalty query keys and headers (deploy setting LOYALTY_BRAND). */
    loyaltyBrand: string;
  }
}
