// Account deletion (spec §1 "delete their account", §7 GET /Member/v3/Delete/): behind a
// confirmation that names what is lost. Once the provider has deleted the member, the member is
// taken to the home page, told it worked there (location state, src/member/account/account-deleted.ts),
// and the session ends.
//
// Why the session ends only as this screen goes: the account template sends a signed-out visitor
// on a member screen to the login page, so ending it here first would race that redirect against
// the one home (both go through Gatsby's navigate, whichever page loads last wins). Ended on the
// way out, it is cleared before the home page restores anything (its restore runs after this
// cleanup, on the same loaded session engine), and a refresh there would fail and clear it anyway
// since the provider no longer knows the tokens.
import { navigate } from "gatsby";
import { useEffect, useRef, useState } from "react";
import { useFocusWhen } from "../../../lib/use-focus-when";
import { useIntl } from "react-intl";
import styled from "styled-components";
import { Button, FormAlert, FormStatus } from "../../../components/forms/fields";
import { deleteAccount } from "../../provider/api";
import { Dialog } from "../../../components/Dialog";
import { useFailureMessage } from "../../sign-in/useFailureMessage";
import { ACCOUNT_DELETED_STATE } from "../account-deleted";
import { isOffered } from "../routes";
import { Actions, useSignedInMember } from "./member-kit";

/** Should the move home not happen (a page that fails to load), the session still ends by then. */
export const SIGN_OUT_FALLBACK_MS = 5000;

const Losses = styled.ul`
  margin: 0.5rem 0 1rem;
  padding-left: 1.25rem;
`;

export default function DeleteAccount() {
  const intl = useIntl();
  const failureMessage = useFailureMessage();
  const { member, session, client, config, sessionRef, logout } = useSignedInMember();
  const [open, setOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleted, setDeleted] = useState(false);
  const [error, setError] = useState<{ message: string; serial: number } | null>(null);
  const alertRef = useRef<HTMLParagraphElement>(null);
  const logoutRef = useRef(logout);
  logoutRef.current = logout;
  const deletedRef = useRef(false);

  useFocusWhen(error, alertRef);

  // Once deleted, the session ends when this screen goes (see the note at the top).
  useEffect(
    () => () => {
      if (deletedRef.current) void logoutRef.current();
    },
    [],
  );
  useEffect(() => {
    if (!deleted) return;
    const timer = window.setTimeout(() => void logoutRef.current(), SIGN_OUT_FALLBACK_MS);
    return () => window.clearTimeout(timer);
  }, [deleted]);

  if (!member || !session) return null;
  const offer = { includeWatchlist: config.includeWatchlist, cypherVersion: session.cypherVersion };

  const close = () => {
    if (deleting) return;
    setOpen(false);
    setError(null);
  };

  const confirm = async () => {
    const current = sessionRef.current;
    if (!current || deleting) return;
    setDeleting(true);
    setError(null);
    const result = await deleteAccount(client, current);
    if (!result.ok) {
      setDeleting(false);
      setError((previous) => ({
        message: failureMessage(result.failure, intl.formatMessage({ id: "account.delete.failed" })),
        serial: (previous?.serial ?? 0) + 1,
      }));
      return;
    }
    deletedRef.current = true;
    setDeleted(true);
    setOpen(false);
    void navigate("/", { replace: true, state: ACCOUNT_DELETED_STATE });
  };

  if (deleted) {
    return <FormStatus message={intl.formatMessage({ id: "account.delete.done" })} />;
  }

  return (
    <>
      <p>{intl.formatMessage({ id: "account.delete.intro" })}</p>
      <Button type="button" $variant="danger" onClick={() => setOpen(true)}>
        {intl.formatMessage({ id: "account.delete.open" })}
      </Button>
      {open && (
        <Dialog
          role="alertdialog"
          title={intl.formatMessage({ id: "account.delete.title" })}
          closeLabel={intl.formatMessage({ id: "account.delete.close" })}
          onClose={close}
        >
          <p id="account-delete-losses">{intl.formatMessage({ id: "account.delete.lose" })}</p>
          <Losses aria-labelledby="account-delete-losses">
            <li>{intl.formatMessage({ id: "account.delete.losePoints" }, { points: member.pointsBalance })}</li>
            <li>
              {member.cardNumber
                ? intl.formatMessage({ id: "account.delete.loseCard" }, { code: member.cardNumber })
                : intl.formatMessage({ id: "account.delete.loseCards" })}
            </li>
            <li>{intl.formatMessage({ id: "account.delete.loseHistory" })}</li>
            {isOffered("watchlist", offer) && <li>{intl.formatMessage({ id: "account.delete.loseWatchlist" })}</li>}
            {isOffered("cinemas", offer) && <li>{intl.formatMessage({ id: "account.delete.loseCinemas" })}</li>}
          </Losses>
          <FormAlert ref={alertRef} message={error?.message ?? null} />
          <FormStatus message={deleting ? intl.formatMessage({ id: "account.delete.deleting" }) : null} />
          <Actions>
            <Button type="button" onClick={close}>
              {intl.formatMessage({ id: "account.delete.cancel" })}
            </Button>
            <Button type="button" $variant="danger" aria-busy={deleting} onClick={() => void confirm()}>
              {intl.formatMessage({ id: "account.delete.confirm" })}
            </Button>
          </Actions>
        </Dialog>
      )}
    </>
  );
}
