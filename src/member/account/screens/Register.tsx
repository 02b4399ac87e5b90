// The login page's sign-up tab (issue 5 "Register"). The rules are registration.ts's, the flow
// (create or activate, then sign in) useRegistration's, the fields RegisterFormParts' helper;
// this screen lays them out and shows how it ended.
import { useEffect, useId, useRef, useState } from "react";
import { useIntl } from "react-intl";
import {
  Button,
  FormAlert,
  FormLayout,
  FormStatus,
  TextField,
  useFocusedAlert,
} from "../../../components/forms/fields";
import { SiteLink } from "../../../links/SiteLink";
import { sendMemberActivationCode, type ActivationCodeRequest } from "../../provider/api/members";
import { useCaptchaToken } from "../../sign-in/captcha";
import { useFailureMessage } from "../../sign-in/useFailureMessage";
import { useMemberSession } from "../../session/LoyaltyProvider";
import { useSiteRuntime } from "../../../runtime/SiteRuntime";
import { ACCOUNT_PATH, loginPathFor } from "../routes";
import { AcknowledgementField, NewPasswordField, useRegisterFields } from "./RegisterFormParts";
import { useRegistration, type RegisterPhase } from "./useRegistration";
import { SubmitRow } from "./SubmitRow";

export default function Register({ onAccountCreated }: { onAccountCreated?: () => void }) {
  const intl = useIntl();
  const { config } = useMemberSession();
  const form = useRegistration(onAccountCreated);
  const { field, textField, acknowledgement } = useRegisterFields(form);
  const { phase, asks } = form;
  const outcomeRef = useRef<HTMLDivElement>(null);
  const headingId = useId();
  // The form is replaced by the outcome: focus goes there rather than being lost with the form.
  useEffect(() => {
    if (phase.kind !== "form") outcomeRef.current?.focus();
  }, [phase.kind]);

  if (phase.kind !== "form") {
    return (
      <div ref={outcomeRef} tabIndex={-1}>
        <h2>{intl.formatMessage({ id: "account.register.title" })}</h2>
        <RegisterOutcome phase={phase} />
      </div>
    );
  }

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{intl.formatMessage({ id: "account.register.title" })}</h2>
      <p>{intl.formatMessage({ id: "account.register.intro" })}</p>
      <FormLayout noValidate onSubmit={(event) => void form.submit(event)}>
        <FormAlert ref={form.alert.ref} message={form.alert.message} />
        <TextField {...textField("email")} />
        <NewPasswordField {...field("password")} provider={config.provider} />
        <TextField {...textField("firstName")} />
        <TextField {...textField("lastName")} />
        <TextField {...textField("mobile")} />
        {asks.cardNumber && <TextField {...textField("cardNumber")} />}
        {asks.phone && <TextField {...textField("phone")} />}
        <AcknowledgementField {...acknowledgement()} />
        <SubmitRow busy={form.busy} label="account.register.submit" busyLabel="account.register.submitting" />
      </FormLayout>
    </section>
  );
}

function RegisterOutcome({ phase }: { phase: Exclude<RegisterPhase, { kind: "form" }> }) {
  const intl = useIntl();
  const site = useSiteRuntime();
  switch (phase.kind) {
    case "signedIn":
      return (
        <>
          <FormStatus message={intl.formatMessage({ id: "account.register.success" }, { name: phase.name })} />
          <p>
            <SiteLink to={ACCOUNT_PATH}>{intl.formatMessage({ id: "account.register.goToAccount" })}</SiteLink>
          </p>
        </>
      );
    case "activate":
      return <ActivationNeeded email={phase.email} activation={phase.activation} />;
    case "created":
      return (
        <>
          <FormAlert message={intl.formatMessage({ id: "account.register.signInFailed" }, { reason: phase.reason })} />
          <p>
            <SiteLink to={loginPathFor(site.loginPageSlug, ACCOUNT_PATH)}>
              {intl.formatMessage({ id: "account.register.goToSignIn" })}
            </SiteLink>
          </p>
        </>
      );
  }
}

/** Code 26 after registering: the member activates from their e-mail, and may ask for it again. */
function ActivationNeeded({ email, activation }: { email: string; activation: ActivationCodeRequest }) {
  const intl = useIntl();
  const { client } = useMemberSession();
  const failureMessage = useFailureMessage();
  const captchaFor = useCaptchaToken();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const alert = useFocusedAlert();

  const resend = async () => {
    if (busy) return;
    setBusy(true);
    alert.show(null);
    // It e-mails whoever owns the address: a captcha token per request, as a reset link's (issue 43).
    const answer = await sendMemberActivationCode(client, activation, (await captchaFor("activation_code")) ?? null);
    setBusy(false);
    if (answer.ok) setSent(true);
    else
      alert.show(
        failureMessage(answer.failure, intl.formatMessage({ id: "account.register.activation.resendFailed" })),
      );
  };

  return (
    <>
      <FormStatus
        message={intl.formatMessage(
          { id: sent ? "account.register.activation.resent" : "account.register.activate" },
          { email },
        )}
      />
      <FormAlert ref={alert.ref} message={alert.message} />
      <p>
        {/* aria-disabled, not disabled: a disabled button drops the focus to the page's body.
            resend() ignores a press while busy. */}
        <Button type="button" onClick={() => void resend()} aria-disabled={busy} aria-busy={busy}>
          {intl.formatMessage({
            id: busy ? "account.register.activation.resending" : "account.register.activation.resend",
          })}
        </Button>
      </p>
    </>
  );
}
