// The ad placeholders (spec §2) and the page's ad setup (spec §4). First-load code: only reserved
// boxes, the global page data object and a debounced, lazily imported setup. The boxes are in the
// server-rendered HTML so the page never moves when an ad arrives (CLS 0: fixed heights, overflow
// hidden); the elements the ad library fills render inside them only after mount (spec §2).
import { useEffect, useSyncExternalStore } from "react";
import styled from "styled-components";
import { useSelectedTheatre } from "../../favourites/SelectedTheatreProvider";
import { useMemberSession } from "../../loyalty/LoyaltyProvider";
import type { PageContext } from "../../page-context/page-context";
import { debounce } from "../../site/debounce";
import type { SiteRuntime } from "../../site/model";
import { adsShown, parseAdsDeploySettings, readAdsEnv } from "../deploy-settings";
import { CUSTOM_INTERSTITIAL_ELEMENT_ID, ELEMENT_ID_OF_POSITION, type AdPosition } from "../mappings";
import { buildPageData, scheduledFilmIdsOf, targetingFor } from "../page-data";
import type { AdsPage } from "../runtime";
import type { CustomAdLocation, SiteAds } from "../site-ads";

const deploy = parseAdsDeploySettings(readAdsEnv()).settings;

/** Spec §9: the setup is debounced 500 ms (the shared helper's default). One per page load, so a quick navigation cancels the previous page's. */
const scheduleSetup = debounce((page: () => AdsPage) => {
  import("../runtime").then(({ adsRun }) => adsRun().setup(page())).catch(() => undefined);
});

const noSubscription = () => () => undefined;
/** False in the server render and the hydrating render, true after. */
const useMounted = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

const has = (ads: SiteAds, position: AdPosition) => adsShown(ads, deploy) && ads.positions.includes(position);

/** Header and footer promos: a leaderboard (728x90) from the md breakpoint, a 320x100 banner below. */
const Band = styled.div`
  display: flex;
  justify-content: center;
  align-items: center;
  overflow: hidden;
  height: 100px;
  margin: 0.5rem auto;
  ${({ theme }) => theme.media.md} {
    height: 90px;
  }
`;

const CustomBand = styled.div<{ $reserve: CustomAdLocation["reserve"] }>`
  display: flex;
  justify-content: center;
  align-items: center;
  overflow: hidden;
  margin: 0.5rem auto;
  ${({ $reserve }) =>
    [...$reserve]
      .reverse()
      .map(({ minWidth, height }) =>
        minWidth === 0 ? `height: ${height}px;` : `@media (min-width: ${minWidth}px) { height: ${height}px; }`,
      )
      .join("\n")}
`;

/**
 * Fixed containers take clicks only where an ad is: their own box (which the library may size
 * before anything shows) never covers the page's links.
 */
const floating = `
  pointer-events: none;
  & > * > * {
    pointer-events: auto;
  }
`;

/** Fixed at the bottom-right corner (spec §2): outside the flow, it moves nothing. */
const Pulse = styled.div`
  position: fixed;
  right: 1rem;
  bottom: 1rem;
  z-index: 40;
  ${floating}
`;

/** The library draws the interstitial over the page; its container takes no room. */
const Overlay = styled.div`
  position: fixed;
  top: 0;
  left: 0;
  z-index: 50;
  ${floating}
`;

/** Header promo and custom-location promos, between the header and the page's content. */
export function AdsTop({ ads }: { ads: SiteAds }) {
  const mounted = useMounted();
  const shown = adsShown(ads, deploy);
  return (
    <>
      {has(ads, "header") && <Band data-ad-slot="header">{mounted && <div id={ELEMENT_ID_OF_POSITION.header} />}</Band>}
      {shown &&
        ads.customLocations.map((location) => (
          <CustomBand key={location.key} $reserve={location.reserve} data-ad-slot={location.key}>
            {mounted && <div id={location.elementId} />}
          </CustomBand>
        ))}
    </>
  );
}

/** Footer promo, above the footer. */
export function AdsBottom({ ads }: { ads: SiteAds }) {
  const mounted = useMounted();
  if (!has(ads, "footer")) return null;
  return <Band data-ad-slot="footer">{mounted && <div id={ELEMENT_ID_OF_POSITION.footer} />}</Band>;
}

/** Pulse promo, interstitial and custom interstitial: fixed, rendered only after mount. */
export function AdsFloating({ ads }: { ads: SiteAds }) {
  const mounted = useMounted();
  if (!mounted || !adsShown(ads, deploy)) return null;
  return (
    <>
      {ads.positions.includes("pulse") && (
        <Pulse data-ad-slot="pulse">
          <div id={ELEMENT_ID_OF_POSITION.pulse} />
        </Pulse>
      )}
      {ads.positions.includes("interstitial") && (
        <Overlay data-ad-slot="interstitial">
          <div id={ELEMENT_ID_OF_POSITION.interstitial} />
        </Overlay>
      )}
      {ads.customInterstitial && (
        <Overlay data-ad-slot="custom-interstitial">
          <div id={CUSTOM_INTERSTITIAL_ELEMENT_ID} />
        </Overlay>
      )}
    </>
  );
}

/**
 * Keeps the global page data object current (spec §3) and, on a site whose ads are shown, sets
 * the ads up again whenever the page, the theatre or the scheduled films change (spec §4).
 */
export function AdsSetup({ site, pageContext }: { site: SiteRuntime; pageContext: PageContext }) {
  const { currentTheatre } = useSelectedTheatre();
  const { member } = useMemberSession();
  const isLoggedIn = member !== null;
  const film = "film" in pageContext ? (pageContext as { film: FilmLike }).film : null;
  const scheduled = scheduledFilmIdsOf(pageContext).join(",");
  const theatreId = currentTheatre?.id ?? null;
  const shown = adsShown(site.ads, deploy);

  useEffect(() => {
    const theater = site.theaters.find((t) => t.id === theatreId) ?? null;
    const pageData = buildPageData({
      urlOrigin: window.location.origin,
      domain: site.domain,
      pageType: pageContext.templateName,
      theater: theater && { id: theater.id, name: theater.name, path: theater.path },
      film: film && { id: film.id, title: film.title, releaseDate: film.releaseDate, path: film.path },
      isLoggedIn,
    });
    window.pageData = pageData;
    if (!shown) return;
    const sitePath = window.location.pathname;
    scheduleSetup(() => ({
      ads: site.ads,
      place: {
        isSingleLocation: site.isSingleLocation,
        circuitName: site.circuit?.name ?? null,
        theaterName: theater?.name ?? null,
      },
      targeting: targetingFor({
        pageData,
        display: site.ads.display,
        websiteId: site.ads.websiteId,
        // Read when the setup runs: by then the page's <Head> has set the title.
        pageTitle: document.title,
        currentPath: sitePath,
        circuit: site.circuit,
        scheduledMovieIds: scheduled ? scheduled.split(",").map(Number) : [],
      }),
      sitePath,
      noConsentNotice: site.tracking.noticeId === "",
    }));
  }, [site, pageContext.pagePath, pageContext.templateName, theatreId, scheduled, isLoggedIn, shown, film]);
  return null;
}

type FilmLike = { id: number; title: string; releaseDate: string | null; path: string };
