// Issue 5 "Forgot password / username": two small forms on one screen. The first asks the
// provider to e-mail a reset link built as spec §2 says (the e-mail parameter except for
// BOOST_POS, BOOST_POS_WITHOUT_LOYALTY and TAPOS; the reset code always); the second asks for a
// username reminder. Each keeps its own e-mail, answer and focus.
import { useId, useRef, useState, type FormEvent } from "react";
import { useIntl } from "react-intl";
import { FormAlert, FormLayout, FormStatus, TextField, useFocusedAlert } from "../../../components/forms/fields";
import { SiteLink } from "../../../links/SiteLink";
import { sendUsernameReminder } from "../../provider/api/members";
import { memberFeatures } from "../member-features";
import { requestPasswordResetCode } from "../../provider/api/password";
import type { LoyaltyClient } from "../../provider/client";
import type { LoyaltyProvider } from "../../token-param";
import { looksLikeEmail } from "../../../components/forms/input-rules";
import { useCaptchaToken } from "../../sign-in/captcha";
import { useFailureMessage } from "../../sign-in/useFailureMessage";
import { useMemberSession } from "../../session/LoyaltyProvider";
import type { LoyaltyResult } from "../../types";
import { useSiteRuntime } from "../../../runtime/SiteRuntime";
import { buildResetLink } from "../reset-link";
import { accountPath, loginPathFor } from "../routes";
import { SubmitRow } from "./SubmitRow";

/**
 * Spec §2: the link is {origin}/{path} of the reset screen, so it opens the reset page whichever
 * page the member asked from; the provider resolves it against rootUrl and fills the code in.
 */
export function resetLinkRequest(
  location: Pick<Location, "href" | "origin">,
  provider: LoyaltyProvider,
  email: string,
) {
  return {
    email,
    rootUrl: location.origin,
    resetPasswordLink: buildResetLink({
      currentUrl: location.href,
      path: accountPath("resetPassword"),
      provider,
      email,
    }),
  };
}

export function requestResetLink(
  client: LoyaltyClient,
  provider: LoyaltyProvider,
  email: string,
  captchaToken: string | null = null,
): Promise<LoyaltyResult<void>> {
  return requestPasswordResetCode(client, { ...resetLinkRequest(window.location, provider, email), captchaToken });
}

type EmailFormProps = {
  /** Prefix of the form's texts: account.forgot.{kind}.* */
  kind: "password" | "username";
  send(email: string): Promise<LoyaltyResult<void>>;
};

/** One e-mail, one button; the provider's answer as a status (sent) or an alert (code and message, §8). */
function EmailForm({ kind, send }: EmailFormProps) {
  const intl = useIntl();
  const failureMessage = useFailureMessage();
  const headingId = useId();
  const [email, setEmail] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const alert = useFocusedAlert();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const address = email.trim();
    alert.show(null);
    setSentTo(null);
    if (!looksLikeEmail(address)) {
      setFieldError(
        intl.formatMessage({ id: address === "" ? "account.forgot.email.required" : "member.login.invalidEmail" }),
      );
      emailRef.current?.focus();
      return;
    }
    setFieldError(null);
    setBusy(true);
    const answer = await send(address);
    setBusy(false);
    if (answer.ok) {
      setSentTo(address);
      return;
    }
    alert.show(failureMessage(answer.failure, intl.formatMessage({ id: "account.forgot.failed" })));
  };

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{intl.formatMessage({ id: `account.forgot.${kind}.title` })}</h2>
      <p>{intl.formatMessage({ id: `account.forgot.${kind}.intro` })}</p>
      <FormLayout noValidate onSubmit={(event) => void submit(event)}>
        <FormAlert ref={alert.ref} message={alert.message} />
        <FormStatus
          message={sentTo ? intl.formatMessage({ id: `account.forgot.${kind}.sent` }, { email: sentTo }) : null}
        />
        <TextField
          ref={emailRef}
          label={intl.formatMessage({ id: "account.forgot.email" })}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          required
          value={email}
          onValueChange={setEmail}
          error={fieldError}
        />
        <SubmitRow busy={busy} label={`account.forgot.${kind}.submit`} busyLabel="account.forgot.sending" />
      </FormLayout>
    </section>
  );
}

export default function ForgotPassword() {
  const intl = useIntl();
  const site = useSiteRuntime();
  const { client, config } = useMemberSession();
  const captchaToken = useCaptchaToken();
  // Like sign-in, the request carries a captcha token (action "password_reset"); without one
  // (no key on this page, or the script did not answer) the server decides.
  const sendResetLink = async (email: string) =>
    requestResetLink(client, config.provider, email, (await captchaToken("password_reset")) ?? null);
  return (
    <>
      <EmailForm kind="password" send={sendResetLink} />
      {/* The reminder's route carries the circuit id in its path (§7 UsernameReminder/{circuitId}/{email}):
          a site without one (a single cinema on v3, like lumiere) cannot send it, so it is not offered. */}
      {memberFeatures(config).usernameReminder && (
        <EmailForm kind="username" send={(email) => sendUsernameReminder(client, email)} />
      )}
      <p>
        <SiteLink to={loginPathFor(site.loginPageSlug, accountPath("overview"))}>
          {intl.formatMessage({ id: "account.forgot.backToSignIn" })}
        </SiteLink>
      </p>
    </>
  );
}
