import { act, fireEvent, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { IntlProvider } from "react-intl";
import type { ReactNode } from "react";
import { messagesFor } from "../i18n/catalogues";
import type { SiteRuntime } from "../site/model";
import { installSiteRuntime, navigations } from "../test/gatsby-mock";
import { setAnalyticsSink, type AnalyticsEvent } from "../tracking/analytics/events";
import { CurrentLocationProvider, SessionLinkProvider, type SessionLinkBridge } from "./LinkEnvironment";
import { SiteLink } from "./SiteLink";
import { EmbeddingModeProvider } from "../embedding/EmbeddingModeProvider";
import { builtRuntime } from "../test/site-runtime";

jest.mock("gatsby", () => jest.requireActual("../test/gatsby-mock"));

let runtime: SiteRuntime;
beforeAll(async () => {
  runtime = await builtRuntime("lumiere");
});

function Page({
  children,
  pathname = "/",
  search = "",
  session,
  locale = "fr-FR",
}: {
  children: ReactNode;
  pathname?: string;
  search?: string;
  session?: SessionLinkBridge;
  locale?: "fr-FR" | "en-US";
}) {
  // allocine.fr is decided "external" as the build would for a configured link; imdb.com is left
  // unknown so the browser has to decide.
  installSiteRuntime({ ...runtime, locale, linkHosts: { ...runtime.linkHosts, "www.allocine.fr": true } });
  const page = (
    <IntlProvider locale={locale} messages={messagesFor(locale)}>
      <CurrentLocationProvider location={{ pathname, search }}>{children}</CurrentLocationProvider>
    </IntlProvider>
  );
  return session ? <SessionLinkProvider value={session}>{page}</SessionLinkProvider> : page;
}

beforeEach(() => {
  navigations.length = 0;
});

describe("external links (spec §2)", () => {
  it("open in a new window with rel noreferrer and say so in title and accessible name, in French", async () => {
    render(
      <Page>
        <SiteLink to="https://www.imdb.com/title/tt1">Bande-annonce</SiteLink>
      </Page>,
    );
    // imdb.com is not in the site's config, so the browser decides with psl (loaded on demand).
    const link = await screen.findByRole("link", { name: "Bande-annonce (S'ouvre dans une nouvelle fenêtre)" });
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noreferrer");
    expect(link).toHaveAttribute("title", "(S'ouvre dans une nouvelle fenêtre)");
  });

  it("append the note to a given title and aria-label, in English", async () => {
    render(
      <Page locale="en-US">
        <SiteLink to="https://www.imdb.com/" title="Reviews" aria-label="Read reviews">
          Reviews
        </SiteLink>
      </Page>,
    );
    const link = await screen.findByRole("link", { name: "Read reviews (Opens in a new window)" });
    expect(link).toHaveAttribute("title", "Reviews (Opens in a new window)");
  });

  it("an explicit target overrides the new window", () => {
    render(
      <Page>
        <SiteLink to="https://www.allocine.fr/" target="_self">
          AlloCiné
        </SiteLink>
      </Page>,
    );
    const link = screen.getByRole("link", { name: "AlloCiné" });
    expect(link).toHaveAttribute("target", "_self");
    expect(link).not.toHaveAttribute("title");
  });

  it("the site's own ticketing service is not external", () => {
    render(
      <Page>
        <SiteLink to="https://billetterie.cinema-lumiere.fr/giftcards">Cartes cadeaux</SiteLink>
      </Page>,
    );
    const link = screen.getByRole("link", { name: "Cartes cadeaux" });
    expect(link).not.toHaveAttribute("target");
    expect(link).not.toHaveAttribute("rel");
  });
});

describe("special targets (spec §2)", () => {
  it("an empty target is a disabled element that does not navigate", () => {
    render(
      <Page>
        <SiteLink to="">Bientôt</SiteLink>
      </Page>,
    );
    const element = screen.getByRole("link", { name: "Bientôt" });
    expect(element.tagName).toBe("SPAN");
    expect(element).toHaveAttribute("aria-disabled", "true");
    expect(element).not.toHaveAttribute("href");
  });

  it("a javascript: target is never rendered as a link", () => {
    const { container } = render(
      <Page>
        <SiteLink to="javascript:alert(1)">Piège</SiteLink>
      </Page>,
    );
    expect(container.querySelector("[href]")).toBeNull();
  });

  it.each([
    ["#loyalty-logout", "logout"],
    ["#loyalty-login", "login"],
  ])("%s runs the session action and does not navigate", (to, action) => {
    const runAction = jest.fn();
    render(
      <Page session={{ token: null, runAction }}>
        <SiteLink to={to}>Action</SiteLink>
      </Page>,
    );
    const clicked = fireEvent.click(screen.getByRole("link", { name: "Action" }));
    expect(runAction).toHaveBeenCalledWith(action);
    expect(clicked).toBe(false);
  });

  it("'#' does nothing", () => {
    render(
      <Page>
        <SiteLink to="#">Rien</SiteLink>
      </Page>,
    );
    expect(fireEvent.click(screen.getByRole("link", { name: "Rien" }))).toBe(false);
  });

  it("a fragment link moves keyboard focus to the element", () => {
    render(
      <Page>
        <SiteLink to="#acces">Accès</SiteLink>
        <h2 id="acces">Venir au cinéma</h2>
      </Page>,
    );
    fireEvent.click(screen.getByRole("link", { name: "Accès" }));
    expect(screen.getByRole("heading", { name: "Venir au cinéma" })).toHaveFocus();
  });

  it("an e-mail address becomes a mailto link", () => {
    render(
      <Page>
        <SiteLink to="contact@cinema-lumiere.fr">Écrire</SiteLink>
      </Page>,
    );
    expect(screen.getByRole("link", { name: "Écrire" })).toHaveAttribute("href", "mailto:contact@cinema-lumiere.fr");
  });
});

describe("query carry-over and the session token (spec §7)", () => {
  it("utm parameters reach links after hydration only, so the server HTML and the first render agree", () => {
    const tree = (
      <Page search="?utm_source=mail&email=a@b.fr">
        <SiteLink to="/films">Films</SiteLink>
      </Page>
    );
    expect(renderToString(tree)).toContain('href="/films/"');
    render(tree);
    expect(screen.getByRole("link", { name: "Films" })).toHaveAttribute("href", "/films/?utm_source=mail");
  });

  it("a member's token is added to ticketing journeys under the provider's parameter, when followed", () => {
    render(
      <Page session={{ token: "tok-9", runAction: jest.fn() }}>
        <SiteLink to="https://billetterie.cinema-lumiere.fr/giftcards">Cartes</SiteLink>
      </Page>,
    );
    const link = screen.getByRole("link", { name: "Cartes" });
    expect(link).toHaveAttribute("href", "https://billetterie.cinema-lumiere.fr/giftcards");
    expect(hrefsAtNavigation(link, () => fireEvent.click(link))).toEqual([
      "https://billetterie.cinema-lumiere.fr/giftcards?boostToken=tok-9",
    ]);
  });

  it("with the post protocol the link is a form with hidden fields", () => {
    installSiteRuntime(runtime);
    const postRuntime = {
      ...runtime,
      links: { ...runtime.links, ticketing: { ...runtime.links.ticketing, postProtocol: true } },
    };
    const { container } = render(
      <IntlProvider locale="fr-FR" messages={messagesFor("fr-FR")}>
        <CurrentLocationProvider location={{ pathname: "/", search: "" }}>
          <SessionLinkProvider value={{ token: "tok-9", runAction: jest.fn() }}>
            <InstallRuntime runtime={postRuntime} />
            <SiteLink to="https://billetterie.cinema-lumiere.fr/vouchers?offer=2">Bons</SiteLink>
          </SessionLinkProvider>
        </CurrentLocationProvider>
      </IntlProvider>,
    );
    const form = container.querySelector("form")!;
    expect(form).toHaveAttribute("method", "post");
    expect(form).toHaveAttribute("action", "https://billetterie.cinema-lumiere.fr/vouchers");
    expect(
      [...form.querySelectorAll("input[type=hidden]")].map((i) => [i.getAttribute("name"), i.getAttribute("value")]),
    ).toEqual([
      ["offer", "2"],
      ["boostToken", "tok-9"],
    ]);
    expect(screen.getByRole("button", { name: "Bons" })).toHaveAttribute("type", "submit");
  });
});

function InstallRuntime({ runtime: next }: { runtime: SiteRuntime }) {
  installSiteRuntime(next);
  return null;
}

describe("clicks", () => {
  it("under /cms-preview/ a click does not navigate", () => {
    render(
      <Page pathname="/cms-preview/films/">
        <SiteLink to="/films">Films</SiteLink>
        <SiteLink to="https://www.allocine.fr/">AlloCiné</SiteLink>
      </Page>,
    );
    expect(fireEvent.click(screen.getByRole("link", { name: "Films" }))).toBe(false);
    expect(fireEvent.click(screen.getByRole("link", { name: /AlloCiné/ }))).toBe(false);
    expect(navigations).toEqual([]);
  });

  it("the link to the current page is active whatever its query", () => {
    render(
      <Page pathname="/films/" search="?utm_source=mail">
        <SiteLink to="/films">Films</SiteLink>
        <SiteLink to="/infos-pratiques/">Infos</SiteLink>
      </Page>,
    );
    const films = screen.getByRole("link", { name: "Films" });
    expect(films).toHaveAttribute("href", "/films/?utm_source=mail");
    expect(films).toHaveClass("active");
    expect(films).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("link", { name: "Infos" })).not.toHaveClass("active");
  });

  it("elsewhere an internal link navigates", () => {
    render(
      <Page pathname="/">
        <SiteLink to="/films">Films</SiteLink>
      </Page>,
    );
    fireEvent.click(screen.getByRole("link", { name: "Films" }));
    expect(navigations).toEqual(["/films/"]);
  });

  it("an outbound click records click / Navigation / out: {href}", () => {
    const events: AnalyticsEvent[] = [];
    setAnalyticsSink({ pageView: () => undefined, event: (e) => events.push(e) });
    try {
      render(
        <Page>
          <SiteLink to="https://www.allocine.fr/film" target="_self">
            AlloCiné
          </SiteLink>
        </Page>,
      );
      act(() => {
        fireEvent.click(screen.getByRole("link", { name: "AlloCiné" }));
      });
      expect(events).toEqual([{ action: "click", category: "Navigation", label: "out: https://www.allocine.fr/film" }]);
    } finally {
      setAnalyticsSink(null);
    }
  });
});

describe("outbound clicks of a signed-in member (spec §7; docs/decisions.md)", () => {
  const booking = "https://billetterie.cinema-lumiere.fr/websales/sales/LUM01/book?perfcode=P42";
  let events: AnalyticsEvent[];
  beforeEach(() => {
    events = [];
    setAnalyticsSink({ pageView: () => undefined, event: (e) => events.push(e) });
  });
  afterEach(() => setAnalyticsSink(null));

  it("the showtime link opens with the token; the label sent to analytics is the href without it", () => {
    render(
      <Page search="?utm_source=mail" session={{ token: "tok-9", runAction: jest.fn() }}>
        <SiteLink to={booking} target="_self">
          Réserver
        </SiteLink>
      </Page>,
    );
    const link = screen.getByRole("link", { name: "Réserver" });
    expect(hrefsAtNavigation(link, () => fireEvent.click(link))).toEqual([
      `${booking}&utm_source=mail&boostToken=tok-9`,
    ]);
    expect(events).toEqual([{ action: "click", category: "Navigation", label: `out: ${booking}&utm_source=mail` }]);
    expect(JSON.stringify(events)).not.toContain("tok-9");
  });

  it("a site's own token parameter name is left out of the label too", () => {
    installSiteRuntime(runtime);
    const customRuntime = {
      ...runtime,
      links: { ...runtime.links, ticketing: { ...runtime.links.ticketing, tokenParam: "memberToken" } },
    };
    render(
      <IntlProvider locale="fr-FR" messages={messagesFor("fr-FR")}>
        <CurrentLocationProvider location={{ pathname: "/", search: "" }}>
          <SessionLinkProvider value={{ token: "tok-9", runAction: jest.fn() }}>
            <InstallRuntime runtime={customRuntime} />
            <SiteLink to={booking} target="_self">
              Réserver
            </SiteLink>
          </SessionLinkProvider>
        </CurrentLocationProvider>
      </IntlProvider>,
    );
    const link = screen.getByRole("link", { name: "Réserver" });
    expect(link).toHaveAttribute("href", booking);
    expect(hrefsAtNavigation(link, () => fireEvent.click(link))).toEqual([`${booking}&memberToken=tok-9`]);
    expect(events).toEqual([{ action: "click", category: "Navigation", label: `out: ${booking}` }]);
  });
});

/**
 * What `link`'s href is when the browser would navigate: read by listeners on the document, which
 * run after SiteLink's (React's on the root) and before the default action. Navigation is
 * prevented (jsdom has none).
 */
function hrefsAtNavigation(link: HTMLElement, act: () => void, types = ["click", "auxclick"]): string[] {
  const seen: string[] = [];
  const read = (event: Event) => {
    seen.push(link.getAttribute("href")!);
    event.preventDefault();
  };
  for (const type of types) document.addEventListener(type, read);
  try {
    act();
  } finally {
    for (const type of types) document.removeEventListener(type, read);
  }
  return seen;
}

// Issue 43: "copy link" on a showtime sent a friend the member's session. The href a visitor can
// copy has no token; following the link (spec §4/§7) still hands it to ticketing.
describe("a signed-in member's showtime link carries the token only while it is followed", () => {
  const booking = "https://billetterie.cinema-lumiere.fr/websales/sales/LUM01/book?perfcode=P42";
  const withToken = `${booking}&boostToken=tok-9`;
  const member = { token: "tok-9", runAction: jest.fn() };
  // SiteLink puts the href back on a timer, run here when the test says.
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());
  const showtime = () => {
    render(
      <Page session={member}>
        <SiteLink to={booking} target="_self">
          20:30
        </SiteLink>
      </Page>,
    );
    return screen.getByRole("link", { name: "20:30" });
  };

  it("renders without it, on the server and in the browser", () => {
    expect(
      renderToString(
        <Page session={member}>
          <SiteLink to={booking}>20:30</SiteLink>
        </Page>,
      ),
    ).not.toContain("tok-9");
    expect(showtime()).toHaveAttribute("href", booking);
  });

  it.each([
    ["a click (what Enter on a focused link fires)", {}],
    ["a ctrl click (new tab)", { ctrlKey: true }],
    ["a cmd click (new tab)", { metaKey: true }],
    ["a shift click (new window)", { shiftKey: true }],
  ])("%s navigates with it, and the href is without it again afterwards", (_case, modifiers) => {
    const link = showtime();
    expect(hrefsAtNavigation(link, () => fireEvent.click(link, modifiers))).toEqual([withToken]);
    jest.runOnlyPendingTimers();
    expect(link).toHaveAttribute("href", booking);
  });

  it("a middle click has it from the button's release, before the click that opens the new tab", () => {
    const link = showtime();
    fireEvent.mouseDown(link, { button: 1 });
    expect(link).toHaveAttribute("href", booking);
    // Chromium opens the tab on auxclick; Firefox on a click it dispatches only to itself, after
    // mouseup and before auxclick.
    expect(
      hrefsAtNavigation(link, () => {
        fireEvent.mouseUp(link, { button: 1 });
        fireEvent(link, new MouseEvent("auxclick", { bubbles: true, cancelable: true, button: 1 }));
      }, ["mouseup", "auxclick"]),
    ).toEqual([withToken, withToken]);
    jest.runOnlyPendingTimers();
    expect(link).toHaveAttribute("href", booking);
  });

  it("the context menu (copy link address) never sees it, whenever the system opens it", () => {
    const link = showtime();
    // Linux and macOS open the menu on the press, Windows after the release.
    expect(
      hrefsAtNavigation(link, () => {
        fireEvent.mouseDown(link, { button: 2 });
        fireEvent.contextMenu(link, { button: 2 });
        fireEvent.mouseUp(link, { button: 2 });
        fireEvent.contextMenu(link, { button: 2 });
        fireEvent(link, new MouseEvent("auxclick", { bubbles: true, cancelable: true, button: 2 }));
      }, ["mousedown", "contextmenu", "mouseup", "auxclick"]),
    ).toEqual([booking, booking, booking, booking, booking]);
    jest.runOnlyPendingTimers();
    expect(link).toHaveAttribute("href", booking);
  });

  it("a guest's link never has a token", () => {
    render(
      <Page session={{ token: null, runAction: jest.fn() }}>
        <SiteLink to={booking} target="_self">
          20:30
        </SiteLink>
      </Page>,
    );
    const link = screen.getByRole("link", { name: "20:30" });
    expect(link).toHaveAttribute("href", booking);
    expect(
      hrefsAtNavigation(link, () => {
        fireEvent.click(link);
        fireEvent.mouseUp(link, { button: 1 });
      }, ["click", "mouseup"]),
    ).toEqual([booking, booking]);
  });
});

describe("embedded mode entered at run time (spec §4 embedding mode)", () => {
  const bookingLink = "https://billetterie.cinema-lumiere.fr/websales/sales/LUM01/book?perfcode=P42";
  const embeddedPage = (search: string) => (
    <Page search={search}>
      <EmbeddingModeProvider search={search}>
        <SiteLink to={bookingLink}>Réserver</SiteLink>
        <SiteLink to={bookingLink} keepBookingLink>
          Billetterie
        </SiteLink>
      </EmbeddingModeProvider>
    </Page>
  );
  afterEach(() => window.sessionStorage.clear());

  it("a tab opened with ?embeddingMode=tapos_embedded sends booking links to the internal route, and keeps doing so", () => {
    const first = render(embeddedPage("?embeddingMode=tapos_embedded"));
    expect(screen.getByRole("link", { name: "Réserver" })).toHaveAttribute(
      "href",
      "/booking/?theaterCode=LUM01&perfCode=P42",
    );
    first.unmount();
    // The next page of the tab carries no flag.
    render(embeddedPage(""));
    expect(screen.getByRole("link", { name: "Réserver" })).toHaveAttribute(
      "href",
      "/booking/?theaterCode=LUM01&perfCode=P42",
    );
  });

  it("the server render and a visitor's tab keep the ticketing link", () => {
    expect(renderToString(embeddedPage("?embeddingMode=tapos_embedded"))).toContain(
      `href="${bookingLink.replace("&", "&amp;")}"`,
    );
    render(embeddedPage(""));
    expect(screen.getByRole("link", { name: /Réserver/ })).toHaveAttribute("href", bookingLink);
  });

  it("the booking route's own way out keeps the ticketing link in embedded mode", () => {
    render(embeddedPage("?embeddingMode=tapos_embedded"));
    expect(screen.getByRole("link", { name: /Billetterie/ })).toHaveAttribute("href", bookingLink);
  });
});
