// Issue 43 ("login CSRF by ?token="), seen from the page: a member signed in who opens a link
// carrying another member's token is asked "Continue as …?" before anything changes. Rendered as
// the page shell renders it (HandoffGate, which loads the question on demand), over a provider
// that knows each token's member. The page starts as the site's pages do (issue 44): the token
// leaves the address bar at once, and the session reads it from the page's history entry.
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { SiteRuntime } from "../../site/model";
import { CurrentLocationProvider } from "../../links/LinkEnvironment";
import { installSiteRuntime } from "../../test/gatsby-mock";
import { fakeFetch, rawDetails, v1Session, v3Session } from "../../test/loyalty-fakes";
import { MemberSiteProviders } from "../../test/member-providers";
import { openedQuery } from "../../tracking/analytics/private-params";
import { startPageAsTheHeadDoes } from "../../test/address-bar";
import { builtRuntime } from "../../test/site-runtime";
import { HandoffGate } from "../handoff/HandoffGate";
import { createLoyaltyClient } from "../provider/client";
import { useMemberSession } from "../session/LoyaltyProvider";
import { clearSession, restoreSession, storeSession } from "../session/persistence";
import type { MemberSession } from "../types";

jest.mock("gatsby", () => jest.requireActual("../../test/gatsby-mock"));

const runtimes: Partial<Record<"lumiere" | "starlight", SiteRuntime>> = {};
beforeAll(async () => {
  for (const siteId of ["lumiere", "starlight"] as const) runtimes[siteId] = await builtRuntime(siteId);
});

const ARRIVAL = "/account/profile/?token=handed&utm_source=mail";
beforeEach(() => {
  clearSession();
  localStorage.clear();
  window.history.replaceState(null, "", ARRIVAL);
  startPageAsTheHeadDoes();
});
/** The token the page's history entry still holds for a reload (none once the page does not use it). */
const tokenKeptForReload = () => new URLSearchParams(openedQuery()).get("token");
/** The link's token is out of the address, the campaign kept; `kept`: what the history entry holds for a reload. */
function expectAddressCleaned(kept: string | null) {
  expect(window.location.search).toBe("?utm_source=mail");
  expect(tokenKeptForReload()).toBe(kept);
}
afterAll(() => window.history.replaceState(null, "", "/"));

const keep = { sessionTimeoutHours: 720, browserSessionOnly: false };
const ada = { json: { peachCode: 0, memberDetails: rawDetails() } };
const grace = {
  json: {
    peachCode: 0,
    memberDetails: rawDetails({
      memberId: "100009",
      firstName: "Grace",
      lastName: "Hopper",
      email: "grace@example.com",
    }),
  },
};
const refused = { json: { peachCode: 7, clientErrorMessage: "Invalid token" } };
const graceByToken = {
  json: { ...grace.json, statusCode: 200, sessionManagementTokens: { token: "grace-session", refreshTokenHeld: true } },
};

type Answers = Parameters<typeof fakeFetch>[0];

/**
 * A provider whose answers depend on the token a call carries (the session header, or the token a
 * v1 login by token sends): the member signed in holds tok-3 / tok-1, the link carries "handed".
 */
function providerByToken(answers: Record<string, Answers>) {
  const fakes = new Map(Object.entries(answers).map(([token, byRoute]) => [token, fakeFetch(byRoute)]));
  const sent: string[] = [];
  const fetchImpl = ((url: string | URL | Request, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as { reqMetadata: { route: string }; token?: string };
    const token = (init?.headers as Record<string, string>)["Cypher-Session-Token"] ?? body.token ?? "";
    sent.push(`${body.reqMetadata.route.split("?")[0]} ${token}`);
    const fake = fakes.get(token);
    if (!fake) throw new Error(`no answers for the token ${JSON.stringify(token)}`);
    return fake.fetchImpl(url, init);
  }) as typeof fetch;
  return { fetchImpl, sent };
}

/** Who the page shows as signed in, and the token its links would carry. */
function SignedIn() {
  const { member, session, status } = useMemberSession();
  return <p data-testid="signed-in">{status === "loggedIn" ? `${member?.firstName} ${session?.token}` : status}</p>;
}

function renderPage(
  siteId: "lumiere" | "starlight",
  options: { stored: MemberSession | null; answers: Record<string, Answers>; search?: string },
) {
  const runtime = runtimes[siteId]!;
  installSiteRuntime(runtime);
  if (options.stored) storeSession(options.stored, keep);
  const provider = providerByToken(options.answers);
  const client = createLoyaltyClient({ config: runtime.loyalty, brand: "Cypher", fetchImpl: provider.fetchImpl });
  render(
    <CurrentLocationProvider location={{ pathname: "/", search: options.search ?? "?utm_source=mail" }}>
      <MemberSiteProviders runtime={runtime} client={client} tokenFromPage>
        <HandoffGate />
        <SignedIn />
      </MemberSiteProviders>
    </CurrentLocationProvider>,
  );
  return { sent: provider.sent, signedIn: () => screen.getByTestId("signed-in").textContent };
}

describe("French site (v3): Ada is signed in and opens a link carrying Grace's token", () => {
  const answers: Record<string, Answers> = {
    [v3Session.token]: { "/Member/v3/GetMember/": ada },
    handed: { "/Member/v3/GetMember/": grace },
  };

  it("asks whether to continue as Grace, naming both, the answer that changes nothing first and focused", async () => {
    const { sent, signedIn } = renderPage("lumiere", { stored: v3Session, answers });
    const question = await screen.findByRole("alertdialog", { name: "Continuer en tant que Grace Hopper ?" });
    expect(question).toHaveAccessibleDescription(
      "Le lien que vous avez suivi vous connecte en tant que Grace Hopper. Vous êtes actuellement connecté·e en tant que Ada Lovelace.",
    );
    const [stay, take] = within(question).getAllByRole("button");
    expect(stay).toHaveAccessibleName("Rester connecté·e en tant que Ada Lovelace");
    expect(take).toHaveAccessibleName("Continuer en tant que Grace Hopper");
    expect(stay).toHaveFocus();
    // Meanwhile Ada is still the one signed in, and her links carry her token.
    expect(signedIn()).toBe(`Ada ${v3Session.token}`);
    // Grace's member was read with her token; nothing signed in with it.
    expect(sent).toEqual([`/Member/v3/GetMember/ ${v3Session.token}`, "/Member/v3/GetMember/ handed"]);
  });

  it("declining keeps Ada's session and its token; the page keeps the link's token no more", async () => {
    const { sent, signedIn } = renderPage("lumiere", { stored: v3Session, answers });
    const question = await screen.findByRole("alertdialog", { name: "Continuer en tant que Grace Hopper ?" });
    await userEvent.click(within(question).getByRole("button", { name: "Rester connecté·e en tant que Ada Lovelace" }));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(signedIn()).toBe(`Ada ${v3Session.token}`);
    expect(restoreSession()?.token).toBe(v3Session.token);
    expect(`${window.location.pathname}${window.location.search}`).toBe("/account/profile/?utm_source=mail");
    expect(tokenKeptForReload()).toBeNull();
    expect(sent).toHaveLength(2);
  });

  it("Escape is the same answer as staying", async () => {
    const { signedIn } = renderPage("lumiere", { stored: v3Session, answers });
    await screen.findByRole("alertdialog", { name: "Continuer en tant que Grace Hopper ?" });
    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(signedIn()).toBe(`Ada ${v3Session.token}`);
    expectAddressCleaned(null);
  });

  it("accepting switches to Grace, with the handed-over token", async () => {
    const { sent, signedIn } = renderPage("lumiere", { stored: v3Session, answers });
    const question = await screen.findByRole("alertdialog", { name: "Continuer en tant que Grace Hopper ?" });
    await userEvent.click(within(question).getByRole("button", { name: "Continuer en tant que Grace Hopper" }));
    await waitFor(() => expect(signedIn()).toBe("Grace handed"));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(sent.slice(-1)).toEqual(["/Member/v3/GetMember/ handed"]);
    // As a guest's arrival does: the session rests on the link's token (v3 keeps no refresh token for
    // it, spec §4); not in the address, but the history entry keeps it for a reload (issue 44).
    expectAddressCleaned("handed");
  });

  it("a token whose member cannot be read is not used: Ada stays, and is told", async () => {
    const { signedIn } = renderPage("lumiere", {
      stored: v3Session,
      answers: { ...answers, handed: { "/Member/v3/GetMember/": refused } },
    });
    const notice = await screen.findByRole("alertdialog", { name: "Lien de connexion non utilisé" });
    expect(notice).toHaveAccessibleDescription(
      "Le lien que vous avez suivi devait connecter un autre membre, mais son compte n'a pas pu être lu (le lien a peut-être expiré). Vous êtes toujours connecté·e en tant que Ada Lovelace.",
    );
    expect(signedIn()).toBe(`Ada ${v3Session.token}`);
    expectAddressCleaned(null);
    const close = within(notice).getByRole("button", { name: "Fermer" });
    expect(close).toHaveFocus();
    await userEvent.click(close);
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(signedIn()).toBe(`Ada ${v3Session.token}`);
  });

  it("a switch the provider then refuses leaves Ada signed in, and says so", async () => {
    const { signedIn } = renderPage("lumiere", {
      stored: v3Session,
      answers: { ...answers, handed: { "/Member/v3/GetMember/": [grace, refused] } },
    });
    const question = await screen.findByRole("alertdialog", { name: "Continuer en tant que Grace Hopper ?" });
    await userEvent.click(within(question).getByRole("button", { name: "Continuer en tant que Grace Hopper" }));
    const notice = await screen.findByRole("alertdialog", { name: "Lien de connexion non utilisé" });
    expect(notice).toHaveAccessibleDescription(
      "La connexion en tant que Grace Hopper n'a pas abouti. Vous êtes toujours connecté·e en tant que Ada Lovelace.",
    );
    expect(within(notice).getByRole("button", { name: "Fermer" })).toHaveFocus();
    expect(signedIn()).toBe(`Ada ${v3Session.token}`);
    expectAddressCleaned(null);
  });

  it("the same member under another token is taken without a question, as before", async () => {
    const { signedIn } = renderPage("lumiere", {
      stored: v3Session,
      answers: { ...answers, handed: { "/Member/v3/GetMember/": ada } },
    });
    await waitFor(() => expect(signedIn()).toBe("Ada handed"));
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });

  it("without a member signed in, the link signs Grace in at once, as before: no question", async () => {
    const { sent, signedIn } = renderPage("lumiere", { stored: null, answers });
    await waitFor(() => expect(signedIn()).toBe("Grace handed"));
    await act(async () => undefined);
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(sent).toEqual(["/Member/v3/GetMember/ handed"]);
    expectAddressCleaned("handed");
  });
});

describe("US site (v1): Ada is signed in and opens a link carrying Grace's token", () => {
  const answers: Record<string, Answers> = {
    [v1Session.token]: { "/Member/GetMember/": ada },
    handed: { "/Member/GetMember/": grace, "/Member/LoginByToken": graceByToken },
  };

  it("asks in English; accepting signs Grace in by token (her own new session)", async () => {
    const { sent, signedIn } = renderPage("starlight", { stored: v1Session, answers });
    const question = await screen.findByRole("alertdialog", { name: "Continue as Grace Hopper?" });
    expect(question).toHaveAccessibleDescription(
      "The link you followed signs you in as Grace Hopper. You are currently signed in as Ada Lovelace.",
    );
    expect(within(question).getByRole("button", { name: "Stay signed in as Ada Lovelace" })).toHaveFocus();
    await userEvent.click(within(question).getByRole("button", { name: "Continue as Grace Hopper" }));
    await waitFor(() => expect(signedIn()).toBe("Grace grace-session"));
    expect(sent).toEqual([
      `/Member/GetMember/ ${v1Session.token}`,
      "/Member/GetMember/ handed",
      "/Member/LoginByToken handed",
    ]);
  });

  it("declining keeps Ada, in English too", async () => {
    const { signedIn } = renderPage("starlight", { stored: v1Session, answers });
    const question = await screen.findByRole("alertdialog", { name: "Continue as Grace Hopper?" });
    await userEvent.click(within(question).getByRole("button", { name: "Stay signed in as Ada Lovelace" }));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(signedIn()).toBe(`Ada ${v1Session.token}`);
    expectAddressCleaned(null);
  });

  // Ticketing sent the member back with both: whose session goes to ticketing is answered first.
  it("a ticketing hand-off on the same link waits for the answer, then goes with the session kept", async () => {
    const { sent } = renderPage("starlight", {
      stored: v1Session,
      answers: {
        ...answers,
        [v1Session.token]: { ...answers[v1Session.token], "/Member/ValidateToken": { json: { peachCode: 0 } } },
      },
      search: "?return=/startticketing/SL001",
    });
    const question = await screen.findByRole("alertdialog", { name: "Continue as Grace Hopper?" });
    expect(screen.queryByRole("dialog", { name: "Taking you to ticketing" })).toBeNull();
    expect(sent.some((call) => call.startsWith("/Member/ValidateToken"))).toBe(false);
    await userEvent.click(within(question).getByRole("button", { name: "Stay signed in as Ada Lovelace" }));
    const overlay = await screen.findByRole("dialog", { name: "Taking you to ticketing" });
    expect(within(overlay).getByRole("link")).toHaveAttribute("href", expect.stringMatching(/[?&]token=tok-1$/));
    expect(sent.slice(-1)).toEqual([`/Member/ValidateToken ${v1Session.token}`]);
  });
});
