// What a member control needs from the page around it in a test: the site's messages and theme,
// and a member session over the client the test gives.
import { useState, type ReactNode } from "react";
import { IntlProvider } from "react-intl";
import { messagesFor } from "../i18n/catalogues";
import type { LoyaltyClient } from "../member/provider/client";
import { LoyaltyProvider } from "../member/session/LoyaltyProvider";
import { createRefreshMemory } from "../member/session/refresh-schedule";
import { createTokenHandover } from "../member/session/token-handover";
import type { SiteRuntime } from "../site/model";
import { SiteThemeProvider } from "../theme/ThemeProvider";

export function MemberSiteProviders({
  runtime,
  client,
  externalToken = null,
  tokenFromPage = false,
  children,
}: {
  runtime: SiteRuntime;
  client: LoyaltyClient;
  /** The page's ?token= (none by default). */
  externalToken?: string | null;
  /** Read the ?token= as the site does, from what the page was opened with (issue 44), not from `externalToken`. */
  tokenFromPage?: boolean;
  children: ReactNode;
}) {
  // A memory and a ledger of their own per render of the tree: no refresh schedule, and no member
  // read on an earlier page, carries over between tests.
  const [refreshMemory] = useState(createRefreshMemory);
  const [tokenHandover] = useState(createTokenHandover);
  return (
    <IntlProvider locale={runtime.locale} messages={messagesFor(runtime.locale)}>
      <SiteThemeProvider theme={runtime.siteTheme}>
        <LoyaltyProvider
          client={client}
          {...(tokenFromPage ? {} : { externalToken })}
          refreshMemory={refreshMemory}
          tokenHandover={tokenHandover}
        >
          {children}
        </LoyaltyProvider>
      </SiteThemeProvider>
    </IntlProvider>
  );
}
