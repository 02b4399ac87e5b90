// The member forms' building blocks (sign-in, registration, password reset, profile, cards...):
// one look, and spec §5's input rules in one place. Text fields drop `< > ' " &` as the member
// types; password fields never do and have a show/hide toggle. Errors are tied to their field
// (aria-invalid + aria-describedby) and announced.
import {
  forwardRef,
  useCallback,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ChangeEvent,
  type HTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
} from "react";
import { useIntl } from "react-intl";
import styled from "styled-components";
import { cleanNameInput, stripForbiddenCharacters } from "./input-rules";
import { visuallyHiddenCss } from "../../theme/ThemeProvider";

/** A form laid out as one column of fields; the look every member form shares. */
export const FormLayout = styled.form`
  display: grid;
  gap: 1rem;
  max-width: 30rem;
  label,
  legend {
    display: block;
    font-weight: ${({ theme }) => theme.fontWeights.bold};
    margin-bottom: 0.25rem;
  }
  fieldset {
    border: 0;
    margin: 0;
    padding: 0;
    display: grid;
    gap: 1rem;
  }
  input:not([type="checkbox"]):not([type="radio"]),
  select,
  textarea {
    font: inherit;
    width: 100%;
    min-height: 44px;
    padding: 0.55rem 0.7rem;
    border: 1px solid ${({ theme }) => theme.colours.text};
    border-radius: ${({ theme }) => theme.radii.buttons};
    background: ${({ theme }) => theme.colours.background};
    color: ${({ theme }) => theme.colours.text};
  }
  .hint,
  .field-error {
    margin: 0.3rem 0 0;
    font-size: 0.9rem;
  }
  .checkbox {
    display: flex;
    gap: 0.5rem;
    align-items: center;
    label {
      margin: 0;
      font-weight: inherit;
    }
    input {
      width: 1.25rem;
      height: 1.25rem;
    }
  }
`;

export const Button = styled.button<{ $variant?: "primary" | "secondary" | "danger" }>`
  font: inherit;
  cursor: pointer;
  min-height: 44px;
  border-radius: ${({ theme }) => theme.radii.buttons};
  padding: 0.55rem 1rem;
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  ${({ theme, $variant = "secondary" }) =>
    $variant === "primary"
      ? `background: ${theme.colours.primary}; color: ${theme.colours.readableOnPrimary}; border: 2px solid ${theme.colours.primary}; --focus-ring-colour: ${theme.colours.focusRingOnPrimary};`
      : $variant === "danger"
        ? `background: ${theme.colours.text}; color: ${theme.colours.background}; border: 2px solid ${theme.colours.text};`
        : `background: transparent; color: inherit; border: 1px solid currentColor;`}
  /* aria-disabled: a busy button that keeps the focus (SubmitButton, the wallet buttons) looks as a disabled one. */
  &[disabled],
  &[aria-disabled="true"] {
    opacity: 0.7;
    cursor: progress;
  }
`;

const Alert = styled.p`
  margin: 0;
  padding: 0.6rem 0.8rem;
  background: ${({ theme }) => theme.colours.backgroundWithOffset};
`;

const Notice = styled.p`
  margin: 0;
  padding: 0.6rem 0.8rem;
  border-left: 4px solid ${({ theme }) => theme.colours.visiblePrimary};
  background: ${({ theme }) => theme.colours.backgroundWithOffset};
  /* Empty, it stays in the page (see FormStatus) without taking room or showing its bar. */
  &:empty {
    ${visuallyHiddenCss}
  }
`;

/** A failure of the whole form (what the provider answered), announced at once. */
export const FormAlert = forwardRef<
  HTMLParagraphElement,
  { message: string | null } & HTMLAttributes<HTMLParagraphElement>
>(function FormAlert({ message, ...rest }, ref) {
  if (!message) return null;
  return (
    // .form-alert: the error colour and bar, in src/theme/global.css.
    <Alert ref={ref} role="alert" tabIndex={-1} className="form-alert" {...rest}>
      {message}
    </Alert>
  );
});

/**
 * A form's failure message that takes the focus each time it is shown (a second failure with the
 * same text included), so keyboard and screen-reader users land on it. Render it with
 * `<FormAlert ref={alert.ref} message={alert.message} />`.
 */
export function useFocusedAlert() {
  const [alert, setAlert] = useState<{ readonly message: string; readonly serial: number } | null>(null);
  const ref = useRef<HTMLParagraphElement>(null);
  useLayoutEffect(() => {
    if (alert) ref.current?.focus();
  }, [alert]);
  const show = useCallback(
    (message: string | null) =>
      setAlert((previous) => (message === null ? null : { message, serial: (previous?.serial ?? 0) + 1 })),
    [],
  );
  return { message: alert?.message ?? null, show, ref };
}

/**
 * A success or progress message, announced politely. The role=status element is always rendered,
 * empty (and visually hidden) while there is nothing to say: screen readers announce a change of a
 * live region's text, and often miss a region inserted with its text already in it. So render it
 * unconditionally and pass null, rather than mounting it with the message.
 */
export function FormStatus({ message, children }: { message?: string | null; children?: ReactNode }) {
  return <Notice role="status">{message || children || null}</Notice>;
}

type BaseFieldProps = {
  label: string;
  value: string;
  onValueChange(value: string): void;
  /** Shown under the field and announced with it. */
  hint?: string | undefined;
  /** This field's own problem; marks it invalid. */
  error?: string | null | undefined;
};

type TextFieldProps = BaseFieldProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "onChange" | "type" | "id"> & {
    type?: "text" | "email" | "tel" | "date" | "number";
    /** Applied as the member types, after the spec §5 stripping (card codes: cardCodeAsTyped). */
    format?: (typed: string) => string;
    /** A person's name: the typed apostrophe is kept, as ’ (cleanNameInput), rather than dropped. */
    personName?: boolean;
  };

function describedBy(
  ids: { hint: string; error: string },
  hint: ReactNode,
  error: string | null | undefined,
): string | undefined {
  return [hint ? ids.hint : "", error ? ids.error : ""].filter(Boolean).join(" ") || undefined;
}

/** A field's hint and its own error, each with the id its input's aria-describedby names. */
function FieldNotes({
  ids,
  hint,
  error,
}: {
  ids: { hint: string; error: string };
  hint?: ReactNode;
  error?: string | null | undefined;
}) {
  return (
    <>
      {hint && (
        <p id={ids.hint} className="hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={ids.error} className="field-error">
          {error}
        </p>
      )}
    </>
  );
}

/**
 * Cleans what was typed into `input` in place, keeping the caret where the member was typing:
 * set by React, a changed value would throw the caret to the end, so the next letter typed in
 * the middle of "OBrien" would land after "n". Types without a caret (email) just get the text.
 */
function cleanInPlace(input: HTMLInputElement, clean: (typed: string) => string): string {
  const typed = input.value;
  const cleaned = clean(typed);
  if (cleaned === typed) return cleaned;
  const caret = input.selectionStart;
  input.value = cleaned;
  if (caret !== null) {
    const at = clean(typed.slice(0, caret)).length;
    input.setSelectionRange(at, at);
  }
  return cleaned;
}

/**
 * A labelled text input that drops `< > ' " &` as the member types (spec §5); in a person's name
 * (`personName`) the apostrophe is kept as ’ (issue 46).
 */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, value, onValueChange, hint, error, type = "text", format, personName = false, ...input },
  ref,
) {
  const id = useId();
  const ids = { hint: `${id}-hint`, error: `${id}-error` };
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const cleaned = cleanInPlace(event.target, personName ? cleanNameInput : stripForbiddenCharacters);
    onValueChange(format ? format(cleaned) : cleaned);
  };
  return (
    <div>
      <label htmlFor={id}>{label}</label>
      <input
        ref={ref}
        id={id}
        type={type}
        value={value}
        onChange={onChange}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, hint, error)}
        {...input}
      />
      <FieldNotes ids={ids} hint={hint} error={error} />
    </div>
  );
});

type PasswordFieldProps = BaseFieldProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "onChange" | "type" | "id">;

/** A labelled password input with a show/hide toggle (spec §5); its value is never altered. */
export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(function PasswordField(
  { label, value, onValueChange, hint, error, ...input },
  ref,
) {
  const intl = useIntl();
  const id = useId();
  const ids = { hint: `${id}-hint`, error: `${id}-error` };
  const [visible, setVisible] = useState(false);
  return (
    <div>
      <label htmlFor={id}>{label}</label>
      <div className="password-row">
        <input
          ref={ref}
          id={id}
          type={visible ? "text" : "password"}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(ids, hint, error)}
          {...input}
        />
        <Button type="button" aria-pressed={visible} aria-controls={id} onClick={() => setVisible((v) => !v)}>
          {intl.formatMessage({ id: visible ? "member.login.hidePassword" : "member.login.showPassword" })}
        </Button>
      </div>
      <FieldNotes ids={ids} hint={hint} error={error} />
    </div>
  );
});

/**
 * A labelled checkbox; with a hint (text or links: they belong under the box, not in its label,
 * whose tap ticks it) and its own error tied to it as a text field's are.
 */
export const CheckboxField = forwardRef<
  HTMLInputElement,
  {
    label: string;
    checked: boolean;
    onCheckedChange(checked: boolean): void;
    hint?: ReactNode;
    error?: string | null | undefined;
  } & Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "checked" | "onChange" | "id">
>(function CheckboxField({ label, checked, onCheckedChange, hint, error, ...input }, ref) {
  const id = useId();
  const ids = { hint: `${id}-hint`, error: `${id}-error` };
  const box = (
    <div className="checkbox">
      <input
        ref={ref}
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onCheckedChange(event.target.checked)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, hint, error)}
        {...input}
      />
      <label htmlFor={id}>{label}</label>
    </div>
  );
  if (!hint && !error) return box;
  return (
    <div>
      {box}
      <FieldNotes ids={ids} hint={hint} error={error} />
    </div>
  );
});

/**
 * The form's main button; says it is busy while the call runs and ignores repeat presses. Not
 * `disabled` while busy: a focused button that becomes disabled drops the focus to the page's
 * body, and the next Tab starts from the top. It is aria-disabled instead (it looks disabled), and
 * a press while busy is cancelled: a click, Enter or Space on it, and Enter in one of the form's
 * fields (implicit submission clicks the form's first submit button), so the form is not sent again.
 */
export function SubmitButton({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <Button
      type="submit"
      $variant="primary"
      aria-disabled={busy}
      aria-busy={busy}
      onClick={(event) => {
        if (busy) event.preventDefault();
      }}
    >
      {busy ? busyLabel : label}
    </Button>
  );
}
