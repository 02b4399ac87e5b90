// The ad placeholders (spec §2) and the page's ad setup (spec §4). First-load code: only reserved
// boxes, the global page data object and a debounced, lazily imported setup. The boxes are in the
// server-rendered HTML so the page never moves when an ad arrives (CLS 0: fixed heights, overflow
// hidden); the elements the ad library fills render inside them only after mount (spec §2). Each
// placeholder is an <aside> named "Advertisement" (landmarks.ts); the pulse, while it shows, makes
// the page reserve its height at the bottom so the footer can be scrolled clear of it.
import { useEffect, useRef, useState, useSyncExternalStore, type RefObject } from "react";
import { useIntl } from "react-intl";
import styled from "styled-components";
import { useSelectedTheater } from "../../member/favourites/SelectedTheaterProvider";
import { loadOnce } from "../../lib/lazy";
import { useMemberSession } from "../../member/session/LoyaltyProvider";
import type { PageContext } from "../../runtime/page-context";
import type { SiteRuntime } from "../../runtime/site-runtime";
import { adLandmarkPlace } from "../landmarks";
import { CUSTOM_INTERSTITIAL_ELEMENT_ID, ELEMENT_ID_OF_POSITION, type AdPosition } from "../mappings";
import type { CustomAdLocation, SiteAds } from "../site-ads";
import { MEDIA_QUERIES } from "../../theme/scales";

const noSubscription = () => () => undefined;
/** False in the server render and the hydrating render, true after. */
const useMounted = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

const has = (ads: SiteAds, position: AdPosition) => ads.shown && ads.positions.includes(position);

/** Whether the viewport is md or wider; false in the server render and the hydrating render. */
const subscribeToWidth = (onChange: () => void) => {
  const query = window.matchMedia(MEDIA_QUERIES.md);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
};
const useWide = () =>
  useSyncExternalStore(
    subscribeToWidth,
    () => window.matchMedia(MEDIA_QUERIES.md).matches,
    () => false,
  );

/**
 * Where a page has the header promo on a phone: above the page, as on a desktop, or inside it
 * (AdsInPage), below what the visitor came for. A film page puts it after the showtimes (issue 42:
 * no ad band above the times on a phone).
 */
export type HeaderAdOnPhones = "top" | "inPage";

/** The accessible name of one ad placeholder ("Advertisement", "Advertisement 2 of 4"). */
function useAdLabel(ads: SiteAds): (slot: string) => string {
  const intl = useIntl();
  return (slot) => intl.formatMessage({ id: "ads.slot.label" }, adLandmarkPlace(ads, slot));
}

/**
 * Header and footer promos: a leaderboard (728x90) from the md breakpoint, a 320x100 banner below.
 * `$only` keeps the box (and its reserved room) to phones or to wider screens.
 */
const Band = styled.aside<{ $only?: "phones" | "wide" }>`
  display: ${({ $only }) => ($only === "wide" ? "none" : "flex")};
  justify-content: center;
  align-items: center;
  overflow: hidden;
  height: 100px;
  margin: 0.5rem auto;
  ${({ theme }) => theme.media.md} {
    display: ${({ $only }) => ($only === "phones" ? "none" : "flex")};
    height: 90px;
  }
`;

const CustomBand = styled.aside<{ $reserve: CustomAdLocation["reserve"] }>`
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
const PULSE_OFFSET = "1rem";
const Pulse = styled.aside`
  position: fixed;
  right: ${PULSE_OFFSET};
  bottom: ${PULSE_OFFSET};
  z-index: 40;
  ${floating}
`;

/** The nominal pulse (200x120), reserved where the browser cannot say what the pulse shows. */
const PULSE_NOMINAL_HEIGHT = 120;

/** The height of what the pulse shows: 0 while the library has drawn nothing in it. */
function useShownHeight(ref: RefObject<HTMLElement | null>): number {
  const [height, setHeight] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (typeof ResizeObserver === "undefined") {
      setHeight(PULSE_NOMINAL_HEIGHT);
      return;
    }
    const observer = new ResizeObserver(() => setHeight(Math.ceil(element.getBoundingClientRect().height)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return height;
}

/**
 * While the pulse shows, the page ends with room for it (its height, its offset and as much again
 * between them), so the footer's last line can be scrolled clear of the ad. Owned by the pulse:
 * the room goes when the pulse is empty (a blocked library, slots cleared) or not rendered. On the
 * body, which React does not render, set and restored here (no site-wide stylesheet knows of ads).
 */
function useRoomAtTheEnd(height: number): void {
  useEffect(() => {
    if (height === 0) return;
    const { style } = document.body;
    const before = style.paddingBottom;
    style.paddingBottom = `calc(${height}px + 2 * ${PULSE_OFFSET})`;
    return () => {
      style.paddingBottom = before;
    };
  }, [height]);
}

function PulsePromo({ label }: { label: string }) {
  const ref = useRef<HTMLElement>(null);
  useRoomAtTheEnd(useShownHeight(ref));
  return (
    <Pulse ref={ref} data-ad-slot="pulse" aria-label={label}>
      <div id={ELEMENT_ID_OF_POSITION.pulse} />
    </Pulse>
  );
}

/** The library draws the interstitial over the page; its container takes no room. */
const Overlay = styled.aside`
  position: fixed;
  top: 0;
  left: 0;
  z-index: 50;
  ${floating}
`;

/**
 * Header promo and custom-location promos, between the header and the page's content; on a page
 * whose header promo is in the page on a phone, the header promo from the md breakpoint only. Both
 * boxes are in the HTML, each shown at its widths, and the element the library fills is mounted in
 * the one on screen: one element per position, as the ad wrapper's elementsMapping has it.
 */
export function AdsTop({ ads, headerOnPhones = "top" }: { ads: SiteAds; headerOnPhones?: HeaderAdOnPhones }) {
  const mounted = useMounted();
  const wide = useWide();
  const label = useAdLabel(ads);
  const { shown } = ads;
  const inPage = headerOnPhones === "inPage";
  return (
    <>
      {has(ads, "header") && (
        <Band data-ad-slot="header" aria-label={label("header")} $only={inPage ? "wide" : undefined}>
          {mounted && (!inPage || wide) && <div id={ELEMENT_ID_OF_POSITION.header} />}
        </Band>
      )}
      {shown &&
        ads.customLocations.map((location) => (
          <CustomBand
            key={location.key}
            $reserve={location.reserve}
            data-ad-slot={location.key}
            aria-label={label(location.key)}
          >
            {mounted && <div id={location.elementId} />}
          </CustomBand>
        ))}
    </>
  );
}

/** The header promo inside a page, on a phone only (see AdsTop). */
export function AdsInPage({ ads }: { ads: SiteAds }) {
  const mounted = useMounted();
  const wide = useWide();
  const label = useAdLabel(ads);
  if (!has(ads, "header")) return null;
  return (
    <Band data-ad-slot="header" aria-label={label("header")} $only="phones">
      {mounted && !wide && <div id={ELEMENT_ID_OF_POSITION.header} />}
    </Band>
  );
}

/** Footer promo, above the footer. */
export function AdsBottom({ ads }: { ads: SiteAds }) {
  const mounted = useMounted();
  const label = useAdLabel(ads);
  if (!has(ads, "footer")) return null;
  return (
    <Band data-ad-slot="footer" aria-label={label("footer")}>
      {mounted && <div id={ELEMENT_ID_OF_POSITION.footer} />}
    </Band>
  );
}

/** Pulse promo, interstitial and custom interstitial: fixed, rendered only after mount. */
export function AdsFloating({ ads }: { ads: SiteAds }) {
  const mounted = useMounted();
  const label = useAdLabel(ads);
  if (!mounted || !ads.shown) return null;
  return (
    <>
      {ads.positions.includes("pulse") && <PulsePromo label={label("pulse")} />}
      {ads.positions.includes("interstitial") && (
        <Overlay data-ad-slot="interstitial" aria-label={label("interstitial")}>
          <div id={ELEMENT_ID_OF_POSITION.interstitial} />
        </Overlay>
      )}
      {ads.customInterstitial && (
        // 1x1, nothing a visitor perceives: no landmark of its own (landmarks.ts).
        <Overlay as="div" data-ad-slot="custom-interstitial">
          <div id={CUSTOM_INTERSTITIAL_ELEMENT_ID} />
        </Overlay>
      )}
    </>
  );
}

const loadAdsRuntime = /* @__PURE__ */ loadOnce(() => import("../runtime"));

/**
 * On a site whose ads are shown, hands every page, theater and session change to the lazily
 * loaded runtime, which keeps the global page data object current (spec §3) and sets the ads up
 * again, debounced (spec §4).
 */
export function AdsSetup({ site, pageContext }: { site: SiteRuntime; pageContext: PageContext }) {
  const { currentTheater } = useSelectedTheater();
  const { member } = useMemberSession();
  const theaterId = currentTheater?.id ?? null;
  const isLoggedIn = member !== null;
  useEffect(() => {
    if (!site.ads.shown) return;
    loadAdsRuntime()
      .then(({ pageChanged }) => pageChanged({ site, pageContext, theaterId, isLoggedIn }))
      .catch(() => undefined);
  }, [site, pageContext, theaterId, isLoggedIn]);
  return null;
}
