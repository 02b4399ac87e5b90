// Gift-card balance (spec §1, §5 captcha: the check carries a captcha response token, action
// "giftcard_balance"). The balance is shown in the site's currency.
import { useRef, useState, type FormEvent } from "react";
import { useIntl } from "react-intl";
import { FormLayout, FormStatus, SubmitButton, TextField } from "../../components/forms/fields";
import { checkGiftCardBalance, type GiftCardBalance } from "../../loyalty/api";
import { useCaptchaToken } from "../../loyalty/components/captcha";
import { useFailureMessage } from "../../loyalty/components/useFailureMessage";
import { useAccountFormat, useAlert, useSignedInMember } from "./member-kit";

export default function GiftCard() {
  const intl = useIntl();
  const format = useAccountFormat();
  const failureMessage = useFailureMessage();
  const captchaToken = useCaptchaToken();
  const { client } = useSignedInMember();
  const [number, setNumber] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [balance, setBalance] = useState<GiftCardBalance | null>(null);
  const alert = useAlert();
  const input = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    alert.show(null);
    setBalance(null);
    if (number.trim() === "") {
      setFieldError(intl.formatMessage({ id: "account.giftCard.required" }));
      input.current?.focus();
      return;
    }
    setFieldError(null);
    setBusy(true);
    // No token (no key on this page, or the script did not answer): the call goes without one and
    // the server decides (captcha.tsx).
    const token = await captchaToken("giftcard_balance");
    const result = await checkGiftCardBalance(client, number, token ?? null);
    setBusy(false);
    if (!result.ok) {
      alert.show(failureMessage(result.failure, intl.formatMessage({ id: "account.giftCard.failed" })));
      return;
    }
    setBalance(result.value);
  };

  return (
    <FormLayout noValidate onSubmit={(event) => void submit(event)}>
      <p>{intl.formatMessage({ id: "account.giftCard.intro" })}</p>
      <TextField
        ref={input}
        uppercase
        label={intl.formatMessage({ id: "account.giftCard.number" })}
        value={number}
        onValueChange={(value) => {
          setNumber(value);
          setFieldError(null);
        }}
        error={fieldError}
        autoComplete="off"
        spellCheck={false}
        required
      />
      {alert.element}
      <FormStatus
        message={
          balance
            ? intl.formatMessage(
                { id: "account.giftCard.balance" },
                { number: balance.cardNumber, balance: format.money(balance.balance) },
              )
            : null
        }
      />
      <div>
        <SubmitButton
          busy={busy}
          label={intl.formatMessage({ id: "account.giftCard.submit" })}
          busyLabel={intl.formatMessage({ id: "account.giftCard.submitting" })}
        />
      </div>
    </FormLayout>
  );
}
