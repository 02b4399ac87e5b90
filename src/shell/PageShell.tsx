import { useMemo, type ComponentType, type ReactNode } from "react";
import type { PageProps } from "gatsby";
import { RawIntlProvider } from "react-intl";
import { createSiteIntl } from "../i18n/site-intl";
import styled from "styled-components";
import type { PageContext } from "../runtime/page-context";
import { useSiteMessages, useSiteRuntime } from "../runtime/SiteRuntime";
import { useEditorPreview } from "../editor/preview-store";
import { GlobalStyle, SiteThemeProvider } from "../theme/ThemeProvider";
import { RedirectGate } from "../links/RedirectGate";
import { useCurrentLocation } from "../links/LinkEnvironment";
import { clicksSuppressed } from "../links/rules";
import { CaptchaProvider } from "../member/sign-in/captcha";
import { HandoffGate } from "../member/handoff/HandoffGate";
import { SelectedTheaterProvider } from "../member/favourites/SelectedTheaterProvider";
import { LoyaltyAtCurrentTheater } from "../member/favourites/LoyaltyAtCurrentTheater";
import { WatchlistProvider } from "../member/favourites/WatchlistProvider";
import { TrackingStarter } from "../tracking/consent/TrackingStarter";
import { AdsBottom, AdsFloating, AdsSetup, AdsTop, type HeaderAdOnPhones } from "../ads/components/AdSlots";
import { Footer } from "./layout/Footer";
import { Header } from "./layout/Header";
import { MAIN_CONTENT_ID, SkipLink } from "./layout/SkipLink";

const Main = styled.main`
  display: block;
  max-width: 1280px;
  margin: 0 auto;
  padding: 1.5rem 1rem;
  min-height: 60vh;
  &:focus {
    outline: none;
  }
`;

type PageShellProps = {
  pageContext: PageContext;
  /** A generic page's own reCAPTCHA key (pages.json), else the deploy's. */
  captchaSiteKey?: string | undefined;
  /** A page sent without scripts (the offline page): a header that works without them. */
  scriptless?: boolean;
  /** Where the page has the header promo on a phone (a film page: after its times, AdsInPage). */
  headerAdOnPhones?: HeaderAdOnPhones;
  /** False for a page with a search box of its own (the film list): the header then has none. */
  headerSearch?: boolean;
  children: ReactNode;
};

/** Providers and layout every template renders inside: messages, theme, header, main, footer. */
export function PageShell({
  pageContext,
  captchaSiteKey,
  scriptless,
  headerAdOnPhones,
  headerSearch = true,
  children,
}: PageShellProps) {
  const site = useSiteRuntime();
  const messages = useSiteMessages();
  const locale = pageContext.intl.locale.long;
  const intl = useMemo(
    () => createSiteIntl({ locale, messages, timeZone: site.timeZone }),
    [locale, messages, site.timeZone],
  );
  // Spec §4 editor preview: what a framing editor changed, else the theme derived at build.
  const preview = useEditorPreview(site);
  const theme = preview?.siteTheme ?? site.siteTheme;
  const layout = preview?.layout ?? site.theme.layout;
  // Under the preview path prefix (spec §2, where clicks are suppressed too) the page is the
  // editor's working copy, not a visit: no consent notice over the footer being edited, no page
  // view, tag or ad script (docs/decisions.md). The ad boxes keep their room, as visitors see them.
  const { pathname } = useCurrentLocation();
  // A page sent without scripts (the offline page) loads none either: no button for them.
  const thirdPartiesOn = !scriptless && !clicksSuppressed(pathname);
  return (
    <RawIntlProvider value={intl}>
      <SiteThemeProvider theme={theme}>
        <GlobalStyle />
        <CaptchaProvider pageKey={captchaSiteKey}>
          <SelectedTheaterProvider theaterId={pageContext.theaterId}>
            <LoyaltyAtCurrentTheater>
              <WatchlistProvider>
                <RedirectGate />
                {thirdPartiesOn && <TrackingStarter site={site} />}
                <HandoffGate />
                <SkipLink />
                {thirdPartiesOn && <AdsSetup site={site} pageContext={pageContext} />}
                <Header site={site} layout={layout} scriptless={scriptless} search={headerSearch} />
                <AdsTop ads={site.ads} pageContext={pageContext} headerOnPhones={headerAdOnPhones} />
                <Main id={MAIN_CONTENT_ID} tabIndex={-1}>
                  {children}
                </Main>
                <AdsBottom ads={site.ads} pageContext={pageContext} />
                <Footer site={site} layout={layout} consentManagerOnPage={thirdPartiesOn} />
                <AdsFloating ads={site.ads} pageContext={pageContext} />
              </WatchlistProvider>
            </LoyaltyAtCurrentTheater>
          </SelectedTheaterProvider>
        </CaptchaProvider>
      </SiteThemeProvider>
    </RawIntlProvider>
  );
}

/**
 * The default export of a template whose page needs nothing but its page context, which is most of
 * them: that page, inside the shell.
 */
export function shellTemplate<Context extends PageContext>(
  Page: ComponentType<{ pageContext: Context }>,
  shell: Pick<PageShellProps, "headerAdOnPhones"> = {},
) {
  function Template({ pageContext }: PageProps<object, Context>) {
    return (
      <PageShell pageContext={pageContext} {...shell}>
        <Page pageContext={pageContext} />
      </PageShell>
    );
  }
  Template.displayName = `Template(${Page.displayName ?? Page.name})`;
  return Template;
}
