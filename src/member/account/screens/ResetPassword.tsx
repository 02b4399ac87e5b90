// Spec §2 reset page: opened from the e-mailed link, it reads the link's values back from the
// query string (uid and token for TAPOS), asks for the new password twice and posts it the way
// the site's loyalty version wants (§4: version 1 checks the code first; version 3 posts with
// membershipId, known only from a TAPOS link's uid).
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useFocusWhen } from "../../../lib/use-focus-when";
import { useIntl } from "react-intl";
import { FormAlert, FormLayout, FormStatus, PasswordField, useFocusedAlert } from "../../../components/forms/fields";
import { SiteLink } from "../../../links/SiteLink";
import { passwordResetRequest, passwordResetSteps, resetPassword } from "../../provider/api/password-reset";
import { useFailureMessage } from "../../sign-in/useFailureMessage";
import { useMemberSession } from "../../session/LoyaltyProvider";
import { useSiteRuntime } from "../../../runtime/SiteRuntime";
import { openedQuery } from "../../../tracking/analytics/private-params";
import { readResetParams, type ResetParamsReading } from "../reset-link";
import { ACCOUNT_PATH, accountPath, loginPathFor } from "../routes";
import { NewPasswordField, newPasswordError } from "./RegisterFormParts";
import { SubmitRow } from "./SubmitRow";

type Errors = { password?: string; confirm?: string };

export default function ResetPassword() {
  const intl = useIntl();
  const site = useSiteRuntime();
  const { client, config } = useMemberSession();
  const failureMessage = useFailureMessage();
  // Read after mount: the address is the browser's, and this screen never renders on the server.
  // Not from the address bar, which the values left as the page started (issue 44), but from what
  // the page's history entry kept of the link: a reload of this page still shows the form.
  const [reading, setReading] = useState<ResetParamsReading | null>(null);
  useEffect(() => setReading(readResetParams(openedQuery(), config.provider)), [config.provider]);

  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const alert = useFocusedAlert();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  const doneRef = useRef<HTMLDivElement>(null);
  useFocusWhen(done, doneRef);

  const forgotLink = (
    <SiteLink to={accountPath("forgotPassword")}>{intl.formatMessage({ id: "account.reset.requestNew" })}</SiteLink>
  );

  if (!reading) return null;
  // A link the provider mangled (or typed by hand) cannot make a request: say so, and offer a new one.
  const request = reading.ok ? passwordResetRequest(reading.params, config.version, "") : null;
  if (!reading.ok || !request) {
    return (
      <>
        <FormAlert message={intl.formatMessage({ id: "account.reset.missingParams" })} />
        <p>{forgotLink}</p>
      </>
    );
  }

  if (done) {
    return (
      <div ref={doneRef} tabIndex={-1}>
        <FormStatus message={intl.formatMessage({ id: "account.reset.success" })} />
        <p>
          <SiteLink to={loginPathFor(site.loginPageSlug, ACCOUNT_PATH)}>
            {intl.formatMessage({ id: "account.reset.signIn" })}
          </SiteLink>
        </p>
      </div>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    alert.show(null);
    const next: Errors = {};
    const passwordError = newPasswordError(intl, password, config.provider);
    if (passwordError) next.password = passwordError;
    if (confirm === "") next.confirm = intl.formatMessage({ id: "account.reset.confirm.required" });
    else if (!passwordError && confirm !== password)
      next.confirm = intl.formatMessage({ id: "account.reset.mismatch" });
    setErrors(next);
    if (next.password || next.confirm) {
      (next.password ? passwordRef : confirmRef).current?.focus();
      return;
    }
    setBusy(true);
    const answer = await resetPassword(passwordResetSteps(client), { ...request, password });
    setBusy(false);
    if (answer.ok) {
      setDone(true);
      return;
    }
    alert.show(failureMessage(answer.failure, intl.formatMessage({ id: "account.reset.failed" })));
  };

  return (
    <>
      <p>{intl.formatMessage({ id: "account.reset.intro" })}</p>
      <FormLayout noValidate onSubmit={(event) => void submit(event)}>
        <FormAlert ref={alert.ref} message={alert.message} />
        {/* An invalid or used code (57) needs a new link, not another try. */}
        {alert.message && <p>{forgotLink}</p>}
        <NewPasswordField
          ref={passwordRef}
          label={intl.formatMessage({ id: "account.reset.password" })}
          value={password}
          onValueChange={setPassword}
          provider={config.provider}
          error={errors.password ?? null}
        />
        <PasswordField
          ref={confirmRef}
          label={intl.formatMessage({ id: "account.reset.confirm" })}
          value={confirm}
          onValueChange={setConfirm}
          autoComplete="new-password"
          required
          error={errors.confirm}
        />
        <SubmitRow busy={busy} label="account.reset.submit" busyLabel="account.reset.submitting" />
      </FormLayout>
    </>
  );
}
