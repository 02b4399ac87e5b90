// The member's loyalty cards (spec §1 "manage loyalty cards: add, delete, report lost"): the list
// with each card's state, a form to add one (the code in capitals as typed, spec §5), and
// deleting a card or reporting the main card lost, each confirmed first. An active card shows its
// barcode for the till (CardTillCode) and can be added to a phone's wallet.
import { useRef, useState } from "react";
import { useFocusWhen } from "../../../lib/use-focus-when";
import { useIntl } from "react-intl";
import { Button, FormAlert, FormStatus } from "../../../components/forms/fields";
import {
  addCard,
  deleteCard,
  getCards,
  getLoyaltyCardWalletPass,
  reportLostCard,
  type LoyaltyCard,
} from "../../provider/api";
import { normaliseCardCode } from "../../card-code";
import { Dialog } from "../../../components/Dialog";
import { useFailureMessage } from "../../sign-in/useFailureMessage";
import type { LoyaltyResult } from "../../types";
import { memberFeatures } from "../member-features";
import { CardCodeForm, type CardCodeAnswer } from "./CardCodeForm";
import { CardTillCode } from "./CardTillCode";
import {
  Actions,
  busyWhile,
  callAsSignedIn,
  EntryList,
  LoadStatus,
  ScreenSection,
  useMemberLoad,
  useSignedInMember,
  WalletPassButtons,
} from "./member-kit";

type Confirmation = { readonly kind: "delete" | "lost"; readonly code: string };

/** Adding a card (the shared card-code form); the list follows what the provider answers. */
function AddCardForm({ onAdded }: { onAdded(cards: readonly LoyaltyCard[]): Promise<void> }) {
  const intl = useIntl();
  const failureMessage = useFailureMessage();
  const { client, sessionRef } = useSignedInMember();

  const add = async (code: string): Promise<CardCodeAnswer> => {
    const session = sessionRef.current;
    const result = session ? await addCard(client, session, code) : null;
    if (!result?.ok) {
      const failure = result ? result.failure : ({ kind: "bad_response" } as const);
      return { ok: false, alert: failureMessage(failure, intl.formatMessage({ id: "account.cards.actionFailed" })) };
    }
    await onAdded(result.value);
    // Announced where the member is (the form), without moving the focus.
    return { ok: true, status: intl.formatMessage({ id: "account.cards.added" }, { code: normaliseCardCode(code) }) };
  };

  return (
    <ScreenSection aria-labelledby="account-cards-add">
      <h2 id="account-cards-add">{intl.formatMessage({ id: "account.cards.add" })}</h2>
      <CardCodeForm
        messages={{
          label: "account.cards.add.code",
          hint: "account.cards.add.hint",
          required: "account.cards.add.required",
          submit: "account.cards.add.submit",
          submitting: "account.cards.add.submitting",
        }}
        send={add}
        clearOnSuccess
      />
    </ScreenSection>
  );
}

export default function Cards() {
  const intl = useIntl();
  const failureMessage = useFailureMessage();
  const { member, client, config, sessionRef, refreshMember } = useSignedInMember();
  const { state, reload, set } = useMemberLoad(getCards);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ text: string; serial: number } | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const dialogAlert = useRef<HTMLParagraphElement>(null);

  useFocusWhen(notice, noticeRef);
  useFocusWhen(dialogError, dialogAlert);

  if (!member) return null;
  const features = memberFeatures(config);

  /** The member's card number (the overview, the header) follows the main card. */
  const changed = async (cards: readonly LoyaltyCard[]) => {
    set(cards);
    await refreshMember();
  };

  const closeDialog = () => {
    if (confirming) return;
    setConfirmation(null);
    setDialogError(null);
  };

  const confirm = async () => {
    const session = sessionRef.current;
    if (!confirmation || !session || confirming) return;
    setConfirming(true);
    setDialogError(null);
    const result: LoyaltyResult<readonly LoyaltyCard[]> =
      confirmation.kind === "delete"
        ? await deleteCard(client, session, confirmation.code)
        : await reportLostCard(client, session);
    setConfirming(false);
    if (!result.ok) {
      setDialogError(failureMessage(result.failure, intl.formatMessage({ id: "account.cards.actionFailed" })));
      return;
    }
    setConfirmation(null);
    await changed(result.value);
    // Announced once everything on the page agrees with it; the focus moves there, since the
    // button that was pressed may have gone with its card.
    const text = intl.formatMessage(
      { id: confirmation.kind === "delete" ? "account.cards.deleted" : "account.cards.lostDone" },
      { code: confirmation.code },
    );
    setNotice((previous) => ({ text, serial: (previous?.serial ?? 0) + 1 }));
  };

  return (
    <>
      <ScreenSection aria-labelledby="account-cards-list" aria-busy={busyWhile(state)}>
        <h2 id="account-cards-list">{intl.formatMessage({ id: "account.cards.list" })}</h2>
        {notice && (
          <div ref={noticeRef} tabIndex={-1}>
            <FormStatus message={notice.text} />
          </div>
        )}
        <LoadStatus state={state} messages="account.cards" onRetry={reload}>
          {(cards) => {
            if (cards.length === 0) return <p>{intl.formatMessage({ id: "account.cards.empty" })}</p>;
            const primary = cards.find((card) => card.primary && card.status === "active");
            return (
              <>
                <EntryList aria-labelledby="account-cards-list">
                  {cards.map((card) => (
                    <li key={card.code}>
                      <h3>{card.code}</h3>
                      <p>
                        {intl.formatMessage({
                          id: card.status === "lost" ? "account.cards.status.lost" : "account.cards.status.active",
                        })}
                        {card.primary && ` · ${intl.formatMessage({ id: "account.cards.primary" })}`}
                      </p>
                      {/* A lost card is blocked: no barcode to scan at the till. */}
                      {card.status === "active" && <CardTillCode cardNumber={card.code} />}
                      {card.status === "active" && features.walletPasses && (
                        <WalletPassButtons
                          fetchPass={(walletProvider) =>
                            callAsSignedIn(sessionRef, (session) =>
                              getLoyaltyCardWalletPass(client, session, { walletProvider, cardNumber: card.code }),
                            )
                          }
                          labels={{
                            AppleWallet: intl.formatMessage(
                              { id: "account.wallet.cardCode.apple" },
                              { code: card.code },
                            ),
                            GoogleWallet: intl.formatMessage(
                              { id: "account.wallet.cardCode.google" },
                              { code: card.code },
                            ),
                          }}
                        />
                      )}
                      <Actions>
                        <Button type="button" onClick={() => setConfirmation({ kind: "delete", code: card.code })}>
                          {intl.formatMessage({ id: "account.cards.delete" }, { code: card.code })}
                        </Button>
                      </Actions>
                    </li>
                  ))}
                </EntryList>
                {/* Spec §7: ReportLostCard takes no card code, so it is the main card that is reported. */}
                {primary && (
                  <Button
                    type="button"
                    $variant="danger"
                    onClick={() => setConfirmation({ kind: "lost", code: primary.code })}
                  >
                    {intl.formatMessage({ id: "account.cards.lost" })}
                  </Button>
                )}
              </>
            );
          }}
        </LoadStatus>
      </ScreenSection>

      <AddCardForm onAdded={changed} />

      {confirmation && (
        <Dialog
          role="alertdialog"
          title={intl.formatMessage(
            { id: confirmation.kind === "delete" ? "account.cards.delete.title" : "account.cards.lost.title" },
            { code: confirmation.code },
          )}
          closeLabel={intl.formatMessage({ id: "account.cards.close" })}
          onClose={closeDialog}
        >
          <p>
            {intl.formatMessage(
              { id: confirmation.kind === "delete" ? "account.cards.delete.body" : "account.cards.lost.body" },
              { code: confirmation.code },
            )}
          </p>
          <FormAlert ref={dialogAlert} message={dialogError} />
          <FormStatus message={confirming ? intl.formatMessage({ id: "account.cards.working" }) : null} />
          <Actions>
            <Button type="button" onClick={closeDialog}>
              {intl.formatMessage({ id: "account.cards.cancel" })}
            </Button>
            <Button type="button" $variant="danger" aria-busy={confirming} onClick={() => void confirm()}>
              {intl.formatMessage({
                id: confirmation.kind === "delete" ? "account.cards.delete.confirm" : "account.cards.lost.confirm",
              })}
            </Button>
          </Actions>
        </Dialog>
      )}
    </>
  );
}
