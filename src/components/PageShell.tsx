import { useMemo, type ReactNode } from "react";
import { IntlProvider } from "react-intl";
import styled from "styled-components";
import type { PageContext } from "../page-context/page-context";
import type { SiteRuntime } from "../site/model";
import { useSiteRuntime } from "../site/SiteRuntime";
import { GlobalStyle, SiteThemeProvider, buildTheme, type SiteTheme } from "../theme";
import { RedirectGate } from "../links/RedirectGate";
import { LoyaltyProvider } from "../loyalty/LoyaltyProvider";
import { CaptchaProvider } from "../loyalty/components/captcha";
import { HandoffGate } from "../loyalty/components/HandoffGate";
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

export function themeFor(site: SiteRuntime): SiteTheme {
  const { colors, settings, fonts, fontWeights, roundness } = site.theme;
  return buildTheme({ palette: colors.palette, surfaces: settings, fonts, fontWeights, roundness });
}

type PageShellProps = { pageContext: PageContext; children: ReactNode };

/** Providers and layout every template renders inside: messages, theme, header, main, footer. */
export function PageShell({ pageContext, children }: PageShellProps) {
  const site = useSiteRuntime();
  const theme = useMemo(() => themeFor(site), [site]);
  return (
    <IntlProvider locale={pageContext.intl.locale.long} defaultLocale="en-US" messages={pageContext.intl.messages} timeZone={site.timeZone}>
      <SiteThemeProvider theme={theme}>
        <GlobalStyle />
        <CaptchaProvider>
          <LoyaltyProvider>
            <RedirectGate />
            <HandoffGate />
            <SkipLink />
            <Header site={site} layout={site.theme.layout} />
            <Main id={MAIN_CONTENT_ID} tabIndex={-1}>
              {children}
            </Main>
            <Footer site={site} layout={site.theme.layout} />
          </LoyaltyProvider>
        </CaptchaProvider>
      </SiteThemeProvider>
    </IntlProvider>
  );
}
