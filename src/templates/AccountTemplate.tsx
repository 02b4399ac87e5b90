import { navigate, type HeadProps, type PageProps } from "gatsby";
import { Suspense, useCallback, useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useIntl } from "react-intl";
import styled from "styled-components";
import {
  ACCOUNT_SCREENS,
  accountEntryOf,
  accountPath,
  isOffered,
  loginPathFor,
  type AccountOffer,
  type AccountScreen,
} from "../member/account/routes";
import { ACCOUNT_SCREEN_COMPONENTS } from "../member/account/screens";
import { NotFoundContent } from "../components/NotFoundContent";
import { PageShell } from "../shell/PageShell";
import { SeoHead } from "../shell/SeoHead";
import { SiteLink } from "../links/SiteLink";
import { useMemberSession } from "../member/session/LoyaltyProvider";
import { FeatureBoundary } from "../lib/lazy-feature";
import { useDisclosureDismissal } from "../lib/use-disclosure-dismissal";
import { FeatureUnavailable } from "../components/FeatureUnavailable";
import { useSiteRuntime } from "../runtime/SiteRuntime";
import type { AccountPageContext } from "../site/contexts";
import type { MessageId } from "../i18n/en-US";

const Layout = styled.div`
  display: grid;
  /* One column on a phone that never grows past the screen for a long word or label. */
  grid-template-columns: minmax(0, 1fr);
  gap: 2rem;
  ${({ theme }) => theme.media.md} {
    grid-template-columns: minmax(0, 14rem) minmax(0, 1fr);
  }
  /* On a phone the section's screens are a disclosure above the screen (issue 46: as a block of
     nine wrapping chips they pushed each screen about 500 px down): a button naming the current
     screen, which opens the chips. From md they are the column beside it, always shown. */
  nav ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
  }
  nav[data-open="false"] ul {
    display: none;
  }
  nav > button {
    display: flex;
    justify-content: space-between;
    align-items: center;
    gap: 0.5rem;
    width: 100%;
    margin-bottom: 0.5rem;
    padding: 0.625rem 0.75rem;
    font: inherit;
    text-align: start;
    color: inherit;
    background: ${({ theme }) => theme.colours.backgroundWithOffset};
    border: 1px solid ${({ theme }) => theme.colours.visibleMuted};
    border-radius: ${({ theme }) => theme.radii.buttons};
    cursor: pointer;
  }
  nav > button::after {
    content: "";
    flex: none;
    width: 0.5rem;
    height: 0.5rem;
    border-right: 2px solid currentColor;
    border-bottom: 2px solid currentColor;
    transform: translateY(-25%) rotate(45deg);
  }
  nav[data-open="true"] > button::after {
    transform: translateY(25%) rotate(-135deg);
  }
  nav a {
    display: block;
    padding: 0.5rem 0.75rem;
    border: 1px solid ${({ theme }) => theme.colours.visibleMuted};
    border-radius: ${({ theme }) => theme.radii.buttons};
    color: inherit;
  }
  nav a.active {
    background: ${({ theme }) => theme.colours.backgroundWithOffset};
    font-weight: ${({ theme }) => theme.fontWeights.bold};
    border-color: ${({ theme }) => theme.colours.visiblePrimary};
    box-shadow: inset 0 0 0 1px ${({ theme }) => theme.colours.visiblePrimary};
  }
  ${({ theme }) => theme.media.md} {
    nav > button {
      display: none;
    }
    nav ul,
    nav[data-open="false"] ul {
      display: grid;
      gap: 0.25rem;
    }
    /* Square on the left, where the active item's bar is: a pill theme's rounding would bend the
       bar into a crescent. */
    nav a {
      border: 0;
      border-left: 4px solid transparent;
      border-radius: 0 ${({ theme }) => theme.radii.buttons} ${({ theme }) => theme.radii.buttons} 0;
    }
    nav a.active {
      border-left-color: ${({ theme }) => theme.colours.visiblePrimary};
      box-shadow: none;
    }
  }
`;

function Loading() {
  const intl = useIntl();
  return <p role="status">{intl.formatMessage({ id: "account.loading" })}</p>;
}

/**
 * The section's screens. On a phone a disclosure (WAI-ARIA disclosure navigation) whose button
 * names the current screen; it starts closed on each screen (the template mounts it per screen).
 */
function AccountNavigation({ offer, current }: { offer: AccountOffer; current: AccountScreen }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDisclosureDismissal(open, close, button, [list]);
  return (
    <nav aria-label={intl.formatMessage({ id: "account.navigation" })} data-open={open}>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
      >
        {intl.formatMessage(
          { id: "account.navigation.current" },
          { screen: intl.formatMessage({ id: `account.screen.${current}` }) },
        )}
      </button>
      <ul ref={list} id={listId}>
        {ACCOUNT_SCREENS.filter((e) => e.inNavigation && isOffered(e.screen, offer)).map((e) => (
          <li key={e.screen}>
            <SiteLink to={accountPath(e.screen)}>{intl.formatMessage({ id: `account.screen.${e.screen}` })}</SiteLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Screen({ screen }: { screen: AccountScreen }) {
  const Component = ACCOUNT_SCREEN_COMPONENTS[screen];
  return (
    // A screen whose code did not arrive (offline) says so in its place; another screen, or the
    // button, imports it again.
    <FeatureBoundary
      retryKey={screen}
      unavailable={(retry) => <FeatureUnavailable messageId="account.offline" retryId="account.retry" retry={retry} />}
    >
      <Suspense fallback={<Loading />}>
        <Component />
      </Suspense>
    </FeatureBoundary>
  );
}

/**
 * A screen this site's provider or settings do not offer (a US member's watchlist: a bookmark, an
 * old link): the account's frame stays, the screen says so and leads back (issue 46), rather
 * than a dead "page not found".
 */
function NotOffered() {
  const intl = useIntl();
  return (
    <>
      <p>{intl.formatMessage({ id: "account.notOffered" })}</p>
      <p>
        <SiteLink to={accountPath("overview")}>{intl.formatMessage({ id: "account.notOffered.back" })}</SiteLink>
      </p>
    </>
  );
}

function AccountSection({ pathname, search }: { pathname: string; search: string }) {
  const intl = useIntl();
  const site = useSiteRuntime();
  const { member, session, ready, status, config } = useMemberSession();
  const entry = accountEntryOf(pathname);
  const offer: AccountOffer = {
    includeWatchlist: config.includeWatchlist,
    cypherVersion: session?.cypherVersion ?? null,
  };
  const mustSignIn = entry?.access === "member" && ready && status !== "loading" && !member;
  const title = intl.formatMessage(screenTitle(entry));

  useEffect(() => {
    // A guest is sent to sign in and brought back here afterwards (the login page reads ?next=).
    if (mustSignIn) void navigate(loginPathFor(site.loginPageSlug, `${pathname}${search}`), { replace: true });
  }, [mustSignIn, site.loginPageSlug, pathname, search]);

  // The static HTML is the same for every path under /account/; nothing path- or member-specific
  // renders before the stored session has been read, so hydration always matches it.
  if (!ready) return <Loading />;
  if (!entry) return <NotFoundContent />;
  if (entry.access === "anyone") {
    return (
      <>
        <h1>{title}</h1>
        <Screen screen={entry.screen} />
      </>
    );
  }
  if (!member) return <Loading />;
  return (
    <Layout>
      <AccountNavigation key={entry.screen} offer={offer} current={entry.screen} />
      <section aria-labelledby="account-screen-title">
        <h1 id="account-screen-title">{title}</h1>
        {isOffered(entry.screen, offer) ? <Screen screen={entry.screen} /> : <NotOffered />}
      </section>
    </Layout>
  );
}

/**
 * At least a screen high, whatever the section shows: its screens arrive in steps (the session,
 * the screen's code, the member's data), and each step under a short "loading" moved the footer,
 * then the screen's own sections, down and out of view (layout shift 0.22 on a phone opening the
 * overview, 0.30 the history). Below the fold from the start, the footer moves unseen.
 */
const ScreenHigh = styled.div`
  min-height: 100vh;
  /* Its own block formatting context: a first child's top margin (the "loading" line's) stays
     inside it, so the frame itself never moves when that child is replaced. */
  display: flow-root;
`;

/** The member account section: one client-only page for every path under /account/. */
export default function AccountTemplate({ pageContext, location }: PageProps<object, AccountPageContext>): ReactNode {
  return (
    <PageShell pageContext={pageContext}>
      <ScreenHigh>
        <AccountSection pathname={location.pathname} search={location.search} />
      </ScreenHigh>
    </PageShell>
  );
}

/** The screen's own name, or not found for a path under /account/ that no screen shows. */
function screenTitle(entry: ReturnType<typeof accountEntryOf>): { id: MessageId } {
  return entry ? { id: `account.screen.${entry.screen}` } : { id: "notFound.title" };
}

export function Head({ pageContext, location }: HeadProps<object, AccountPageContext>) {
  // The browser renders the head with the address it opened (a reload, a bookmark, an e-mailed
  // link to /account/cards/): each screen's own title from the first paint on (WCAG 2.4.2). The
  // static /account/ page, made once for every screen, has the overview's.
  // A member's own pages have nothing to index.
  return <SeoHead pageContext={pageContext} title={screenTitle(accountEntryOf(location.pathname))} noindex />;
}
