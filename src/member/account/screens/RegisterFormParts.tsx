// What the guest screens (Register, ResetPassword) share: the "choose a password" field of
// registration and reset (the shared PasswordField, with spec §5's rules for the site's provider
// shown under it as a checklist that follows the typing, and the field's own error; both screens
// check the same rules before sending), the wording of registration.ts's problems, and the
// registration form's field helper (one table for its text fields).
import { forwardRef, useId } from "react";
import { useIntl, type IntlShape } from "react-intl";
import styled from "styled-components";
import { CheckboxField, PasswordField } from "../../../components/forms/fields";
import { cardCodeAsTyped } from "../../card-code";
import type { LoyaltyProvider } from "../../token-param";
import { useSiteRuntime } from "../../../runtime/SiteRuntime";
import { visuallyHiddenCss } from "../../../theme/ThemeProvider";
import { PASSWORD_RULE_MESSAGE_ID, passwordProblems, passwordRulesFor, type PasswordRule } from "../password-rules";
import { newPasswordProblem, type RegisterProblem, type RegisterTextField } from "../registration";
import { pagePath } from "../../../lib/paths";
import { SiteLink } from "../../../links/SiteLink";
import type { Registration } from "./useRegistration";

const Rules = styled.div`
  margin-top: 0.4rem;
  font-size: 0.9rem;
  p {
    margin: 0;
    font-weight: inherit;
  }
  ul {
    list-style: none;
    margin: 0.25rem 0 0;
    padding: 0;
    display: grid;
    gap: 0.15rem;
  }
  li {
    display: flex;
    gap: 0.4rem;
  }
  li[data-met="true"] {
    font-weight: ${({ theme }) => theme.fontWeights.bold};
  }
  .state {
    ${visuallyHiddenCss}
  }
`;

/** "Your password still needs: 1 number and 1 special character", or null when it may be sent. */
export function passwordProblemText(intl: IntlShape, problems: readonly PasswordRule[]): string | null {
  if (problems.length === 0) return null;
  const rules = intl.formatList(
    problems.map((rule) => intl.formatMessage({ id: PASSWORD_RULE_MESSAGE_ID[rule] })),
    { type: "conjunction" },
  );
  return intl.formatMessage({ id: "account.register.password.missing" }, { rules });
}

/** "France", "United States": the member reads a country, not a code. */
function countryName(locale: string, iso2: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: "region" }).of(iso2.toUpperCase()) ?? iso2;
  } catch {
    return iso2;
  }
}

/** The sentence for one of registration.ts's problems; `countryIso2` is the site's. */
export function problemText(intl: IntlShape, problem: RegisterProblem, countryIso2: string): string {
  switch (problem.kind) {
    case "message":
      return intl.formatMessage({ id: problem.id });
    case "phone":
      return intl.formatMessage({ id: problem.id }, { country: countryName(intl.locale, countryIso2) });
    case "password":
      return passwordProblemText(intl, problem.missing) ?? "";
  }
}

/** The checks both screens run on submit: empty first, then the provider's rules. */
export function newPasswordError(intl: IntlShape, password: string, provider: LoyaltyProvider): string | null {
  const problem = newPasswordProblem(password, provider);
  return problem && problemText(intl, problem, "");
}

type NewPasswordFieldProps = {
  label: string;
  value: string;
  onValueChange(value: string): void;
  provider: LoyaltyProvider;
  error: string | null;
};

/**
 * The rules are the field's description, so a screen reader reads them (with each one's state)
 * on reaching the field; they are not a live region, which would speak on every keystroke.
 * aria-describedby and aria-invalid are given here because the description is this component's
 * own list and error, not PasswordField's hint.
 */
export const NewPasswordField = forwardRef<HTMLInputElement, NewPasswordFieldProps>(function NewPasswordField(
  { label, value, onValueChange, provider, error },
  ref,
) {
  const intl = useIntl();
  const id = useId();
  const rulesId = `${id}-rules`;
  const errorId = `${id}-error`;
  const broken = new Set(passwordProblems(value, provider));
  return (
    <div>
      <PasswordField
        ref={ref}
        label={label}
        value={value}
        onValueChange={onValueChange}
        autoComplete="new-password"
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${rulesId} ${errorId}` : rulesId}
      />
      <Rules id={rulesId}>
        <p>{intl.formatMessage({ id: "account.password.rules.title" })}</p>
        <ul>
          {passwordRulesFor(provider).map((rule) => {
            const met = value !== "" && !broken.has(rule);
            return (
              <li key={rule} data-met={met}>
                <span aria-hidden="true">{met ? "✓" : "○"}</span>
                <span>
                  {intl.formatMessage({ id: PASSWORD_RULE_MESSAGE_ID[rule] })}
                  <span className="state">
                    {" "}
                    (
                    {intl.formatMessage({
                      id: met ? "account.register.password.ruleMet" : "account.register.password.ruleUnmet",
                    })}
                    )
                  </span>
                </span>
              </li>
            );
          })}
        </ul>
      </Rules>
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
});

type TextFieldName = Exclude<RegisterTextField, "password">;

/** The registration form's text fields, as they differ (labels: account.register.{name}). */
const TEXT_FIELDS = {
  email: { type: "email", autoComplete: "email", inputMode: "email", required: true },
  firstName: { autoComplete: "given-name", required: true, personName: true },
  lastName: { autoComplete: "family-name", required: true, personName: true },
  mobile: { type: "tel", autoComplete: "tel", required: true },
  cardNumber: { autoComplete: "off", format: cardCodeAsTyped, hint: "account.register.cardNumber.hint" },
  phone: { type: "tel", autoComplete: "off", hint: "account.register.phone.hint" },
} as const satisfies Record<
  TextFieldName,
  {
    type?: "email" | "tel";
    autoComplete: string;
    inputMode?: "email";
    required?: true;
    personName?: true;
    format?: (typed: string) => string;
    hint?: `account.register.${TextFieldName}.hint`;
  }
>;

/**
 * The registration form's field helper: the props of one field, wired to the flow
 * (useRegistration): its label, value, change, input ref and worded problem. `textField` adds
 * what TEXT_FIELDS says for a TextField; `field` alone suits NewPasswordField.
 */
export function useRegisterFields(
  form: Pick<Registration, "values" | "problems" | "inputs" | "change" | "acknowledge">,
) {
  const intl = useIntl();
  const countryIso2 = useSiteRuntime().country.iso31661A2;
  const field = (name: RegisterTextField) => {
    const problem = form.problems[name];
    return {
      ref: form.inputs[name],
      label: intl.formatMessage({ id: `account.register.${name}` }),
      value: form.values[name],
      onValueChange: form.change(name),
      error: problem ? problemText(intl, problem, countryIso2) : null,
    };
  };
  const textField = (name: TextFieldName) => {
    const { hint, ...input }: { hint?: string } & Omit<(typeof TEXT_FIELDS)[TextFieldName], "hint"> = TEXT_FIELDS[name];
    return { ...field(name), ...input, name, hint: hint && intl.formatMessage({ id: hint }) };
  };
  const acknowledgement = () => {
    const problem = form.problems.acknowledgement;
    return {
      ref: form.inputs.acknowledgement,
      checked: form.values.acknowledgement,
      onCheckedChange: form.acknowledge,
      error: problem ? problemText(intl, problem, countryIso2) : null,
    };
  };
  return { field, textField, acknowledgement };
}

/**
 * The required box acknowledging the privacy policy, and accepting the terms where the site
 * names a page for them (issue 46); the pages are linked in its hint.
 */
export const AcknowledgementField = forwardRef<
  HTMLInputElement,
  { checked: boolean; onCheckedChange(checked: boolean): void; error: string | null }
>(function AcknowledgementField(props, ref) {
  const intl = useIntl();
  const { privacyPolicyPageSlug, termsPageSlug } = useSiteRuntime();
  return (
    <CheckboxField
      ref={ref}
      {...props}
      name="acknowledgement"
      required
      label={intl.formatMessage({
        id: termsPageSlug ? "account.register.acknowledgement.withTerms" : "account.register.acknowledgement",
      })}
      hint={
        <>
          {termsPageSlug && (
            <>
              <SiteLink to={pagePath(termsPageSlug)}>
                {intl.formatMessage({ id: "account.register.acknowledgement.terms" })}
              </SiteLink>
              {" · "}
            </>
          )}
          <SiteLink to={pagePath(privacyPolicyPageSlug)}>
            {intl.formatMessage({ id: "account.register.acknowledgement.privacy" })}
          </SiteLink>
        </>
      }
    />
  );
});
