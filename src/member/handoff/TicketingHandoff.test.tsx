// Spec §4 "Ticketing hand-off… Validation failure ('Invalid token'): log out, then redirect to a
// fixed site path, keeping the query string", seen from the page: the member lands on the login
// page signed out, the provider is asked to log the session out, and a provider that never answers
// that logout does not keep the member waiting.
import { fireEvent, render, waitFor, within } from "@testing-library/react";
import { IntlProvider } from "react-intl";
import { loadSiteConfig } from "../../config/load";
import { messagesFor } from "../../i18n/catalogues";
import { CurrentLocationProvider } from "../../links/LinkEnvironment";
import { buildSiteModel, type SiteRuntime } from "../../site/model";
import { installSiteRuntime, navigations, navigationStates } from "../../test/gatsby-mock";
import { fakeFetch, rawDetails, v1Session, v3Session } from "../../test/loyalty-fakes";
import { createLoyaltyClient } from "../provider/client";
import { LoyaltyProvider, useMemberSession } from "../session/LoyaltyProvider";
import { clearSession, restoreSession, storeSession } from "../session/persistence";
import { createRefreshMemory } from "../session/refresh-schedule";
import { createTokenHandover } from "../session/token-handover";
import type { MemberSession } from "../types";
import { SiteThemeProvider } from "../../theme/ThemeProvider";
import { OPENED_QUERY_STATE, openedQuery } from "../../tracking/analytics/private-params";
import { startPageAsTheHeadDoes } from "../../test/address-bar";
import { TicketingHandoff } from "./TicketingHandoff";

jest.mock("gatsby", () => jest.requireActual("../../test/gatsby-mock"));

/** The member session's status, for a test to read (data-testid "status"). */
function Status() {
  const { status } = useMemberSession();
  return <p data-testid="status">{status}</p>;
}

/**
 * The hand-off screen of `runtime`'s site, opened at `pathname` + `search`, its member calls to
 * `fetchImpl`, beside the session's Status.
 */
function renderHandoff(runtime: SiteRuntime, fetchImpl: typeof fetch, search: string, pathname = "/films/") {
  const client = createLoyaltyClient({ config: runtime.loyalty, brand: runtime.loyaltyBrand, fetchImpl });
  return render(
    <IntlProvider locale={runtime.locale} messages={messagesFor(runtime.locale)}>
      <SiteThemeProvider theme={runtime.siteTheme}>
        <CurrentLocationProvider location={{ pathname, search }}>
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
      </SiteThemeProvider>
    </IntlProvider>,
  );
}

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
  navigationStates.length = 0;
});

/** `siteId`'s runtime, installed, with `session` stored as a signed-in member's (30 days, kept across browser sessions). */
function signedInOn(siteId: string, session: MemberSession): SiteRuntime {
  const runtime = runtimes[siteId]!;
  installSiteRuntime(runtime);
  storeSession(session, { sessionTimeoutHours: 720, browserSessionOnly: false });
  return runtime;
}

const memberAnswer = { json: { peachCode: 0, memberDetails: rawDetails() } };
const refused = { json: { peachCode: 7, clientErrorMessage: "Invalid token" } };

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
    const runtime = signedInOn(siteId, stored);
    const fake = fakeFetch(answers);
    // The provider never answers the logout.
    const fetchImpl = ((url: string | URL | Request, init?: RequestInit) => {
      const route = (JSON.parse(String(init?.body)) as { reqMetadata: { route: string } }).reqMetadata.route;
      if (!route.startsWith(`${logout}?`) && route !== logout) return fake.fetchImpl(url, init);
      void fake.fetchImpl(url, init).catch(() => undefined); // recorded only
      return new Promise<Response>(() => undefined);
    }) as typeof fetch;
    const { getByTestId } = renderHandoff(runtime, fetchImpl, "?return=/startticketing/LUM01&utm_source=mail");
    await waitFor(() => expect(navigations).toEqual([landing]));
    expect(getByTestId("status")).toHaveTextContent("loggedOut");
    expect(restoreSession()).toBeNull();
    const sent = fake.calls.map((call) => call.body.reqMetadata.route.split("?")[0]);
    expect(sent[sent.length - 1]).toBe(logout);
    expect(fake.calls[fake.calls.length - 1]?.headers["Cypher-Session-Token"]).toBe(stored.token);
  },
);

// Issue 43: a signed-in member opening /?return=%2F..%2F..%2Fother-tenant%2Fcollect was sent on,
// token and all, out of the cinema's path on the ticketing host. Now nothing is sent and they are
// told why, in the site's language; closing the notice leaves them on the page.
it.each([
  ["lumiere", "Lien vers la billetterie refusé", /mène hors de la billetterie/, "Fermer"],
  ["starlight", "Ticketing link refused", /leads outside the cinema's ticketing service/, "Close"],
])(
  "%s: a return out of the ticketing path is refused, the member told why, and no call made",
  async (siteId, title, text, close) => {
    const runtime = signedInOn(siteId, v3Session);
    const fake = fakeFetch({
      "/Member/v3/GetMember/": memberAnswer,
      "/Member/ValidateToken": { json: { peachCode: 0 } },
    });
    const { findByRole, queryByRole } = renderHandoff(
      runtime,
      fake.fetchImpl,
      `?return=${encodeURIComponent("/../../other-tenant/collect?x=1")}`,
      "/",
    );
    const dialog = await findByRole("alertdialog", { name: title });
    expect(dialog).toHaveTextContent(text);
    fireEvent.click(within(dialog).getByRole("button", { name: close }));
    expect(queryByRole("alertdialog")).toBeNull();
    // Signed in (the restore read the member once), and the token was never checked for a hand-off
    // nor sent anywhere: no second read, no form, no navigation.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const routes = fake.calls.map((call) => call.body.reqMetadata.route.split("?")[0]);
    expect(routes).toEqual([siteId === "lumiere" ? "/Member/v3/GetMember/" : expect.any(String)]);
    expect(document.querySelector("form")).toBeNull();
    expect(navigations).toEqual([]);
  },
);

// Issue 44: `requestData` is private. It left the address bar as the page started (the head's
// first script); the hand-off reads it from the page's history entry and still passes it on.
describe("requestData out of the address bar (issue 44)", () => {
  const OPENED = "/films/?return=/startticketing/LUM01&requestData=ctx%3D1&utm_source=mail&token=handed";

  /** Opens OPENED as the page starts: the address bar cleaned, the history entry keeping the query. */
  function openPage(): string {
    window.history.replaceState(null, "", OPENED);
    startPageAsTheHeadDoes();
    expect(window.location.search).toBe("?return=/startticketing/LUM01&utm_source=mail");
    expect(new URLSearchParams(openedQuery()).get("requestData")).toBe("ctx=1");
    return window.location.search;
  }
  afterEach(() => window.history.replaceState(null, "", "/"));

  it("v1: the overlay's address carries it", async () => {
    const runtime = signedInOn("starlight", v1Session);
    const search = openPage();
    const fake = fakeFetch({ "/Member/ValidateToken": { json: { peachCode: 0 } } });
    const { findByRole, unmount } = renderHandoff(runtime, fake.fetchImpl, search);
    const link = await findByRole("link");
    expect(new URL(link.getAttribute("href")!).searchParams.get("requestData")).toBe("ctx=1");
    unmount();
  });

  it("v3: the form's hidden field carries it", async () => {
    const runtime = signedInOn("lumiere", v3Session);
    const search = openPage();
    const submit = jest.spyOn(HTMLFormElement.prototype, "submit").mockImplementation(() => undefined);
    const fake = fakeFetch({ "/Member/v3/GetMember/": memberAnswer });
    renderHandoff(runtime, fake.fetchImpl, search);
    await waitFor(() => expect(submit).toHaveBeenCalled());
    const field = document.querySelector<HTMLInputElement>('form input[name="requestData"]');
    expect(field?.value).toBe("ctx=1");
    submit.mockRestore();
  });

  it("an invalid token: the login page's entry keeps it, not the refused token", async () => {
    const runtime = signedInOn("starlight", v1Session);
    const search = openPage();
    const fake = fakeFetch({ "/Member/ValidateToken": { json: { peachCode: 7 } } });
    renderHandoff(runtime, fake.fetchImpl, search);
    await waitFor(() => expect(navigations).toEqual(["/sign-in/?return=/startticketing/LUM01&utm_source=mail"]));
    expect(navigationStates).toEqual([
      { [OPENED_QUERY_STATE]: "?return=/startticketing/LUM01&requestData=ctx%3D1&utm_source=mail" },
    ]);
  });
});
