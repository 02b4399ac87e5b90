// Turns a validated SiteConfig into what the pages are built from. Pure: the build passes "now".
import slugify from "slugify";
import type { PageConfig, PagesFile } from "../config/pages";
import type { SiteConfig } from "../config/site-config";
import type { SiteThemeConfig } from "../config/theme";
import type { TheaterConfig } from "../config/theaters";
import { localDateIn } from "../catalogue/dates";
import { orderFilms, toFilm } from "../catalogue/films";
import { expandProgramme } from "../catalogue/programme";
import type { Film, Showtime, Theater } from "../catalogue/types";
import type { SiteLocale } from "../config/settings";
import type { Country } from "../config/common";
import { linkHostTable, type LinkHostTable } from "../links/external";
import { withTrailingSlash, type TicketingLinkSettings } from "../links/rules";
import { normaliseLoyaltyConfig, type LoyaltyConfig } from "../member/config";
import { DEFAULT_LOYALTY_BRAND } from "../member/provider/routes";
import psl from "psl";

import { siteTrackingOf, type SiteTracking } from "../tracking/consent/site-tracking";
import { privacyChoicesOf, type PrivacyChoices } from "../tracking/consent/privacy-choices";
import type { TrackingDeploySettings } from "../tracking/consent/deploy-settings";
import { siteAdsOf, withAdsDeploy, type SiteAds } from "../ads/site-ads";
import type { AdsDeploySettings } from "../ads/deploy-settings";
import { pagePath, THEATERS_PATH } from "../lib/paths";
import { buildTheme, type SiteTheme } from "../theme/theme";

/** Site-wide data every page's layout needs; shipped once to the browser (static query). */
export type SiteRuntime = {
  siteId: string;
  name: string;
  domain: string;
  logo: { src: string; alt: string; width: number; height: number };
  locale: SiteLocale;
  country: Country;
  timeZone: string;
  isSingleLocation: boolean;
  circuit: { id: string; name: string } | null;
  ticketingUrl: string;
  loginPageSlug: string;
  privacyPolicyPageSlug: string;
  betaFeaturesEnabled: boolean;
  theme: SiteThemeConfig;
  /**
   * The styled-components theme, derived at build: the font catalogue and the colour maths
   * (polished) then stay out of the browser's first load (JS budget).
   */
  siteTheme: SiteTheme;
  navigation: PagesFile["navigation"];
  /** theaterCode is the provider's boxofficeCinemaId (favourite cinemas, spec §3). */
  theaters: Pick<Theater, "id" | "name" | "path" | "timeZone" | "theaterCode" | "address" | "phone" | "openingHours">[];
  redirects: SiteConfig["settings"]["redirects"];
  /** Which link hostnames are external, decided at build with the public-suffix list. */
  linkHosts: LinkHostTable;
  /**
   * Who may frame the site (spec §1): the point-of-sale hosts (settings.allowedEmbeddingDomains)
   * and the site-builder editors (deploy setting EDITOR_ORIGINS), as normalised origins. The
   * browser posts the editor lifecycle and the booking hand-off only to these.
   */
  embedding: { allowedEmbeddingDomains: string[]; editorOrigins: string[] };
  /** What the link rules need to know about the ticketing service and embedding (spec §2, §7). */
  links: { ticketing: TicketingLinkSettings; embeddingMode: SiteConfig["settings"]["embeddingMode"] };
  /** Normalised loyalty configuration (spec §3 defaults, §4 provider overrides). */
  loyalty: LoyaltyConfig;
  /** `{brand}` of the loyalty query keys and headers (deploy setting LOYALTY_BRAND). */
  loyaltyBrand: string;
  /** Consent notice, analytics ids, containers and marketing tracker of the site (spec §3). */
  tracking: SiteTracking;
  /**
   * The footer's link to the consent manager's preferences and its wording, decided at build with
   * the deploy's consent settings (src/tracking/consent/privacy-choices.ts); null → the site loads none.
   */
  privacyChoices: PrivacyChoices | null;
  /** Ad mode, placements, size mapping and ids of the site (spec §3, §9), reduced at build. */
  ads: SiteAds;
};

export type SiteModel = {
  today: string;
  runtime: SiteRuntime;
  theaters: Theater[];
  films: Film[];
  showtimes: Showtime[];
  pages: PageConfig[];
};

export type SiteModelOptions = {
  loyaltyBrand?: string;
  /** Deploy setting EDITOR_ORIGINS, already normalised (src/embedding/origins.ts). */
  editorOrigins?: readonly string[];
  /** The deploy's ad script URLs (src/ads/deploy-settings.ts); without them, no ads. */
  adsDeploy?: AdsDeploySettings;
  /** The deploy's consent settings (src/tracking/consent/deploy-settings.ts); without them, no consent manager. */
  consentDeploy?: Pick<TrackingDeploySettings["consent"], "disabled" | "apiKey">;
};

/** The theater page's URL segment on circuit sites: its slug, or one made from its name. */
export const theaterSlug = (theater: Pick<TheaterConfig, "slug" | "name">): string =>
  theater.slug || slugify(theater.name, { lower: true, strict: true });

export function buildSiteModel(config: SiteConfig, now: Date, options: SiteModelOptions = {}): SiteModel {
  const { settings } = config;
  const today = localDateIn(settings.timeZone, now);
  const theaters: Theater[] = settings.theaterIds.map((id) => {
    const t = config.theaters.find((candidate) => candidate.id === id)!;
    const slug = theaterSlug(t);
    return {
      id: t.id,
      name: t.name,
      slug,
      path: settings.isSingleLocation ? null : `${THEATERS_PATH}${slug}/`,
      theaterCode: t.theaterCode ?? t.id,
      ticketingProvider: t.ticketingProvider ?? settings.ticketingProvider,
      timeZone: t.timeZone ?? settings.timeZone,
      address: t.address,
      phone: t.phone ?? null,
      screens: t.screens ?? null,
      accessibility: t.accessibility,
      openingHours: t.openingHours,
    };
  });
  const excluded = new Set(settings.globalExcludedMovieIds);
  const showtimes = expandProgramme(config.catalogue.programme, new Map(theaters.map((t) => [t.id, t])), {
    today,
    ticketingUrl: settings.ticketingUrl,
    excludedFilmIds: excluded,
  });
  const firstShowDate = new Map<number, string>();
  for (const s of showtimes) if (!firstShowDate.has(s.filmId)) firstShowDate.set(s.filmId, s.localDate);

  const films = orderFilms(config.catalogue.films, {
    excludedIds: settings.globalExcludedMovieIds,
    orderIndex: settings.movieOrderIndex,
    locale: settings.locale,
  }).map((film) =>
    toFilm(film, {
      today,
      startsOn: settings.playWeekStartsOn,
      locale: settings.locale,
      firstShowDate: firstShowDate.get(film.id) ?? null,
    }),
  );

  const loyalty = normaliseLoyaltyConfig(settings.loyalty, {
    circuitId: settings.circuit?.id ?? "",
    // Spec §4 "Selected theater": a single location is always current; on a circuit it depends on
    // the page and the visitor, so the browser resolves it per call (LoyaltyProvider).
    currentCinemaId: settings.isSingleLocation ? (theaters[0]?.theaterCode ?? "") : "",
    ticketingUrl: settings.ticketingUrl,
  });
  const pages = config.pages.pages.filter((page) => !page.beta || settings.betaFeaturesEnabled);
  // Spec §6 beta viewer: with beta features off, a beta page is neither built nor linked to.
  const hiddenPaths = new Set(
    config.pages.pages.filter((page) => !pages.includes(page)).map((page) => pagePath(page.slug)),
  );
  const shown = (link: { to: string }) => !hiddenPaths.has(withTrailingSlash(link.to.split(/[?#]/)[0] ?? ""));
  const navigation: PagesFile["navigation"] = {
    header: config.pages.navigation.header.filter(shown),
    footer: config.pages.navigation.footer
      .map((group) => ({ ...group, links: group.links.filter(shown) }))
      .filter((group) => group.links.length > 0),
  };
  const linkTargets = [
    ...navigation.header.map((l) => l.to),
    ...navigation.footer.flatMap((g) => g.links.map((l) => l.to)),
    ...pages.flatMap((p) =>
      p.blocks.flatMap((b) =>
        b.type === "hero" ? [b.link?.to ?? ""] : b.type === "text" ? b.links.map((l) => l.to) : [],
      ),
    ),
    ...(settings.loyalty.loggedInMenu ?? []).map((l) => l.to),
    ...films.map((f) => f.trailerUrl),
    settings.ticketingUrl,
  ];

  return {
    today,
    theaters,
    films,
    showtimes,
    pages,
    runtime: {
      siteId: config.siteId,
      name: settings.name,
      domain: settings.domain,
      logo: { ...settings.logo, alt: settings.logo.alt ?? settings.name },
      locale: settings.locale,
      country: settings.country,
      timeZone: settings.timeZone,
      isSingleLocation: settings.isSingleLocation,
      circuit: settings.circuit,
      ticketingUrl: settings.ticketingUrl,
      loginPageSlug: settings.loginPage.slug,
      privacyPolicyPageSlug: settings.privacyPolicyPage.slug,
      betaFeaturesEnabled: settings.betaFeaturesEnabled,
      theme: config.theme,
      siteTheme: themeOf(config.theme),
      navigation,
      theaters: theaters.map(({ id, name, path, timeZone, theaterCode, address, phone, openingHours }) => ({
        id,
        name,
        path,
        timeZone,
        theaterCode,
        // For the footer and the pages' schema.org data (src/site/structured-data.ts).
        address,
        phone,
        openingHours,
      })),
      redirects: settings.redirects,
      linkHosts: linkHostTable(psl, linkTargets, settings.domain),
      embedding: {
        allowedEmbeddingDomains: settings.allowedEmbeddingDomains,
        editorOrigins: [...(options.editorOrigins ?? [])],
      },
      links: {
        ticketing: {
          url: settings.ticketingUrl,
          tokenParam: loyalty.tokenParam,
          extendedJourneys: loyalty.extendedTicketingJourneys,
          postProtocol: loyalty.postProtocol,
        },
        embeddingMode: settings.embeddingMode,
      },
      loyalty,
      loyaltyBrand: options.loyaltyBrand ?? DEFAULT_LOYALTY_BRAND,
      tracking: siteTrackingOf(settings),
      privacyChoices: privacyChoicesOf(
        { noticeId: settings.cookieBannerDidomiId, country: settings.country.iso31661A2 },
        options.consentDeploy ?? { disabled: false, apiKey: "" },
      ),
      ads: withAdsDeploy(siteAdsOf(settings), options.adsDeploy ?? { libraryUrl: "", gptScriptUrl: "" }),
    },
  };
}

function themeOf(theme: SiteThemeConfig): SiteTheme {
  const { colors, settings, fonts, fontWeights, roundness } = theme;
  return buildTheme({ palette: colors.palette, surfaces: settings, fonts, fontWeights, roundness });
}
