// What the signed-in member's screens share (Overview, Profile, History, Rewards, Cards, GiftCard,
// DeleteAccount): loading a list from the provider, announcing failures, formatting amounts and
// dates in the site's locale, and the wallet-pass buttons. Forms use src/components/forms.
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { useIntl } from "react-intl";
import styled from "styled-components";
import { Button, FormAlert, FormStatus, useFocusedAlert } from "../../../components/forms/fields";
import type { LoyaltyClient } from "../../provider/client";
import type { WalletPass, WalletProvider } from "../../provider/api";
import { useFailureMessage } from "../../sign-in/useFailureMessage";
import { useMemberSession } from "../../session/LoyaltyProvider";
import type { LoyaltyFailure, LoyaltyResult, MemberSession } from "../../types";
import { useSiteRuntime } from "../../../runtime/SiteRuntime";
import { browserActions } from "../browser-actions";
import { moneyFormatOptions } from "../money";

/** A list of entries (cards, orders, rewards) shown as separate boxes. */
export const EntryList = styled.ul`
  list-style: none;
  margin: 0 0 1.5rem;
  padding: 0;
  display: grid;
  gap: 0.75rem;
  > li {
    padding: 0.9rem 1rem;
    border: 1px solid ${({ theme }) => theme.colours.textAlt};
    border-radius: ${({ theme }) => theme.radii.content};
  }
  > li:focus {
    outline: 3px solid ${({ theme }) => theme.colours.focusRing};
    outline-offset: 2px;
  }
  h3 {
    margin: 0 0 0.35rem;
    font-size: 1.05rem;
  }
  p {
    margin: 0.2rem 0;
  }
`;

/** A row of buttons that wraps on small screens. */
export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  margin-top: 0.6rem;
`;

/**
 * Spacing between the screen's sections (each starts at <h2>; the template renders the <h1>).
 * A section still loading its data says so (`aria-busy`), and what follows it on the screen waits
 * for it, out of the layout: shown below a short "loading" line, the next sections were pushed down
 * and out of view when the data came (layout shift 0.09-0.19 on a phone on the history, rewards
 * and cards screens). Revealed in document order, a section only ever appears below what is
 * already there, and the loads still run side by side.
 */
export const ScreenSection = styled.section`
  margin-bottom: 2rem;
  > h2 {
    margin-top: 0;
  }
  &[aria-busy="true"] ~ * {
    display: none;
  }
`;

/** A ScreenSection's `aria-busy` for its load's state: set while loading, absent otherwise. */
export const busyWhile = (state: LoadState<unknown>): true | undefined => state.status === "loading" || undefined;

/**
 * The member session, for screens that render only for a signed-in member (the account template
 * sends guests to sign in; the screens still return early on null, for the types).
 */
export function useSignedInMember() {
  const value = useMemberSession();
  // Calls made after an await read the session through this ref: a version 1 refreshMember()
  // rotates the tokens, and a closure from an earlier render would send the dead one.
  const sessionRef = useRef<MemberSession | null>(value.session);
  sessionRef.current = value.session;
  return { ...value, sessionRef };
}

/**
 * A call for whoever is signed in when it is made (read through useSignedInMember's ref); with
 * nobody signed in any more it answers a failure, which the screen words like any other.
 */
export async function callAsSignedIn<T>(
  sessionRef: { readonly current: MemberSession | null },
  call: (session: MemberSession) => Promise<LoyaltyResult<T>>,
): Promise<LoyaltyResult<T>> {
  const session = sessionRef.current;
  return session ? call(session) : { ok: false, failure: { kind: "bad_response" } };
}

export type LoadState<T> =
  | { readonly status: "loading" }
  | { readonly status: "failed"; readonly failure: LoyaltyFailure }
  | { readonly status: "ready"; readonly value: T };

/**
 * Loads something of the signed-in member's on mount and whenever `key` changes (and on
 * reload()). A load that comes back after a newer one started is dropped.
 */
export function useMemberLoad<T>(
  load: (client: LoyaltyClient, session: MemberSession) => Promise<LoyaltyResult<T>>,
  key: string | number = 0,
) {
  const { client, session, sessionRef } = useSignedInMember();
  const signedIn = session !== null;
  const [state, setState] = useState<LoadState<T>>({ status: "loading" });
  const [nonce, setNonce] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const quiet = useRef(false);
  useEffect(() => {
    const session = sessionRef.current;
    if (!session) return;
    let current = true;
    const keepShown = quiet.current;
    quiet.current = false;
    setState((previous) => (keepShown && previous.status === "ready" ? previous : { status: "loading" }));
    loadRef.current(client, session).then(
      (result) => {
        if (current)
          setState(
            result.ok ? { status: "ready", value: result.value } : { status: "failed", failure: result.failure },
          );
      },
      // A call that throws (a route the site cannot build) must not leave the section loading.
      () => {
        if (current) setState({ status: "failed", failure: { kind: "bad_response" } });
      },
    );
    return () => {
      current = false;
    };
    // Not the session itself: a version 1 refresh rotates its tokens every 10 minutes, and each
    // rotation would reload every list on the screen.
  }, [client, sessionRef, signedIn, key, nonce]);
  const reload = useCallback(() => setNonce((n) => n + 1), []);
  /** Loads again while the current value stays on screen (after an action changed it). */
  const refresh = useCallback(() => {
    quiet.current = true;
    setNonce((n) => n + 1);
  }, []);
  /** Replaces the loaded value with what an action answered (e.g. the cards after an addition). */
  const set = useCallback((value: T) => setState({ status: "ready", value }), []);
  return { state, reload, refresh, set };
}

/**
 * A failure message that takes focus each time it is shown, even when the same text is shown
 * twice in a row, so keyboard and screen-reader users land on the reason.
 */
export function useAlert() {
  const alert = useFocusedAlert();
  const element = <FormAlert ref={alert.ref} message={alert.message} />;
  return { message: alert.message, show: alert.show, element };
}

/** Amounts, points and dates in the site's locale, currency and time zone. */
export function useAccountFormat() {
  const intl = useIntl();
  const site = useSiteRuntime();
  return {
    money: (amount: number) => intl.formatNumber(amount, moneyFormatOptions(site.country.iso31661A2)),
    /** An ISO date-time, as a day in the site's time zone (the IntlProvider's). */
    date: (iso: string) => intl.formatDate(iso, { dateStyle: "long" }),
    /** A YYYY-MM-DD calendar day: read in UTC so no time zone moves it to the day before. */
    day: (ymd: string) => intl.formatDate(`${ymd}T00:00:00Z`, { dateStyle: "long", timeZone: "UTC" }),
    points: (points: number) => intl.formatMessage({ id: "account.overview.pointsValue" }, { points }),
  };
}

/**
 * The section's loading and failed states, with a retry for a failed load. `messages` is the id
 * prefix of the section's ".loading", ".failed" and ".retry" texts.
 */
export function LoadStatus<T>({
  state,
  messages,
  onRetry,
  children,
}: {
  state: LoadState<T>;
  messages: string;
  onRetry(): void;
  children(value: T): ReactNode;
}) {
  const intl = useIntl();
  const failureMessage = useFailureMessage();
  if (state.status === "loading") return <FormStatus message={intl.formatMessage({ id: `${messages}.loading` })} />;
  if (state.status === "failed") {
    return (
      <div>
        <FormAlert message={failureMessage(state.failure, intl.formatMessage({ id: `${messages}.failed` }))} />
        <Actions>
          <Button type="button" onClick={onRetry}>
            {intl.formatMessage({ id: `${messages}.retry` })}
          </Button>
        </Actions>
      </div>
    );
  }
  return <>{children(state.value)}</>;
}

export interface WalletPassButtonsProps {
  /** Fetches the pass from the provider for one wallet. */
  fetchPass(provider: WalletProvider): Promise<LoyaltyResult<WalletPass>>;
  /** Button texts, naming what is added (the card, the e-ticket). */
  labels: Readonly<Record<WalletProvider, string>>;
}

const WALLETS: readonly WalletProvider[] = ["AppleWallet", "GoogleWallet"];

/**
 * Spec §7 wallet passes (raw responses): Apple Wallet's .pkpass is handed to the browser as a
 * download; Google Wallet's save link is followed in this tab.
 */
export function WalletPassButtons({ fetchPass, labels }: WalletPassButtonsProps) {
  const intl = useIntl();
  const failureMessage = useFailureMessage();
  const alert = useAlert();
  const [busy, setBusy] = useState<WalletProvider | null>(null);
  const [status, setStatus] = useState<string | null>(null);

  const add = async (provider: WalletProvider) => {
    setBusy(provider);
    alert.show(null);
    setStatus(intl.formatMessage({ id: "account.wallet.busy" }));
    // A call that throws (a route the site cannot build) reads as a failed pass, not a stuck button.
    const result = await fetchPass(provider).catch((): LoyaltyResult<WalletPass> => ({
      ok: false,
      failure: { kind: "bad_response" },
    }));
    setBusy(null);
    if (!result.ok) {
      setStatus(null);
      alert.show(failureMessage(result.failure, intl.formatMessage({ id: "account.wallet.failed" })));
      return;
    }
    const pass = result.value;
    if (pass.kind === "download") {
      browserActions.download(pass.blob, pass.fileName);
      setStatus(intl.formatMessage({ id: "account.wallet.downloaded" }));
    } else {
      setStatus(intl.formatMessage({ id: "account.wallet.opening" }));
      browserActions.go(pass.url);
    }
  };

  return (
    <div>
      <Actions>
        {WALLETS.map((provider) => (
          // Not `disabled` while busy: a focused button that becomes disabled drops the focus.
          <Button
            key={provider}
            type="button"
            aria-disabled={busy !== null}
            aria-busy={busy === provider}
            onClick={() => busy === null && void add(provider)}
          >
            {labels[provider]}
          </Button>
        ))}
      </Actions>
      {alert.element}
      <FormStatus message={status} />
    </div>
  );
}
