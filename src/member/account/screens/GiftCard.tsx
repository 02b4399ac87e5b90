// Gift-card balance (spec §1, §5 captcha: the check carries a captcha response token, action
// "giftcard_balance"). The balance is shown in the site's currency. The form is CardCodeForm.
import { useIntl } from "react-intl";
import { checkGiftCardBalance } from "../../provider/api";
import { useCaptchaToken } from "../../sign-in/captcha";
import { useFailureMessage } from "../../sign-in/useFailureMessage";
import { CardCodeForm, type CardCodeAnswer } from "./CardCodeForm";
import { useAccountFormat, useSignedInMember } from "./member-kit";

export default function GiftCard() {
  const intl = useIntl();
  const format = useAccountFormat();
  const failureMessage = useFailureMessage();
  const captchaToken = useCaptchaToken();
  const { client } = useSignedInMember();

  const check = async (number: string): Promise<CardCodeAnswer> => {
    // No token (no key on this page, or the script did not answer): the call goes without one and
    // the server decides (captcha.tsx).
    const token = await captchaToken("giftcard_balance");
    const result = await checkGiftCardBalance(client, number, token ?? null);
    if (!result.ok)
      return {
        ok: false,
        alert: failureMessage(result.failure, intl.formatMessage({ id: "account.giftCard.failed" })),
      };
    const { cardNumber, balance } = result.value;
    return {
      ok: true,
      status: intl.formatMessage(
        { id: "account.giftCard.balance" },
        { number: cardNumber, balance: format.money(balance) },
      ),
    };
  };

  return (
    <CardCodeForm
      intro={<p>{intl.formatMessage({ id: "account.giftCard.intro" })}</p>}
      messages={{
        label: "account.giftCard.number",
        required: "account.giftCard.required",
        submit: "account.giftCard.submit",
        submitting: "account.giftCard.submitting",
      }}
      send={check}
    />
  );
}
