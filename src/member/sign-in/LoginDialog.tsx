import { useId, type MouseEvent } from "react";
import { useIntl } from "react-intl";
import styled from "styled-components";
import { SiteLink } from "../../links/SiteLink";
import { FORGOT_PASSWORD_PATH } from "../../lib/paths";
import { useSiteRuntime } from "../../runtime/SiteRuntime";
import { signUpPath } from "./login-page";
import { useMemberSession } from "../session/LoyaltyProvider";
import { Dialog } from "../../components/Dialog";
import { LoginForm } from "./LoginForm";
import { SignupPitch } from "./SignupPitch";

const Help = styled.p`
  margin: 1rem 0 0;
`;

const SignUp = styled.section`
  margin-top: 1.25rem;
  padding-top: 1rem;
  border-top: 1px solid ${({ theme }) => theme.colours.visibleMuted};
  h3 {
    margin: 0 0 0.5rem;
  }
  p,
  ul {
    margin: 0 0 0.75rem;
  }
  p:last-child {
    margin-bottom: 0;
  }
`;

/** A click the browser opens in another tab or window: this page, and its dialog, stay as they are. */
const opensElsewhere = (event: MouseEvent) =>
  event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;

/**
 * The header's sign-in dialog; loaded when a guest first opens it (kept out of the first page load).
 * Under the form, what a sign-in form is expected to offer: the forgotten password or username
 * screen, and registration (the login page's sign-up tab, under the operator's sign-up texts).
 * Following either link closes the dialog, which gives the focus back before the page changes.
 */
export default function LoginDialog({ onClose }: { onClose(): void }) {
  const intl = useIntl();
  const { config } = useMemberSession();
  const signUp = signUpPath(useSiteRuntime().loginPageSlug);
  const signUpHeadingId = useId();
  const closeOnFollow = (event: MouseEvent) => {
    if (!opensElsewhere(event)) onClose();
  };
  return (
    <Dialog
      title={intl.formatMessage({ id: "member.login.title" })}
      closeLabel={intl.formatMessage({ id: "member.login.close" })}
      onClose={onClose}
    >
      <LoginForm onSignedIn={onClose} />
      <Help>
        <SiteLink to={FORGOT_PASSWORD_PATH} onClick={closeOnFollow}>
          {intl.formatMessage({ id: "member.login.forgotten" })}
        </SiteLink>
      </Help>
      {signUp && (
        <SignUp aria-labelledby={signUpHeadingId}>
          <h3 id={signUpHeadingId}>
            {config.guestSignupTabButton || intl.formatMessage({ id: "member.login.signupTab" })}
          </h3>
          {config.guestSignupTabText && <SignupPitch text={config.guestSignupTabText} />}
          <p>
            <SiteLink to={signUp} onClick={closeOnFollow}>
              {intl.formatMessage({ id: "member.login.signupCta" })}
            </SiteLink>
          </p>
        </SignUp>
      )}
    </Dialog>
  );
}
