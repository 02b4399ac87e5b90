import { useId, useState, type FormEvent } from "react";
import { useIntl } from "react-intl";
import styled from "styled-components";
import { ACCOUNT_EXPIRED_CODE, useMemberSession } from "../session/LoyaltyProvider";
import { useSiteRuntime } from "../../runtime/SiteRuntime";
import { useFailureMessage } from "./useFailureMessage";
import { useCaptchaToken } from "./captcha";
import { FormAlert, PasswordField, TextField, useFocusedAlert } from "../../components/forms/fields";
import { looksLikeEmail } from "../../components/forms/input-rules";

const Form = styled.form`
  display: grid;
  gap: 1rem;
  max-width: 26rem;
  label {
    display: block;
    font-weight: ${({ theme }) => theme.fontWeights.bold};
    margin-bottom: 0.25rem;
  }
  input {
    font: inherit;
    width: 100%;
    padding: 0.55rem 0.7rem;
    border: 1px solid ${({ theme }) => theme.colours.text};
    border-radius: ${({ theme }) => theme.radii.buttons};
    background: ${({ theme }) => theme.colours.background};
    color: ${({ theme }) => theme.colours.text};
  }
  button {
    font: inherit;
    cursor: pointer;
    border-radius: ${({ theme }) => theme.radii.buttons};
    padding: 0.55rem 1rem;
  }
  button[type="submit"] {
    background: ${({ theme }) => theme.colours.primary};
    color: ${({ theme }) => theme.colours.readableOnPrimary};
    border: 0;
    font-weight: ${({ theme }) => theme.fontWeights.bold};
  }
  button[type="button"] {
    background: transparent;
    color: inherit;
    border: 1px solid currentColor;
    white-space: nowrap;
  }
  button[aria-disabled="true"] {
    opacity: 0.7;
    cursor: progress;
  }
`;

type LoginFormProps = { onSignedIn?: () => void; autoFocus?: boolean };

/**
 * What an expired member can do (issue 46): the refusal alone ("Your account has expired, code
 * 46") left them nowhere to go. The club's journey at the site's ticketing service (spec §1:
 * loyalty upgrade where the site offers it, else sign-up) renews the membership; a site without
 * one sends them to the box office. A plain link: the member is not signed in, there is no token.
 */
function ExpiredAccountHelp({ id }: { id: string }) {
  const intl = useIntl();
  const { url, extendedJourneys } = useSiteRuntime().links.ticketing;
  const journey = extendedJourneys ? "loyalty/upgrade" : "signup";
  return (
    <div id={id}>
      <p>{intl.formatMessage({ id: "member.login.expired.explain" })}</p>
      <p>
        {url ? (
          <a href={`${url}/${journey}`}>
            {intl.formatMessage({ id: extendedJourneys ? "member.login.expired.renew" : "member.login.expired.join" })}
          </a>
        ) : (
          intl.formatMessage({ id: "member.login.expired.boxOffice" })
        )}
      </p>
    </div>
  );
}

/** E-mail + password sign-in (spec §4 "Login with credentials"). What the member typed survives a failure. */
export function LoginForm({ onSignedIn, autoFocus = false }: LoginFormProps) {
  const intl = useIntl();
  const { login } = useMemberSession();
  const failureMessage = useFailureMessage();
  const captchaFor = useCaptchaToken();
  const errorId = useId();
  const expiredHelpId = useId();
  const [expired, setExpired] = useState(false);
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  // The failure takes the focus each time it shows (the submit button was pressed: without this
  // the focus would stay on a button the screen reader has nothing new to say about).
  const alert = useFocusedAlert();
  const error = alert.message;
  const [invalid, setInvalid] = useState<{ email: boolean; password: boolean }>({ email: false, password: false });
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const username = email.trim();
    if (!username || !password) {
      setInvalid({ email: !username, password: !password });
      alert.show(intl.formatMessage({ id: "member.login.required" }));
      return;
    }
    if (!looksLikeEmail(username)) {
      setInvalid({ email: true, password: false });
      alert.show(intl.formatMessage({ id: "member.login.invalidEmail" }));
      return;
    }
    setInvalid({ email: false, password: false });
    alert.show(null);
    setExpired(false);
    setSubmitting(true);
    const captchaToken = await captchaFor("login");
    const outcome = await login(username, password, captchaToken);
    setSubmitting(false);
    if (outcome.ok) {
      setPassword("");
      onSignedIn?.();
    } else {
      alert.show(failureMessage(outcome.failure, intl.formatMessage({ id: "member.login.failed" })));
      setExpired(outcome.failure.kind === "provider" && outcome.failure.code === ACCOUNT_EXPIRED_CODE);
    }
  };

  return (
    <Form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-describedby={error ? (expired ? `${errorId} ${expiredHelpId}` : errorId) : undefined}
    >
      <FormAlert ref={alert.ref} id={errorId} message={error} />
      {error && expired && <ExpiredAccountHelp id={expiredHelpId} />}
      {/* Spec §5 input rules, shared with every member form: the e-mail drops `< > ' " &` as it is
          typed; the password is never altered and has its show/hide toggle. */}
      <TextField
        label={intl.formatMessage({ id: "member.login.email" })}
        name="email"
        type="email"
        autoComplete="username"
        inputMode="email"
        required
        autoFocus={autoFocus}
        value={email}
        onValueChange={setEmail}
        aria-invalid={invalid.email || undefined}
      />
      <PasswordField
        label={intl.formatMessage({ id: "member.login.password" })}
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onValueChange={setPassword}
        aria-invalid={invalid.password || undefined}
      />
      {/* aria-disabled, not disabled: a disabled button drops the focus to the page's body. */}
      <button type="submit" aria-disabled={submitting} aria-busy={submitting}>
        {intl.formatMessage({ id: submitting ? "member.login.submitting" : "member.login.submit" })}
      </button>
    </Form>
  );
}
