// Spec §4 "Ticketing hand-off… Validation failure ('Invalid token'): log out, then redirect to a
// fixed site path, keeping the query string", seen from the page: the member lands on the login
// page signed out, the provider is asked to log the session out, and a provider that never answers
// that logout does not keep the member waiting.
import { render, waitFor } from "@testing-library/react";
import { IntlProvider } from "react-intl";
import { loadSiteConfig } from "../../config/load";
import { messagesFor } from "../../i18n/catalogues";
import { CurrentLocationProvider } from "../../links/LinkEnvironment";
import { buildSiteModel, type SiteRuntime } from "../../site/model";
import { installSiteRuntime, navigations } from "../../test/gatsby-mock";
import { fakeFetch, rawDetails, v1Session, v3Session } from "../../test/loyalty-fakes";
import { createLoyaltyClient } from "../provider/client";
import { LoyaltyProvider, useMemberSession } from "../session/LoyaltyProvider";
import { clearSession, restoreSession, storeSession } from "../session/persistence";
import { createRefreshMemory } from "../session/refresh-schedule";
import { createTokenHandover } from "../session/token-handover";
import type { MemberSession } from "../types";
import { TicketingHandoff } from "./TicketingHandoff";

jest.mock("gatsby", () => jest.requireActual("../../test/gatsby-mock"));

const runtimes: Record<string, SiteRuntime> = {};
beforeAll(async () => {
  for (const siteId of ["lumiere", "starlight"]) {
    runtimes[siteId] = buildSiteModel(
      await loadSiteConfig({ configRoot: "site-config", siteId }),
      new Date("2026-11-20T10:00:00Z"),
    ).runtime;
  }
});

beforeEach(() => {
  clearSession();
  localStorage.clear();
  navigations.length = 0;
});

const memberAnswer = { json: { peachCode: 0, memberDetails: rawDetails() } };
const refused = { json: { peachCode: 7, clientErrorMessage: "Invalid token" } };

function Status() {
  const { status } = useMemberSession();
  return <p data-testid="status">{status}</p>;
}

it.each<{
  version: string;
  siteId: string;
  stored: MemberSession;
  answers: Parameters<typeof fakeFetch>[0];
  logout: string;
  landing: string;
}>([
  {
    version: "v3",
    siteId: "lumiere",
    stored: v3Session,
    // The restore reads the member, then the hand-off checks the token with the same route.
    answers: { "/Member/v3/GetMember/": [memberAnswer, refused] },
    logout: "/Member/v3/Logout",
    landing: "/connexion/?return=/startticketing/LUM01&utm_source=mail",
  },
  {
    version: "v1",
    siteId: "starlight",
    stored: v1Session,
    answers: { "/Member/ValidateToken": { json: { peachCode: 7 } } },
    logout: "/Member/Logout",
    landing: "/sign-in/?return=/startticketing/LUM01&utm_source=mail",
  },
])(
  "$version: an invalid token signs out here and at the provider, and lands on the login page at once",
  async ({ siteId, stored, answers, logout, landing }) => {
    const runtime = runtimes[siteId]!;
    installSiteRuntime(runtime);
    storeSession(stored, { sessionTimeoutHours: 720, browserSessionOnly: false });
    const fake = fakeFetch(answers);
    // The provider never answers the logout.
    const fetchImpl = ((url: string | URL | Request, init?: RequestInit) => {
      const route = (JSON.parse(String(init?.body)) as { reqMetadata: { route: string } }).reqMetadata.route;
      if (!route.startsWith(`${logout}?`) && route !== logout) return fake.fetchImpl(url, init);
      void fake.fetchImpl(url, init).catch(() => undefined); // recorded only
      return new Promise<Response>(() => undefined);
    }) as typeof fetch;
    const client = createLoyaltyClient({ config: runtime.loyalty, brand: runtime.loyaltyBrand, fetchImpl });
    const { getByTestId } = render(
      <IntlProvider locale={runtime.locale} messages={messagesFor(runtime.locale)}>
        <CurrentLocationProvider
          location={{ pathname: "/films/", search: "?return=/startticketing/LUM01&utm_source=mail" }}
        >
          <LoyaltyProvider
            client={client}
            externalToken={null}
            refreshMemory={createRefreshMemory()}
            tokenHandover={createTokenHandover()}
          >
            <Status />
            <TicketingHandoff />
          </LoyaltyProvider>
        </CurrentLocationProvider>
      </IntlProvider>,
    );
    await waitFor(() => expect(navigations).toEqual([landing]));
    expect(getByTestId("status")).toHaveTextContent("loggedOut");
    expect(restoreSession()).toBeNull();
    const sent = fake.calls.map((call) => call.body.reqMetadata.route.split("?")[0]);
    expect(sent[sent.length - 1]).toBe(logout);
    expect(fake.calls[fake.calls.length - 1]?.headers["Cypher-Session-Token"]).toBe(stored.token);
  },
);
