// The login page's sign-up tab (issue 5 "Register"): create the account, or, where the site sells
// memberships (includeActivation), run the paid activation of spec §4; then sign the new member
// in with the same credentials. What the member typed stays in the form whatever fails.
import { navigate } from "gatsby";
import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from "react";
import { useIntl, type IntlShape } from "react-intl";
import {
  Button,
  FormAlert,
  FormLayout,
  FormStatus,
  SubmitButton,
  TextField,
  useFocusedAlert,
} from "../../components/forms/fields";
import { SiteLink } from "../../links/SiteLink";
// The api modules themselves rather than the index: this screen is its own chunk and should not
// carry the wallet, rewards and history code along.
import { runPaidActivation } from "../../loyalty/api/activation";
import { memberFeatures } from "../member-features";
import { memberCreationPayload, type MemberCreationFields } from "../../loyalty/api/creation-payload";
import { createMember, sendMemberActivationCode, type ActivationCodeRequest } from "../../loyalty/api/members";
import { paidActivationSteps } from "../../loyalty/api/membership";
import { normaliseCardCode } from "../../loyalty/api/shared";
import type { LoyaltyConfig } from "../../loyalty/config";
import { useCaptchaToken } from "../../loyalty/components/captcha";
import { looksLikeEmail } from "../../loyalty/components/input-rules";
import { useFailureMessage } from "../../loyalty/components/useFailureMessage";
import { useMemberSession } from "../../loyalty/LoyaltyProvider";
import type { LoyaltyFailure } from "../../loyalty/session/types";
import { useSiteRuntime } from "../../site/SiteRuntime";
import { checkMobileNumber, PHONE_MESSAGE_ID } from "../phone";
import { ACCOUNT_PATH, loginPathFor } from "../routes";
import { NewPasswordField, newPasswordError } from "./RegisterFormParts";

/** Spec §8 "Your account is not activated": the sign-in answer that means "activate first". */
export const NOT_ACTIVATED_CODE = 26;

type FieldName = "email" | "password" | "firstName" | "lastName" | "mobile" | "cardNumber" | "phone";
/** Screen order: the first invalid one in this order gets the focus. */
const FIELD_ORDER: readonly FieldName[] = [
  "email",
  "password",
  "firstName",
  "lastName",
  "mobile",
  "cardNumber",
  "phone",
];

export type RegisterValues = Readonly<Record<FieldName, string>>;
export type RegisterErrors = Partial<Record<FieldName, string>>;

const EMPTY: RegisterValues = {
  email: "",
  password: "",
  firstName: "",
  lastName: "",
  mobile: "",
  cardNumber: "",
  phone: "",
};

/** Which optional activation fields the site asks for (spec §3 includeActivation*). */
export interface RegisterAsks {
  readonly cardNumber: boolean;
  readonly phone: boolean;
}

export function registerAsks(
  config: Pick<LoyaltyConfig, "includeActivation" | "includeActivationCardNumber" | "includeActivationPhoneNumber">,
): RegisterAsks {
  return {
    cardNumber: config.includeActivation && config.includeActivationCardNumber,
    phone: config.includeActivation && config.includeActivationPhoneNumber,
  };
}

export type RegisterCheck =
  | { readonly ok: true; readonly fields: MemberCreationFields }
  | { readonly ok: false; readonly errors: RegisterErrors };

/**
 * Spec §5 before anything is sent: e-mail shape, the provider's password rules, names, a mobile
 * number valid for the site's country (empty is invalid), and the optional phone when given.
 * The fields that pass become the creation fields, the phone numbers in E.164.
 */
export function checkRegistration(
  values: RegisterValues,
  site: { readonly provider: LoyaltyConfig["provider"]; readonly countryIso2: string; readonly asks: RegisterAsks },
  intl: IntlShape,
): RegisterCheck {
  const errors: RegisterErrors = {};
  const text = (id: string, vars?: Record<string, string>) => intl.formatMessage({ id }, vars);
  const country = countryName(intl.locale, site.countryIso2);
  const email = values.email.trim();
  if (email === "") errors.email = text("account.register.email.required");
  else if (!looksLikeEmail(email)) errors.email = text("member.login.invalidEmail");
  const passwordError = newPasswordError(intl, values.password, site.provider);
  if (passwordError) errors.password = passwordError;
  if (values.firstName.trim() === "") errors.firstName = text("account.register.firstName.required");
  if (values.lastName.trim() === "") errors.lastName = text("account.register.lastName.required");
  const mobile = checkMobileNumber(values.mobile, site.countryIso2);
  if (!mobile.ok) errors.mobile = text(PHONE_MESSAGE_ID[mobile.reason], { country });
  // The optional phone is only checked when the member typed one.
  const phone =
    site.asks.phone && values.phone.trim() !== "" ? checkMobileNumber(values.phone, site.countryIso2) : null;
  if (phone && !phone.ok) errors.phone = text(PHONE_MESSAGE_ID.invalid, { country });
  if (Object.keys(errors).length > 0 || !mobile.ok) return { ok: false, errors };

  const cardNumber = site.asks.cardNumber ? normaliseCardCode(values.cardNumber) : "";
  return {
    ok: true,
    fields: {
      email,
      password: values.password,
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      mobileNumber: mobile.e164,
      // Left undefined when not given, so the §3 defaults stay (phoneNumber = mobileNumber, no card).
      ...(cardNumber ? { memberCardNumber: cardNumber } : {}),
      ...(phone?.ok ? { phoneNumber: phone.e164 } : {}),
    },
  };
}

/** "France", "United States": the member reads a country, not a code. */
function countryName(locale: string, iso2: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: "region" }).of(iso2.toUpperCase()) ?? iso2;
  } catch {
    return iso2;
  }
}

/** What the creation step answered: fine, or the sentence to show. */
type Creation = { readonly ok: true } | { readonly ok: false; readonly message: string };

type Phase =
  | { readonly kind: "form" }
  | { readonly kind: "signedIn"; readonly name: string }
  /** Created, but the provider wants the account activated first (code 26). */
  | { readonly kind: "activate"; readonly email: string; readonly activation: ActivationCodeRequest }
  /** Created, but signing in failed for another reason: the member signs in by hand. */
  | { readonly kind: "created"; readonly reason: string };

export default function Register({ next }: { next: string | null }) {
  const intl = useIntl();
  const site = useSiteRuntime();
  const { client, config, login } = useMemberSession();
  const failureMessage = useFailureMessage();
  const captchaFor = useCaptchaToken();
  const asks = registerAsks(config);

  const [values, setValues] = useState<RegisterValues>(EMPTY);
  const [errors, setErrors] = useState<RegisterErrors>({});
  const alert = useFocusedAlert();
  const [busy, setBusy] = useState(false);
  const [phase, setPhase] = useState<Phase>({ kind: "form" });

  const refs: Record<FieldName, RefObject<HTMLInputElement | null>> = {
    email: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
    firstName: useRef<HTMLInputElement>(null),
    lastName: useRef<HTMLInputElement>(null),
    mobile: useRef<HTMLInputElement>(null),
    cardNumber: useRef<HTMLInputElement>(null),
    phone: useRef<HTMLInputElement>(null),
  };
  const outcomeRef = useRef<HTMLDivElement>(null);
  const headingId = useId();
  // The form is replaced by the outcome: focus goes there rather than being lost with the form.
  useEffect(() => {
    if (phase.kind !== "form") outcomeRef.current?.focus();
  }, [phase.kind]);

  const set = (name: FieldName) => (value: string) => setValues((current) => ({ ...current, [name]: value }));
  const explain = (failure: LoyaltyFailure, fallbackId: string) =>
    failureMessage(failure, intl.formatMessage({ id: fallbackId }));

  /** Spec §4 paid activation where the site sells memberships, else a plain Create (§3 payload either way). */
  const createAccount = async (fields: MemberCreationFields): Promise<Creation> => {
    // The membership routes carry the cinema id in their path: without one there is nothing to sell.
    if (!memberFeatures(config).paidActivation) {
      const created = await createMember(client, config, fields);
      return created.ok ? { ok: true } : { ok: false, message: explain(created.failure, "account.register.failed") };
    }
    // The member data of the first write is the creation payload: the same fields a Create would
    // carry, so a provider that creates the account there gets all of them.
    const member = {
      ...memberCreationPayload(config, fields),
      email: fields.email,
      password: fields.password,
      firstName: fields.firstName ?? "",
      lastName: fields.lastName ?? "",
      mobileNumber: fields.mobileNumber,
    };
    let outcome: Awaited<ReturnType<typeof runPaidActivation>>;
    try {
      outcome = await runPaidActivation(paidActivationSteps(client), member, config);
    } catch {
      // A route the configuration cannot build (a RouteBuildError) must not take the form down.
      return { ok: false, message: intl.formatMessage({ id: "account.register.activation.failed" }) };
    }
    if (outcome.status === "completed") return { ok: true };
    if (outcome.status === "stopped")
      return { ok: false, message: intl.formatMessage({ id: "account.register.activation.stopped" }) };
    return { ok: false, message: explain(outcome.failure, "account.register.activation.failed") };
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const checked = checkRegistration(
      values,
      { provider: config.provider, countryIso2: site.country.iso31661A2, asks },
      intl,
    );
    alert.show(null);
    if (!checked.ok) {
      setErrors(checked.errors);
      const first = FIELD_ORDER.find((name) => checked.errors[name]);
      if (first) refs[first].current?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    const { fields } = checked;
    const created = await createAccount(fields);
    if (!created.ok) {
      setBusy(false);
      alert.show(created.message);
      return;
    }
    const captchaToken = await captchaFor("login");
    const signedIn = await login(fields.email, fields.password, captchaToken);
    setBusy(false);
    if (signedIn.ok) {
      setPhase({ kind: "signedIn", name: fields.firstName ?? fields.email });
      // As the login page does after a sign-in: the account page replaces the login page in history.
      if (next) void navigate(next, { replace: true });
      return;
    }
    if (signedIn.failure.kind === "provider" && signedIn.failure.code === NOT_ACTIVATED_CODE) {
      // The activation details the site asks for (§3 includeActivation*): the card when one was
      // given, and the phone the account now holds (the one typed, else the mobile number).
      const phone = typeof fields.phoneNumber === "string" ? fields.phoneNumber : fields.mobileNumber;
      const activation: ActivationCodeRequest = {
        email: fields.email,
        ...(asks.cardNumber && typeof fields.memberCardNumber === "string"
          ? { cardNumber: fields.memberCardNumber }
          : {}),
        ...(asks.phone && phone ? { mobilePhone: phone } : {}),
      };
      setPhase({ kind: "activate", email: fields.email, activation });
      return;
    }
    setPhase({ kind: "created", reason: explain(signedIn.failure, "member.login.failed") });
  };

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
      <FormLayout noValidate onSubmit={(event) => void submit(event)}>
        <FormAlert ref={alert.ref} message={alert.message} />
        <TextField
          ref={refs.email}
          label={intl.formatMessage({ id: "account.register.email" })}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          required
          value={values.email}
          onValueChange={set("email")}
          error={errors.email}
        />
        <NewPasswordField
          ref={refs.password}
          label={intl.formatMessage({ id: "account.register.password" })}
          value={values.password}
          onValueChange={set("password")}
          provider={config.provider}
          error={errors.password ?? null}
        />
        <TextField
          ref={refs.firstName}
          label={intl.formatMessage({ id: "account.register.firstName" })}
          name="firstName"
          autoComplete="given-name"
          required
          value={values.firstName}
          onValueChange={set("firstName")}
          error={errors.firstName}
        />
        <TextField
          ref={refs.lastName}
          label={intl.formatMessage({ id: "account.register.lastName" })}
          name="lastName"
          autoComplete="family-name"
          required
          value={values.lastName}
          onValueChange={set("lastName")}
          error={errors.lastName}
        />
        <TextField
          ref={refs.mobile}
          label={intl.formatMessage({ id: "account.register.mobile" })}
          type="tel"
          name="mobile"
          autoComplete="tel"
          required
          value={values.mobile}
          onValueChange={set("mobile")}
          error={errors.mobile}
        />
        {asks.cardNumber && (
          <TextField
            ref={refs.cardNumber}
            label={intl.formatMessage({ id: "account.register.cardNumber" })}
            hint={intl.formatMessage({ id: "account.register.cardNumber.hint" })}
            name="cardNumber"
            autoComplete="off"
            uppercase
            value={values.cardNumber}
            onValueChange={set("cardNumber")}
            error={errors.cardNumber}
          />
        )}
        {asks.phone && (
          <TextField
            ref={refs.phone}
            label={intl.formatMessage({ id: "account.register.phone" })}
            hint={intl.formatMessage({ id: "account.register.phone.hint" })}
            type="tel"
            name="phone"
            autoComplete="off"
            value={values.phone}
            onValueChange={set("phone")}
            error={errors.phone}
          />
        )}
        <div>
          <SubmitButton
            busy={busy}
            label={intl.formatMessage({ id: "account.register.submit" })}
            busyLabel={intl.formatMessage({ id: "account.register.submitting" })}
          />
        </div>
      </FormLayout>
    </section>
  );
}

function RegisterOutcome({ phase }: { phase: Exclude<Phase, { kind: "form" }> }) {
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
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const alert = useFocusedAlert();

  const resend = async () => {
    if (busy) return;
    setBusy(true);
    alert.show(null);
    const answer = await sendMemberActivationCode(client, activation);
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
        <Button type="button" onClick={() => void resend()} disabled={busy} aria-busy={busy}>
          {intl.formatMessage({
            id: busy ? "account.register.activation.resending" : "account.register.activation.resend",
          })}
        </Button>
      </p>
    </>
  );
}
