import { navigate } from "gatsby";
import { Suspense, useEffect, useId, useRef, useState } from "react";
import { useIntl } from "react-intl";
import styled from "styled-components";
import { headerButtonCss } from "../../components/header-button";
import { ACCOUNT_PATH, safeNextPath } from "../../lib/paths";
import { useCurrentLocation } from "../../links/LinkEnvironment";
import { SiteLink } from "../../links/SiteLink";
import type { LINK_ACTIONS } from "../../links/rules";
import { fillConfigText } from "../../lib/config-text";
import { FeatureBoundary, lazyFeature } from "../../lib/lazy-feature";
import { useSiteRuntime } from "../../runtime/SiteRuntime";
import { planHandoff } from "../handoff/handoff";
import { useMemberSession } from "../session/LoyaltyProvider";

const LoginDialog = lazyFeature(() => import("./LoginDialog"));

/** The link target that signs out (spec §2), should an operator put it in the member menu. */
const LOGOUT_LINK: keyof typeof LINK_ACTIONS = "#loyalty-logout";

const Access = styled.div`
  position: relative;
  > button {
    ${headerButtonCss}
    white-space: nowrap;
  }
`;

const Menu = styled.div`
  position: absolute;
  right: 0;
  top: calc(100% + 0.4rem);
  z-index: 20;
  min-width: 14rem;
  /* Opens leftwards from the button at the bar's right end, never wider than the screen. */
  max-width: calc(100vw - 2rem);
  padding: 0.75rem;
  border-radius: ${({ theme }) => theme.radii.content};
  background: ${({ theme }) => theme.colours.background};
  color: ${({ theme }) => theme.colours.text};
  box-shadow: 0 6px 24px rgba(0, 0, 0, 0.25);
  p {
    margin: 0 0 0.5rem;
  }
  ul {
    list-style: none;
    margin: 0 0 0.5rem;
    padding: 0;
  }
  li a {
    display: block;
    padding: 0.35rem 0;
    color: ${({ theme }) => theme.colours.link};
  }
  button {
    font: inherit;
    background: transparent;
    color: inherit;
    border: 1px solid currentColor;
    border-radius: ${({ theme }) => theme.radii.buttons};
    padding: 0.35rem 0.8rem;
    cursor: pointer;
  }
`;

/**
 * Where the dialog would be (it opens from film cards as well as from here), for a dialog whose
 * code did not load: not modal, so the button that asked stays usable and a later press loads again.
 */
const Unavailable = styled(Menu)`
  position: fixed;
  z-index: 1000;
  left: 50%;
  right: auto;
  top: 50%;
  transform: translate(-50%, -50%);
  width: min(28rem, calc(100vw - 2rem));
`;

/**
 * A site without a login page (spec §2: loginPage.slug empty) sends a guest who must sign in to its
 * home page with `?next=` (src/member/account/routes.ts loginPathFor). There the sign-in dialog opens
 * once the stored session has been read, and a member is taken on to `next`, as the login page
 * does, unless a ticketing hand-off (?return=, spec §4) is under way on the page.
 */
function useSignInForNext() {
  const site = useSiteRuntime();
  const { search } = useCurrentLocation();
  const { member, session, config, ready, status, loginDialog } = useMemberSession();
  const query = new URLSearchParams(search);
  const next = site.loginPageSlug ? null : safeNextPath(query.get("next"));
  const returnPath = query.get("return");
  const handoffAhead =
    returnPath !== null &&
    planHandoff({ session, member, config, ticketingUrl: site.ticketingUrl, returnPath }) !== "none";
  const settled = ready && status !== "loading";
  const showDialog = loginDialog.show;
  const withDialog = config.accessFromHeader;
  // Asked once per arrival: a guest who closes the dialog stays on the page.
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (!next || !settled) return;
    if (member) {
      if (!handoffAhead) void navigate(next, { replace: true });
      return;
    }
    // The dialog is this header button's: a site without it has no sign-in to offer here.
    if (!withDialog || asked.current === next) return;
    asked.current = next;
    showDialog();
  }, [next, settled, member, handoffAhead, withDialog, showDialog]);
}

/**
 * The header's member access (spec §3 accessFromHeader): a guest gets a button with the guest
 * label that opens the sign-in dialog; a member gets the logged-in label opening their menu.
 *
 * Signing out from the menu removes the menu and the member's button with it, so focus goes to
 * the guest button that replaces it (WCAG 2.4.3) and a polite status, always rendered here so that
 * its change is read, says the member is signed out (WCAG 4.1.3). A sign-out from anywhere else (a
 * token the hand-off rejected, a logout link) leaves focus and the status alone.
 */
export function MemberAccess() {
  const intl = useIntl();
  const { config, member, logout, loginDialog } = useMemberSession();
  useSignInForNext();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const container = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const guestButton = useRef<HTMLButtonElement>(null);
  // Set by the menu's sign-out only; read once the guest button has replaced the member's.
  const focusGuestAfterSignOut = useRef(false);
  const [signedOutHere, setSignedOutHere] = useState(false);
  const signedIn = member !== null;

  useEffect(() => {
    // A member signed in again: a later sign-out from elsewhere is not this menu's to announce.
    if (signedIn) setSignedOutHere(false);
    else if (focusGuestAfterSignOut.current) guestButton.current?.focus();
    focusGuestAfterSignOut.current = false;
  }, [signedIn]);

  // The menu closes on Escape and when focus or a click goes elsewhere.
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setMenuOpen(false);
        toggle.current?.focus();
      }
    };
    const onOutside = (event: Event) => {
      if (container.current && event.target instanceof Node && !container.current.contains(event.target))
        setMenuOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("mousedown", onOutside);
    document.addEventListener("focusin", onOutside);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("mousedown", onOutside);
      document.removeEventListener("focusin", onOutside);
    };
  }, [menuOpen]);

  // Spec §9 "{0}": an operator's label such as "Bonjour {0}" greets the member by first name.
  const siteName = useSiteRuntime().name;
  if (!config.accessFromHeader) return null;

  // First in both branches, so it is the same element before and after the sign-out; emptied while
  // a member is signed in, so a later sign-out from the menu changes its text again.
  const status = (
    <span role="status" className="visually-hidden">
      {signedOutHere && !signedIn ? intl.formatMessage({ id: "member.menu.signedOut" }) : ""}
    </span>
  );

  if (!member) {
    return (
      <Access>
        {status}
        <button ref={guestButton} type="button" aria-haspopup="dialog" onClick={loginDialog.show}>
          {config.guestHeaderAccessLabel || intl.formatMessage({ id: "member.access.guest" })}
        </button>
        {loginDialog.open && (
          <FeatureBoundary
            retryKey={loginDialog.asked}
            unavailable={() => (
              <Unavailable role="alert">
                <p>{intl.formatMessage({ id: "member.login.offline" })}</p>
                <button type="button" onClick={loginDialog.hide}>
                  {intl.formatMessage({ id: "member.login.close" })}
                </button>
              </Unavailable>
            )}
          >
            <Suspense fallback={null}>
              <LoginDialog onClose={loginDialog.hide} />
            </Suspense>
          </FeatureBoundary>
        )}
      </Access>
    );
  }

  const name = [member.firstName, member.lastName].filter(Boolean).join(" ") || member.email;
  // The session ends at once (logout()), so the sign-out control, the menu and the member's button
  // leave in the next render: focus then goes to the guest button.
  const signingOutFromMenu = () => {
    focusGuestAfterSignOut.current = true;
    setSignedOutHere(true);
    setMenuOpen(false);
  };
  return (
    <Access ref={container}>
      {status}
      <button
        ref={toggle}
        type="button"
        aria-expanded={menuOpen}
        aria-controls={menuId}
        onClick={() => setMenuOpen((v) => !v)}
      >
        {(config.loggedInHeaderAccessLabel &&
          fillConfigText(config.loggedInHeaderAccessLabel, { siteName, first: member.firstName })) ||
          intl.formatMessage({ id: "member.access.loggedIn" })}
      </button>
      {menuOpen && (
        <Menu id={menuId} role="region" aria-label={intl.formatMessage({ id: "member.menu.label" })}>
          <p>{intl.formatMessage({ id: "member.menu.greeting" }, { name })}</p>
          <ul>
            <li>
              <SiteLink to={ACCOUNT_PATH} onClick={() => setMenuOpen(false)}>
                {intl.formatMessage({ id: "member.menu.account" })}
              </SiteLink>
            </li>
            {config.loggedInMenu.map((entry) => (
              <li key={`${entry.label}${entry.to}`}>
                <SiteLink
                  to={entry.to}
                  // An operator's "#loyalty-logout" entry signs out as the button below does.
                  onClick={entry.to.trim() === LOGOUT_LINK ? signingOutFromMenu : () => setMenuOpen(false)}
                >
                  {entry.label}
                </SiteLink>
              </li>
            ))}
          </ul>
          <button
            type="button"
            onClick={() => {
              signingOutFromMenu();
              void logout();
            }}
          >
            {intl.formatMessage({ id: "member.menu.signOut" })}
          </button>
        </Menu>
      )}
    </Access>
  );
}
