// The member's details, shown in the form that edits them (spec §1 "view and edit their
// profile"). What the member typed stays in the fields whatever the provider answers; a member
// the provider knows without a username gets one after saving (spec §4 member-search follow-up).
import { useRef, useState, type FormEvent } from "react";
import { useIntl } from "react-intl";
import { FormLayout, FormStatus, TextField } from "../../../components/forms/fields";
import { editMember, memberSearchSteps, runMemberSearchFollowUp } from "../../provider/api";
import { useCaptchaToken } from "../../sign-in/captcha";
import { useFailureMessage } from "../../sign-in/useFailureMessage";
import { useSiteRuntime } from "../../../runtime/SiteRuntime";
import { memberFeatures } from "../member-features";
import {
  checkProfile,
  firstInvalidField,
  profileValuesOf,
  type ProfileErrors,
  type ProfileField,
  type ProfileValues,
} from "../profile-form";
import { useAlert, useSignedInMember } from "./member-kit";
import { SubmitRow } from "./SubmitRow";

/** Today in the site's time zone, as YYYY-MM-DD (en-CA formats dates that way). */
function todayIn(timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    new Date(),
  );
}

export default function Profile() {
  const intl = useIntl();
  const site = useSiteRuntime();
  const failureMessage = useFailureMessage();
  const captchaFor = useCaptchaToken();
  const { member, client, config, sessionRef, refreshMember } = useSignedInMember();
  // null until the member types: the fields show the member's details until then, and from then
  // on what was typed, which a refreshed member (after saving, the periodic refresh) never replaces.
  const [edited, setEdited] = useState<ProfileValues | null>(null);
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const alert = useAlert();
  const fields = useRef<Partial<Record<ProfileField, HTMLInputElement | null>>>({});
  if (!member) return null;
  const values = edited ?? profileValuesOf(member);

  const country = site.country.iso31661A2;
  const countryName = new Intl.DisplayNames([site.locale], { type: "region" }).of(country) ?? country;
  const errorText = (field: ProfileField): string | null => {
    const id = errors[field];
    return id ? intl.formatMessage({ id }, { country: countryName }) : null;
  };
  const change = (field: ProfileField) => (value: string) => {
    setEdited({ ...values, [field]: value });
    setSaved(false);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const check = checkProfile(values, country, todayIn(site.timeZone));
    alert.show(null);
    setSaved(false);
    if (!check.ok) {
      setErrors(check.errors);
      const first = firstInvalidField(check.errors);
      if (first) fields.current[first]?.focus();
      return;
    }
    setErrors({});
    const session = sessionRef.current;
    if (!session) return;
    setBusy(true);
    const result = await editMember(client, session, check.edit);
    if (!result.ok) {
      setBusy(false);
      alert.show(failureMessage(result.failure, intl.formatMessage({ id: "account.profile.failed" })));
      return;
    }
    // Before refreshMember(): a version 1 refresh rotates the tokens this call would carry.
    // Its failure is not the member's concern (their details are saved); it runs again next time.
    if (!member.hasUserName && memberFeatures(config).memberSearch) {
      // The search carries a captcha token (issue 43), minted as it runs.
      await runMemberSearchFollowUp(memberSearchSteps(client, captchaFor, session), {
        email: check.edit.email,
        memberId: session.member.memberId,
      });
    }
    await refreshMember();
    // The fields now show what was saved, as saved (trimmed, the number in international form).
    setEdited(check.edit);
    setBusy(false);
    setSaved(true);
  };

  const field = (name: ProfileField, type: "text" | "email" | "tel" | "date", autoComplete: string) => (
    <TextField
      ref={(element) => {
        fields.current[name] = element;
      }}
      label={intl.formatMessage({ id: `account.profile.${name}` })}
      type={type}
      value={values[name]}
      onValueChange={change(name)}
      error={errorText(name)}
      autoComplete={autoComplete}
      required={name !== "birthDate"}
      personName={name === "firstName" || name === "lastName"}
    />
  );

  return (
    // The template's <h1> already names the screen; the form is all there is under it.
    <FormLayout noValidate onSubmit={(event) => void submit(event)}>
      <p>{intl.formatMessage({ id: "account.profile.intro" })}</p>
      {field("firstName", "text", "given-name")}
      {field("lastName", "text", "family-name")}
      {field("email", "email", "email")}
      {field("mobilePhone", "tel", "tel")}
      {field("birthDate", "date", "bday")}
      {alert.element}
      <FormStatus message={saved ? intl.formatMessage({ id: "account.profile.saved" }) : null} />
      <SubmitRow busy={busy} label="account.profile.save" busyLabel="account.profile.saving" />
    </FormLayout>
  );
}
