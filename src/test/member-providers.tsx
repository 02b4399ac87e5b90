// What a member control needs from the page around it in a test: the site's messages and theme,
// and a member session over the client the test gives.
import { useState, type ReactNode } from "react";
import { IntlProvider } from "react-intl";
import { messagesFor } from "../i18n/catalogues";
import type { LoyaltyClient } from "../member/provider/client";
import { LoyaltyProvider } from "../member/session/LoyaltyProvider";
import { createRefreshMemory } from "../member/session/refresh-schedule";
import type { SiteRuntime } from "../site/model";
import { SiteThemeProvider } from "../theme/ThemeProvider";

export function MemberSiteProviders({
  runtime,
  client,
  children,
}: {
  runtime: SiteRuntime;
  client: LoyaltyClient;
  children: ReactNode;
}) {
  // A memory of its own per render of the tree: no refresh schedule carries over between tests.
  const [refreshMemory] = useState(createRefreshMemory);
  return (
    <IntlProvider locale={runtime.locale} messages={messagesFor(runtime.locale)}>
      <SiteThemeProvider theme={runtime.siteTheme}>
        <LoyaltyProvider client={client} externalToken={null} refreshMemory={refreshMemory}>
          {children}
        </LoyaltyProvider>
      </SiteThemeProvider>
    </IntlProvider>
  );
}
