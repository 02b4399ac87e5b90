// The ad placeholders (spec §2) and the page's ad setup (spec §4). First-load code: only reserved
// boxes, the global page data object and a debounced, lazily imported setup. The boxes are in the
// server-rendered HTML so the page never moves when an ad arrives (CLS 0: fixed heights, overflow
// hidden); the elements the ad library fills render inside them only after mount (spec §2). Each
// placeholder is an <aside> named "Advertisement" (landmarks.ts). The pulse and the interstitial
// load on demand (FloatingAds.tsx), and the setup waits for them.
import { Suspense, startTransition, useEffect, useState, useSyncExternalStore, type ReactNode } from "react";
import { useIntl } from "react-intl";
import styled from "styled-components";
import { useSelectedTheater } from "../../member/favourites/SelectedTheaterProvider";
import { whenIdle } from "../../lib/idle";
import { loadOnce } from "../../lib/lazy";
import { FeatureBoundary, lazyFeature } from "../../lib/lazy-feature";
import { useMemberSession } from "../../member/session/LoyaltyProvider";
import type { PageContext } from "../../runtime/page-context";
import type { SiteRuntime } from "../../runtime/site-runtime";
import { interstitialShownThisVisit } from "../interstitial-visit";
import { adLandmarkPlace } from "../landmarks";
import { CUSTOM_INTERSTITIAL_ELEMENT_ID, ELEMENT_ID_OF_POSITION, type AdPosition } from "../mappings";
import type { CustomAdLocation, SiteAds } from "../site-ads";
import { MEDIA_QUERIES } from "../../theme/scales";

/**
 * False in the server render and the hydrating render, true after, set in a transition: React
 * renders the placements that then appear in slices it can interrupt. A store-backed flag
 * (useSyncExternalStore with a server snapshot of false) made React render every placement again
 * in one synchronous task right after hydration, the page's longest after its scripts (issue 44).
 */
function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => startTransition(() => setMounted(true)), []);
  return mounted;
}

/** The page a placeholder or the setup is rendered on: its template decides whether it has ads. */
type AdsPage = Pick<PageContext, "templateName">;

/**
 * Issue 44: where a member signs in, asks for or sets a new password, or keeps their account (the
 * login page, every /account/ screen) there are no ads: no box, no ad setup, so no ad script and
 * no ad call. An ad library reads the page (its address, its cookies) and sends what it reads.
 * Here rather than in PageShell: a site that shows no ads builds NoAds.tsx, without this code.
 */
const showsAds = (ads: SiteAds, page: AdsPage) =>
  ads.shown && page.templateName !== "login" && page.templateName !== "account";

const has = (ads: SiteAds, position: AdPosition, page: AdsPage) =>
  showsAds(ads, page) && ads.positions.includes(position);

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
 * The 1x1 custom interstitial's container: it takes no room and, fixed, takes clicks only where an
 * ad is (the library may size it before anything shows).
 */
const Overlay = styled.div`
  position: fixed;
  top: 0;
  left: 0;
  z-index: 50;
  pointer-events: none;
  & > * > * {
    pointer-events: auto;
  }
`;

const loadFloatingAds = /* @__PURE__ */ loadOnce(() => import("./FloatingAds"));
const PulsePromo = /* @__PURE__ */ lazyFeature(async () => ({ default: (await loadFloatingAds()).PulsePromo }));
const Interstitial = /* @__PURE__ */ lazyFeature(async () => ({ default: (await loadFloatingAds()).Interstitial }));
const hasFloating = (ads: SiteAds) => ads.positions.includes("pulse") || ads.positions.includes("interstitial");

/** Frames the setup waits at most for the floating elements (about a second). */
const MOUNT_FRAMES = 60;

/**
 * Once their code is there, the pulse's and the interstitial's elements mount in React's next
 * render, a little later: the library fills only the elements it finds when it loads its positions,
 * so the setup waits for them (the interstitial's only on the visit's first page, where it mounts).
 */
function floatingElementsMounted(ads: SiteAds): Promise<void> {
  const ids = (["pulse", "interstitial"] as const)
    .filter((position) => ads.positions.includes(position))
    .filter((position) => position !== "interstitial" || !interstitialShownThisVisit())
    .map((position) => ELEMENT_ID_OF_POSITION[position]);
  return new Promise((resolve) => {
    let frames = 0;
    const look = () => {
      if (ids.every((id) => document.getElementById(id)) || ++frames > MOUNT_FRAMES) resolve();
      else requestAnimationFrame(look);
    };
    look();
  });
}
const nothing = () => null;

/** An ad loaded on demand: nothing until its code is there, nothing if it cannot come. */
function OnDemand({ children }: { children: ReactNode }) {
  return (
    <FeatureBoundary unavailable={nothing}>
      <Suspense fallback={null}>{children}</Suspense>
    </FeatureBoundary>
  );
}

/**
 * Header promo and custom-location promos, between the header and the page's content; on a page
 * whose header promo is in the page on a phone, the header promo from the md breakpoint only. Both
 * boxes are in the HTML, each shown at its widths, and the element the library fills is mounted in
 * the one on screen: one element per position, as the ad wrapper's elementsMapping has it. The
 * interstitial comes first, after mount: it opens under the header, and the keyboard reaches its
 * close button right after the header's controls.
 */
export function AdsTop({
  ads,
  pageContext,
  headerOnPhones = "top",
}: {
  ads: SiteAds;
  pageContext: AdsPage;
  headerOnPhones?: HeaderAdOnPhones;
}) {
  const mounted = useMounted();
  const wide = useWide();
  const label = useAdLabel(ads);
  const shown = showsAds(ads, pageContext);
  const inPage = headerOnPhones === "inPage";
  return (
    <>
      {mounted && has(ads, "interstitial", pageContext) && (
        <OnDemand>
          <Interstitial />
        </OnDemand>
      )}
      {has(ads, "header", pageContext) && (
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
  // Only in a film page (FilmTemplate), which has ads.
  if (!has(ads, "header", { templateName: "film" })) return null;
  return (
    <Band data-ad-slot="header" aria-label={label("header")} $only="phones">
      {mounted && !wide && <div id={ELEMENT_ID_OF_POSITION.header} />}
    </Band>
  );
}

/** Footer promo, above the footer. */
export function AdsBottom({ ads, pageContext }: { ads: SiteAds; pageContext: AdsPage }) {
  const mounted = useMounted();
  const label = useAdLabel(ads);
  if (!has(ads, "footer", pageContext)) return null;
  return (
    <Band data-ad-slot="footer" aria-label={label("footer")}>
      {mounted && <div id={ELEMENT_ID_OF_POSITION.footer} />}
    </Band>
  );
}

/** Pulse promo and custom interstitial, rendered only after mount. */
export function AdsFloating({ ads, pageContext }: { ads: SiteAds; pageContext: AdsPage }) {
  const mounted = useMounted();
  const wide = useWide();
  const label = useAdLabel(ads);
  if (!mounted || !showsAds(ads, pageContext)) return null;
  return (
    <>
      {ads.positions.includes("pulse") && (
        <OnDemand>
          <PulsePromo label={label("pulse")} wide={wide} />
        </OnDemand>
      )}
      {ads.customInterstitial && (
        // 1x1, nothing a visitor perceives: no landmark of its own (landmarks.ts).
        <Overlay data-ad-slot="custom-interstitial">
          <div id={CUSTOM_INTERSTITIAL_ELEMENT_ID} />
        </Overlay>
      )}
    </>
  );
}

const loadAdsRuntime = /* @__PURE__ */ loadOnce(() => import("../runtime"));
/** How long the ads wait at most for an idle main thread before they start anyway. */
const ADS_START_TIMEOUT_MS = 1000;

/**
 * On a site whose ads are shown, hands every page, theater and session change to the lazily
 * loaded runtime, which keeps the global page data object current (spec §3) and sets the ads up
 * again, debounced (spec §4). The pulse's and the interstitial's code comes first (whether it
 * loads or not), so their elements are there when the library fills the positions.
 */
export function AdsSetup({ site, pageContext }: { site: SiteRuntime; pageContext: PageContext }) {
  const { currentTheater } = useSelectedTheater();
  const { member } = useMemberSession();
  const theaterId = currentTheater?.id ?? null;
  const isLoggedIn = member !== null;
  useEffect(() => {
    if (!showsAds(site.ads, pageContext)) return;
    let superseded = false;
    // Once the main thread is free (within a second), not in the task that runs hydration's effects:
    // starting the two chunks' loads there made that one task long on a phone (issue 44). A change
    // that comes first (another page, theater or session) hands over its own values instead.
    whenIdle(() => {
      if (superseded) return;
      Promise.all([
        loadAdsRuntime(),
        hasFloating(site.ads) && loadFloatingAds().then(() => floatingElementsMounted(site.ads), nothing),
      ])
        .then(([{ pageChanged }]) => pageChanged({ site, pageContext, theaterId, isLoggedIn }))
        .catch(() => undefined);
    }, ADS_START_TIMEOUT_MS);
    return () => {
      superseded = true;
    };
  }, [site, pageContext, theaterId, isLoggedIn]);
  return null;
}
