import { navigate, type HeadProps, type PageProps } from "gatsby";
import { Suspense, useEffect, useState, type KeyboardEvent } from "react";
import { useIntl } from "react-intl";
import { ACCOUNT_PATH, accountPath, safeNextPath } from "../member/account/routes";
import { WELCOME_STATE } from "../member/account/welcome";
import { SiteLink } from "../links/SiteLink";
import styled from "styled-components";
import { Button } from "../components/forms/fields";
import { PageShell } from "../shell/PageShell";
import { SeoHead } from "../shell/SeoHead";
import { LoginForm } from "../member/sign-in/LoginForm";
import { SignupPitch } from "../member/sign-in/SignupPitch";
import { planHandoff } from "../member/handoff/handoff";
import { LOGIN_TAB_IDS, loginTabOfFragment, type LoginTab } from "../member/sign-in/login-page";
import { useMemberSession } from "../member/session/LoyaltyProvider";
import { FeatureBoundary, lazyFeature } from "../lib/lazy-feature";
import { FeatureUnavailable } from "../components/FeatureUnavailable";
import { useSiteRuntime } from "../runtime/SiteRuntime";
import type { LoginPageContext } from "../site/contexts";

const Columns = styled.div`
  display: grid;
  gap: 2rem;
  ${({ theme }) => theme.media.md} {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  }
  aside {
    align-self: start;
    padding: 1.25rem;
    border-radius: ${({ theme }) => theme.radii.content};
    background: ${({ theme }) => theme.colours.backgroundWithOffset};
  }
  aside h2 {
    margin-top: 0;
  }
  aside button {
    font: inherit;
    cursor: pointer;
    min-height: 44px;
    padding: 0.55rem 1rem;
    border: 2px solid ${({ theme }) => theme.colours.primary};
    border-radius: ${({ theme }) => theme.radii.buttons};
    background: ${({ theme }) => theme.colours.primary};
    color: ${({ theme }) => theme.colours.readableOnPrimary};
    font-weight: ${({ theme }) => theme.fontWeights.bold};
    --focus-ring-colour: ${({ theme }) => theme.colours.focusRingOnPrimary};
  }
`;

const Register = lazyFeature(() => import("../member/account/screens/Register"));

const Tabs = styled.div`
  [role="tablist"] {
    display: flex;
    gap: 0.5rem;
    margin-bottom: 1.25rem;
    border-bottom: 1px solid ${({ theme }) => theme.colours.visibleMuted};
  }
  [role="tab"] {
    font: inherit;
    cursor: pointer;
    min-height: 44px;
    padding: 0.5rem 1rem;
    background: transparent;
    color: inherit;
    border: 0;
    border-bottom: 4px solid transparent;
  }
  [role="tab"][aria-selected="true"] {
    border-bottom-color: ${({ theme }) => theme.colours.visiblePrimary};
    font-weight: ${({ theme }) => theme.fontWeights.bold};
  }
`;

/** How a member came to be signed in on this page. */
type Arrival = "signIn" | "signUp";

/** A link's request for one of the tabs (its fragment); a new object for each arrival, even at the same URL. */
type AskedTab = { readonly tab: LoginTab };

/**
 * The login page's two tabs (WAI-ARIA tabs: arrow keys move between them). A link opens one with
 * its id as fragment (src/member/sign-in/login-page.ts): the sign-in dialog's sign-up link, for one.
 */
function SignInOrUp({ asked, onArrival }: { asked: AskedTab | null; onArrival(how: Arrival): void }) {
  const intl = useIntl();
  const { config } = useMemberSession();
  const [tab, setTab] = useState<LoginTab>("signIn");
  // Each arrival selects the tab it asks for once; the visitor may then switch as they like.
  useEffect(() => {
    if (asked) setTab(asked.tab);
  }, [asked]);
  const signUpLabel = config.guestSignupTabButton || intl.formatMessage({ id: "member.login.signupTab" });
  const openSignUp = () => {
    setTab("signUp");
    document.getElementById(LOGIN_TAB_IDS.signUp)?.focus();
  };
  const tabs: { id: LoginTab; label: string }[] = [
    { id: "signIn", label: intl.formatMessage({ id: "member.login.signinTab" }) },
    { id: "signUp", label: signUpLabel },
  ];
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== "ArrowRight" && event.key !== "ArrowLeft" && event.key !== "Home" && event.key !== "End") return;
    event.preventDefault();
    const nextTab: LoginTab =
      event.key === "Home" ? "signIn" : event.key === "End" ? "signUp" : tab === "signIn" ? "signUp" : "signIn";
    setTab(nextTab);
    document.getElementById(LOGIN_TAB_IDS[nextTab])?.focus();
  };
  return (
    <Tabs>
      <div role="tablist" aria-label={intl.formatMessage({ id: "member.login.title" })} onKeyDown={onKeyDown}>
        {tabs.map((t) => (
          <button
            key={t.id}
            id={LOGIN_TAB_IDS[t.id]}
            type="button"
            role="tab"
            aria-selected={tab === t.id}
            aria-controls={`login-panel-${t.id}`}
            tabIndex={tab === t.id ? 0 : -1}
            onClick={() => setTab(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      {/* Both panels exist so each tab's aria-controls names an element; only the chosen one has content. */}
      <div id="login-panel-signIn" role="tabpanel" aria-labelledby={LOGIN_TAB_IDS.signIn} hidden={tab !== "signIn"}>
        {tab === "signIn" && (
          <Columns>
            <section aria-labelledby="sign-in-heading">
              <h2 id="sign-in-heading">{intl.formatMessage({ id: "member.login.title" })}</h2>
              <p>{intl.formatMessage({ id: "member.login.intro" })}</p>
              <LoginForm onSignedIn={() => onArrival("signIn")} />
              <p>
                <SiteLink to={accountPath("forgotPassword")}>
                  {intl.formatMessage({ id: "member.login.forgotten" })}
                </SiteLink>
              </p>
            </section>
            {config.guestSignupTabText && (
              <aside aria-labelledby="sign-up-pitch">
                <h2 id="sign-up-pitch">{signUpLabel}</h2>
                <SignupPitch text={config.guestSignupTabText} />
                {/* The pitch leads somewhere: the registration form of the sign-up tab. */}
                <button type="button" onClick={openSignUp}>
                  {intl.formatMessage({ id: "member.login.signupCta" })}
                </button>
              </aside>
            )}
          </Columns>
        )}
      </div>
      <div id="login-panel-signUp" role="tabpanel" aria-labelledby={LOGIN_TAB_IDS.signUp} hidden={tab !== "signUp"}>
        {tab === "signUp" && (
          <>
            {config.guestSignupTabText && <SignupPitch text={config.guestSignupTabText} />}
            <FeatureBoundary
              unavailable={(retry) => (
                <FeatureUnavailable messageId="member.signup.offline" retryId="member.retry" retry={retry} />
              )}
            >
              <Suspense fallback={<p role="status">{intl.formatMessage({ id: "common.loading" })}</p>}>
                <Register onAccountCreated={() => onArrival("signUp")} />
              </Suspense>
            </FeatureBoundary>
          </>
        )}
      </div>
    </Tabs>
  );
}

function MemberSignIn({ search, asked }: { search: string; asked: AskedTab | null }) {
  const intl = useIntl();
  const site = useSiteRuntime();
  // No spinner while a sign-in runs: the form stays mounted so its error and fields survive.
  const { member, session, config, logout } = useMemberSession();
  const query = new URLSearchParams(search);
  const next = safeNextPath(query.get("next"));
  const returnPath = query.get("return");
  // Spec §4: a member on a page opened with ?return= (ticketing sent a guest here to sign in) is
  // handed to the ticketing service by the page's TicketingHandoff (PageShell): this page stays,
  // since leaving it would unmount the hand-off before it runs. Only a return the hand-off
  // refuses (not a site path, no ticketing URL) lets the member go on as below.
  const handoffAhead =
    returnPath !== null &&
    planHandoff({ session, member, config, ticketingUrl: site.ticketingUrl, returnPath }) !== "none";
  const [arrival, setArrival] = useState<Arrival | null>(null);
  useEffect(() => {
    // A guest sent here from an account screen goes back to it once signed in; one who signed in
    // here of their own accord is taken on to their account rather than left on this page, and a
    // new member is welcomed there (welcome.ts).
    if (member && !handoffAhead && (next || arrival))
      void navigate(next ?? ACCOUNT_PATH, { replace: true, ...(arrival === "signUp" && { state: WELCOME_STATE }) });
  }, [member, handoffAhead, next, arrival]);
  if (member) {
    const name = [member.firstName, member.lastName].filter(Boolean).join(" ") || member.email;
    return (
      <div className="signed-in">
        <p role="status">{intl.formatMessage({ id: "member.login.signedIn" }, { name })}</p>
        <p>
          <SiteLink to={ACCOUNT_PATH}>{intl.formatMessage({ id: "member.menu.account" })}</SiteLink>
        </p>
        <Button type="button" onClick={() => void logout()}>
          {intl.formatMessage({ id: "member.menu.signOut" })}
        </Button>
      </div>
    );
  }
  // An account created here and then signed in is a sign-up (said before the sign-in, so the member
  // is welcomed whatever signs them in); a later sign-in by the form does not make it a sign-in.
  const onArrival = (how: Arrival) => setArrival((current) => (how === "signUp" ? how : (current ?? how)));
  return <SignInOrUp asked={asked} onArrival={onArrival} />;
}

/** The login page at settings.loginPage.slug (spec §2). */
export default function LoginTemplate({ pageContext, location }: PageProps<object, LoginPageContext>) {
  // The static HTML has no query string nor fragment; read them after hydration so both renders agree.
  const [search, setSearch] = useState("");
  useEffect(() => setSearch(location.search), [location.search]);
  // The key tells a second arrival at the same URL (the dialog's sign-up link followed again here).
  const [asked, setAsked] = useState<AskedTab | null>(null);
  useEffect(() => {
    const tab = loginTabOfFragment(location.hash);
    setAsked(tab && { tab });
  }, [location.hash, location.key]);
  return (
    // Spec §5: the page's own captcha key (pages.json, when a page has the login slug), as GenericTemplate.
    <PageShell pageContext={pageContext} captchaSiteKey={pageContext.page?.captchaSiteKey}>
      <LoginHeading title={pageContext.page?.title ?? null} />
      <MemberSignIn search={search} asked={asked} />
    </PageShell>
  );
}

function LoginHeading({ title }: { title: string | null }) {
  const intl = useIntl();
  return <h1>{title ?? intl.formatMessage({ id: "member.login.title" })}</h1>;
}

export function Head({ pageContext }: HeadProps<object, LoginPageContext>) {
  return <SeoHead pageContext={pageContext} title={pageContext.page?.title ?? { id: "member.login.title" }} />;
}
