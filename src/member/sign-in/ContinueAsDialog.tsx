// Issue 43: the question a page opened with ?token= asks a member already signed in as someone else,
// "Continue as …?", before any switch. The rules are continue-as.ts; this reads the token's member,
// asks, and settles the held token with the session (answerArrival). Loaded with the hand-offs
// (handoff/HandoffGate.tsx), only on a page where a token is held.
import { useEffect, useId, useRef, useState } from "react";
import { useIntl } from "react-intl";
import styled from "styled-components";
import { Dialog } from "../../components/Dialog";
import { Button, FormStatus } from "../../components/forms/fields";
import { useMemberSession } from "../session/LoyaltyProvider";
import { OPENED_QUERY_STATE } from "../../tracking/analytics/private-params";
import { decideArrival, searchWithoutToken, type KeepReason } from "./continue-as";

const Answers = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  margin-top: 1rem;
`;

type Step =
  | { readonly kind: "reading" }
  | { readonly kind: "asking"; readonly incoming: string; readonly current: string; readonly switching: boolean }
  | {
      readonly kind: "kept";
      readonly reason: KeepReason | "failed";
      readonly current: string;
      readonly incoming?: string;
    };

/**
 * The token left the address bar as the page started (issue 44), and the page's history entry kept
 * the query it was opened with (private-params.ts), where a reload would find the token and ask
 * again. Once the page does not use the token, neither keeps it.
 */
function dropTokenFromEntry(): void {
  const { pathname, search, hash } = window.location;
  const state = window.history.state as Record<string, unknown> | null;
  const opened = state?.[OPENED_QUERY_STATE];
  const kept = typeof opened === "string" ? { ...state, [OPENED_QUERY_STATE]: searchWithoutToken(opened) } : state;
  window.history.replaceState(kept, "", `${pathname}${searchWithoutToken(search)}${hash}`);
}

/**
 * Nothing shows while the token's member is read. Then: the same member (or nobody signed in any
 * more) is signed in with it as before; anyone else is asked about, the answer that changes nothing
 * ("Stay signed in as …", also Escape) first and focused; a token that cannot be used leaves the
 * member as they were, told why.
 */
export function ContinueAsDialog({ token }: { token: string }) {
  const intl = useIntl();
  const { member, client, config, loginWithToken, answerArrival, dismissLoginError } = useMemberSession();
  const [step, setStep] = useState<Step>({ kind: "reading" });
  const descriptionId = useId();
  // Read when the token's member arrives, not when the read began: the session may have ended meanwhile.
  const current = useRef(member);
  current.current = member;

  const { version, allowExpiredAccountsLogin } = config;
  useEffect(() => {
    let cancelled = false;
    void client.fetchMember({ token, cypherVersion: version }).then((incoming) => {
      if (cancelled) return;
      const rules = { now: new Date(), allowExpiredAccountsLogin };
      const decision = decideArrival({ current: current.current, incoming, rules });
      if (decision.kind === "signIn") {
        void loginWithToken(token).then((outcome) => {
          if (!outcome.ok) dropTokenFromEntry();
          answerArrival(outcome.ok);
        });
        return;
      }
      if (decision.kind === "ask") {
        setStep({ kind: "asking", incoming: decision.incoming, current: decision.current, switching: false });
        return;
      }
      dropTokenFromEntry();
      setStep({ kind: "kept", reason: decision.reason, current: decision.current });
    });
    return () => {
      cancelled = true;
    };
    // The session's functions are the same for its whole life: in effect, once per held token.
  }, [token, client, version, allowExpiredAccountsLogin, loginWithToken, answerArrival]);

  if (step.kind === "reading") return null;

  if (step.kind === "kept") {
    const close = () => {
      if (step.reason === "failed") dismissLoginError();
      answerArrival(false);
    };
    return (
      // A dialog of its own (key): it takes the focus as it opens, where the question's buttons were.
      <Dialog
        key="kept"
        role="alertdialog"
        title={intl.formatMessage({ id: "member.arrival.keptTitle" })}
        closeLabel={intl.formatMessage({ id: "member.login.close" })}
        onClose={close}
        descriptionId={descriptionId}
      >
        <p id={descriptionId}>
          {intl.formatMessage(
            { id: `member.arrival.${step.reason}` },
            { current: step.current, incoming: step.incoming ?? "" },
          )}
        </p>
      </Dialog>
    );
  }

  const { incoming, switching } = step;
  const stay = () => {
    if (switching) return;
    dropTokenFromEntry();
    answerArrival(false);
  };
  const take = async () => {
    if (switching) return;
    setStep({ ...step, switching: true });
    const outcome = await loginWithToken(token);
    if (outcome.ok) {
      answerArrival(true);
      return;
    }
    // The member signed in stays so (a failed login keeps them, session/reducer.ts): say so.
    dropTokenFromEntry();
    setStep({ kind: "kept", reason: "failed", current: step.current, incoming });
  };
  return (
    <Dialog
      key="question"
      role="alertdialog"
      title={intl.formatMessage({ id: "member.arrival.title" }, { name: incoming })}
      closeLabel={intl.formatMessage({ id: "member.login.close" })}
      onClose={stay}
      closeButton={false}
      descriptionId={descriptionId}
    >
      <p id={descriptionId}>
        {intl.formatMessage({ id: "member.arrival.intro" }, { incoming, current: step.current })}
      </p>
      <FormStatus
        message={switching ? intl.formatMessage({ id: "member.arrival.switching" }, { name: incoming }) : null}
      />
      <Answers>
        <Button type="button" aria-disabled={switching || undefined} onClick={stay}>
          {intl.formatMessage({ id: "member.arrival.stay" }, { name: step.current })}
        </Button>
        <Button
          type="button"
          $variant="primary"
          aria-disabled={switching || undefined}
          aria-busy={switching || undefined}
          onClick={() => void take()}
        >
          {intl.formatMessage({ id: "member.arrival.continue" }, { name: incoming })}
        </Button>
      </Answers>
    </Dialog>
  );
}
