// The registration flow of the login page's sign-up tab (issue 5 "Register"): what the member
// typed, the problems found before sending (registration.ts), then creating the account — or,
// where the site sells memberships (includeActivation), the paid activation of spec §4 — and
// signing the new member in with the same credentials. What was typed stays whatever fails.
import { createRef, useState, type FormEvent, type RefObject } from "react";
import { useIntl } from "react-intl";
import { useFocusedAlert } from "../../../components/forms/fields";
// The api modules themselves rather than the index: this screen is its own chunk and should not
// carry the wallet, rewards and history code along.
import { runPaidActivation } from "../../provider/api/activation";
import { memberCreationPayload } from "../../provider/api/creation-payload";
import { createMember, type ActivationCodeRequest } from "../../provider/api/members";
import { paidActivationSteps } from "../../provider/api/membership";
import { useCaptchaToken } from "../../sign-in/captcha";
import { useFailureMessage } from "../../sign-in/useFailureMessage";
import { useMemberSession } from "../../session/LoyaltyProvider";
import type { LoyaltyFailure } from "../../types";
import { useSiteRuntime } from "../../../runtime/SiteRuntime";
import { memberFeatures } from "../member-features";
import {
  activationRequestFor,
  checkRegistration,
  EMPTY_REGISTRATION,
  NOT_ACTIVATED_CODE,
  REGISTER_FIELDS,
  registerAsks,
  type RegisterField,
  type RegisterProblems,
  type RegisterTextField,
  type RegisterValues,
  type RegistrationFields,
} from "../registration";

export type RegisterPhase =
  | { readonly kind: "form" }
  | { readonly kind: "signedIn"; readonly name: string }
  /** Created, but the provider wants the account activated first (code 26). */
  | { readonly kind: "activate"; readonly email: string; readonly activation: ActivationCodeRequest }
  /** Created, but signing in failed for another reason: the member signs in by hand. */
  | { readonly kind: "created"; readonly reason: string };

/** What the creation step answered: fine, or the sentence to show. */
type Creation = { readonly ok: true } | { readonly ok: false; readonly message: string };

/**
 * `onAccountCreated` is told once the account exists, before the new member is signed in: the
 * login page then takes them to their account's welcome (LoginTemplate, welcome.ts).
 */
export function useRegistration(onAccountCreated?: () => void) {
  const intl = useIntl();
  const site = useSiteRuntime();
  const { client, config, login } = useMemberSession();
  const failureMessage = useFailureMessage();
  const captchaFor = useCaptchaToken();
  const asks = registerAsks(config);

  const [values, setValues] = useState<RegisterValues>(EMPTY_REGISTRATION);
  const [problems, setProblems] = useState<RegisterProblems>({});
  const alert = useFocusedAlert();
  const [busy, setBusy] = useState(false);
  const [phase, setPhase] = useState<RegisterPhase>({ kind: "form" });
  // One input per field, for the focus to go to the first problem.
  const [inputs] = useState(
    () =>
      Object.fromEntries(REGISTER_FIELDS.map((name) => [name, createRef<HTMLInputElement>()])) as Record<
        RegisterField,
        RefObject<HTMLInputElement | null>
      >,
  );

  const change = (name: RegisterTextField) => (value: string) =>
    setValues((current) => ({ ...current, [name]: value }));
  const acknowledge = (acknowledgement: boolean) => setValues((current) => ({ ...current, acknowledgement }));
  const explain = (failure: LoyaltyFailure, fallbackId: string) =>
    failureMessage(failure, intl.formatMessage({ id: fallbackId }));

  /**
   * Spec §4 paid activation where the site sells memberships, else a plain Create (§3 payload
   * either way). The call that creates the account carries a captcha token of its own, as sign-in
   * does (issue 43); the sign-in that follows mints another (a token is single-use).
   */
  const createAccount = async (fields: RegistrationFields): Promise<Creation> => {
    // The membership routes carry the cinema id in their path: without one there is nothing to sell.
    if (!memberFeatures(config).paidActivation) {
      const created = await createMember(client, config, fields, (await captchaFor("signup")) ?? null);
      return created.ok ? { ok: true } : { ok: false, message: explain(created.failure, "account.register.failed") };
    }
    // The member data of the first write is the creation payload: the same fields a Create would
    // carry, so a provider that creates the account there gets all of them.
    const member = {
      ...memberCreationPayload(config, fields),
      email: fields.email,
      password: fields.password,
      firstName: fields.firstName,
      lastName: fields.lastName,
      mobileNumber: fields.mobileNumber,
    };
    let outcome: Awaited<ReturnType<typeof runPaidActivation>>;
    try {
      outcome = await runPaidActivation(paidActivationSteps(client, captchaFor), member, config);
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
    const checked = checkRegistration(values, {
      provider: config.provider,
      countryIso2: site.country.iso31661A2,
      asks,
    });
    alert.show(null);
    if (!checked.ok) {
      setProblems(checked.problems);
      inputs[checked.first].current?.focus();
      return;
    }
    setProblems({});
    setBusy(true);
    const { fields } = checked;
    const created = await createAccount(fields);
    if (!created.ok) {
      setBusy(false);
      alert.show(created.message);
      return;
    }
    onAccountCreated?.();
    const captchaToken = await captchaFor("login");
    const signedIn = await login(fields.email, fields.password, captchaToken);
    setBusy(false);
    if (signedIn.ok) {
      setPhase({ kind: "signedIn", name: fields.firstName });
      return;
    }
    if (signedIn.failure.kind === "provider" && signedIn.failure.code === NOT_ACTIVATED_CODE) {
      setPhase({ kind: "activate", email: fields.email, activation: activationRequestFor(fields, asks) });
      return;
    }
    setPhase({ kind: "created", reason: explain(signedIn.failure, "member.login.failed") });
  };

  return { asks, values, problems, busy, phase, alert, inputs, change, acknowledge, submit };
}

export type Registration = ReturnType<typeof useRegistration>;
