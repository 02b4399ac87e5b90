// The ad placeholders (spec §2) and the page's ad setup (spec §4). First-load code: only reserved
// boxes, the global page data object and a debounced, lazily imported setup. The boxes are in the
// server-rendered HTML so the page never moves when an ad arrives (CLS 0: fixed heights, overflow
// hidden); the elements the ad library fills render inside them only after mount (spec §2).
import { useEffect, useSyncExternalStore } from "react";
import styled from "styled-components";
import { useSelectedTheatre } from "../../favourites/SelectedTheatreProvider";
import { useMemberSession } from "../../loyalty/LoyaltyProvider";
import type { PageContext } from "../../page-context/page-context";
import type { SiteRuntime } from "../../site/model";
import { CUSTOM_INTERSTITIAL_ELEMENT_ID, ELEMENT_ID_OF_POSITION, type AdPosition } from "../mappings";
import type { CustomAdLocation, SiteAds } from "../site-ads";

const noSubscription = () => () => undefined;
/** False in the server render and the hydrating render, true after. */
const useMounted = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

const has = (ads: SiteAds, position: AdPosition) => ads.shown && ads.positions.includes(position);

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
  const { shown } = ads;
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
  if (!mounted || !ads.shown) return null;
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
 * On a site whose ads are shown, hands every page, theatre and session change to the lazily
 * loaded runtime, which keeps the global page data object current (spec §3) and sets the ads up
 * again, debounced (spec §4).
 */
export function AdsSetup({ site, pageContext }: { site: SiteRuntime; pageContext: PageContext }) {
  const { currentTheatre } = useSelectedTheatre();
  const { member } = useMemberSession();
  const theatreId = currentTheatre?.id ?? null;
  const isLoggedIn = member !== null;
  useEffect(() => {
    if (!site.ads.shown) return;
    import("../runtime")
      .then(({ pageChanged }) => pageChanged({ site, pageContext, theatreId, isLoggedIn }))
      .catch(() => undefined);
  }, [site, pageContext, theatreId, isLoggedIn]);
  return null;
}
