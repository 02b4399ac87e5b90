import { useId, useRef, useState, type FormEvent } from "react";
import { useIntl } from "react-intl";
import styled from "styled-components";
import { useMemberSession } from "../LoyaltyProvider";
import { useFailureMessage } from "./useFailureMessage";
import { useCaptchaToken } from "./captcha";
import { PasswordField, TextField } from "../../components/forms/fields";
import { looksLikeEmail } from "./input-rules";

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
  .password {
    display: flex;
    gap: 0.5rem;
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
  button[disabled] {
    opacity: 0.7;
    cursor: progress;
  }
  [role="alert"] {
    margin: 0;
    padding: 0.6rem 0.8rem;
    border-left: 4px solid ${({ theme }) => theme.colours.visibleAccent};
    background: ${({ theme }) => theme.colours.backgroundWithOffset};
  }
`;

type LoginFormProps = { onSignedIn?: () => void; autoFocus?: boolean };

/** E-mail + password sign-in (spec §4 "Login with credentials"). What the member typed survives a failure. */
export function LoginForm({ onSignedIn, autoFocus = false }: LoginFormProps) {
  const intl = useIntl();
  const { login } = useMemberSession();
  const failureMessage = useFailureMessage();
  const captchaFor = useCaptchaToken();
  const errorId = useId();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const username = email.trim();
    if (!username || !password) {
      setError(intl.formatMessage({ id: "member.login.required" }));
      emailRef.current?.focus();
      return;
    }
    if (!looksLikeEmail(username)) {
      setError(intl.formatMessage({ id: "member.login.invalidEmail" }));
      emailRef.current?.focus();
      return;
    }
    setError(null);
    setSubmitting(true);
    const captchaToken = await captchaFor("login");
    const outcome = await login(username, password, captchaToken);
    setSubmitting(false);
    if (outcome.ok) {
      setPassword("");
      onSignedIn?.();
    } else {
      setError(failureMessage(outcome.failure, intl.formatMessage({ id: "member.login.failed" })));
    }
  };

  return (
    <Form noValidate onSubmit={(event) => void submit(event)} aria-describedby={error ? errorId : undefined}>
      {error && (
        <p id={errorId} role="alert">
          {error}
        </p>
      )}
      {/* Spec §5 input rules, shared with every member form: the e-mail drops `< > ' " &` as it is
          typed; the password is never altered and has its show/hide toggle. */}
      <TextField
        ref={emailRef}
        label={intl.formatMessage({ id: "member.login.email" })}
        name="email"
        type="email"
        autoComplete="username"
        inputMode="email"
        required
        autoFocus={autoFocus}
        value={email}
        onValueChange={setEmail}
        aria-invalid={error !== null && !looksLikeEmail(email.trim())}
      />
      <PasswordField
        label={intl.formatMessage({ id: "member.login.password" })}
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onValueChange={setPassword}
      />
      <button type="submit" disabled={submitting} aria-busy={submitting}>
        {intl.formatMessage({ id: submitting ? "member.login.submitting" : "member.login.submit" })}
      </button>
    </Form>
  );
}
