// Turns a validated SiteConfig into what the pages are built from. Pure: the build passes "now".
import type { PageConfig, PagesFile } from "../config/pages";
import type { SiteConfig } from "../config/site-config";
import type { SiteThemeConfig } from "../config/theme";
import { theaterSlug } from "../config/theaters";

export { theaterSlug };
import { localDateIn } from "../catalogue/dates";
import { orderFilms, toFilm } from "../catalogue/films";
import { parseTrailerUrl } from "../catalogue/trailer";
import { expandProgramme } from "../catalogue/programme";
import type { Film, Showtime, Theater } from "../catalogue/types";
import { linkHostTable } from "../links/external";
import { MAPS_SEARCH_URL } from "../catalogue/address";
import { withTrailingSlash } from "../links/rules";
import { normaliseLoyaltyConfig } from "../member/config";
import { DEFAULT_LOYALTY_BRAND } from "../member/provider/routes";
import psl from "psl";

import { siteTrackingOf } from "../tracking/consent/site-tracking";
import { privacyChoicesOf } from "../tracking/consent/privacy-choices";
import type { TrackingDeploySettings } from "../tracking/consent/deploy-settings";
import { siteAdsOf, withAdsDeploy } from "../ads/site-ads";
import type { AdsDeploySettings } from "../ads/deploy-settings";
import { pagePath, THEATERS_PATH } from "../lib/paths";
import type { SiteRuntime } from "../runtime/site-runtime";
import { buildTheme, type SiteTheme } from "../theme/theme";

export type { SiteRuntime } from "../runtime/site-runtime";

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
      amenities: t.amenities ?? [],
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
      trailer: parseTrailerUrl(film.trailerUrl),
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
    // The theater list's map links (issue 42): known external at build, so served HTML already opens them in a new window.
    ...(settings.isSingleLocation ? [] : [MAPS_SEARCH_URL]),
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
      bookableAfterStartMinutes: settings.bookableAfterStartMinutes,
      isSingleLocation: settings.isSingleLocation,
      circuit: settings.circuit,
      ticketingUrl: settings.ticketingUrl,
      loginPageSlug: settings.loginPage.slug,
      privacyPolicyPageSlug: settings.privacyPolicyPage.slug,
      termsPageSlug: settings.termsPage.slug,
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
