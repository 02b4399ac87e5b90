// The one card-code form of the member screens (Cards: add a loyalty card; GiftCard: check a
// balance): the code is shown and sent in capitals as typed (spec §5), an empty code is refused on
// the field before anything is sent, the answer is announced where the member is (a status line,
// the focus stays), a failure in a focused alert, and the code stays in the field to correct it.
import { useRef, useState, type FormEvent, type ReactNode } from "react";
import { useIntl } from "react-intl";
import { FormLayout, FormStatus, TextField } from "../../../components/forms/fields";
import { cardCodeAsTyped } from "../../card-code";
import type { AccountMemberMessageId } from "../i18n/member-en-US";
import { useAlert } from "./member-kit";
import { SubmitRow } from "./SubmitRow";

/** What sending the code came to: the status line to show, or the failure's sentence. */
export type CardCodeAnswer =
  { readonly ok: true; readonly status: string } | { readonly ok: false; readonly alert: string };

export interface CardCodeFormProps {
  /** The field's label, its hint, the "empty" error and the button's two states (catalogue ids). */
  readonly messages: {
    readonly label: AccountMemberMessageId;
    readonly hint?: AccountMemberMessageId;
    readonly required: AccountMemberMessageId;
    readonly submit: AccountMemberMessageId;
    readonly submitting: AccountMemberMessageId;
  };
  /** Sends the code as typed (already in capitals). */
  send(code: string): Promise<CardCodeAnswer>;
  /** Empties the field once the code has gone through (a card added; a balance keeps it). */
  readonly clearOnSuccess?: boolean;
  /** Shown above the field. */
  readonly intro?: ReactNode;
}

export function CardCodeForm({ messages, send, clearOnSuccess = false, intro }: CardCodeFormProps) {
  const intl = useIntl();
  const [code, setCode] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const alert = useAlert();
  const input = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    alert.show(null);
    setStatus(null);
    if (code.trim() === "") {
      setFieldError(intl.formatMessage({ id: messages.required }));
      input.current?.focus();
      return;
    }
    setFieldError(null);
    setBusy(true);
    const answer = await send(code);
    if (answer.ok && clearOnSuccess) setCode("");
    setBusy(false);
    if (answer.ok) setStatus(answer.status);
    else alert.show(answer.alert);
  };

  return (
    <FormLayout noValidate onSubmit={(event) => void submit(event)}>
      {intro}
      <TextField
        ref={input}
        format={cardCodeAsTyped}
        label={intl.formatMessage({ id: messages.label })}
        hint={messages.hint && intl.formatMessage({ id: messages.hint })}
        value={code}
        onValueChange={(value) => {
          setCode(value);
          setFieldError(null);
        }}
        error={fieldError}
        autoComplete="off"
        spellCheck={false}
        required
      />
      {alert.element}
      <FormStatus message={status} />
      <SubmitRow busy={busy} label={messages.submit} busyLabel={messages.submitting} />
    </FormLayout>
  );
}
