// Order history and points history (spec §1, §7), each with its own loading, empty and failed
// states, the 10 most recent first and the rest on request (src/member/account/history-page.ts), and
// amounts, points and dates in the site's locale. A ticket booking offers its e-ticket as a
// wallet pass (spec §7: ticketId is the order's id).
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useIntl } from "react-intl";
import { Button, FormStatus } from "../../../components/forms/fields";
import type { LoyaltyClient } from "../../provider/client";
import {
  getETicketWalletPass,
  getOrderHistory,
  getTransactionHistory,
  type LoyaltyTransaction,
  type Order,
} from "../../provider/api";
import type { LoyaltyResult, MemberSession } from "../../types";
import { HISTORY_FIRST_PAGE, historyRequest, historyView, type HistoryScope } from "../history-page";
import { memberFeatures } from "../member-features";
import {
  busyWhile,
  callAsSignedIn,
  EntryList,
  LoadStatus,
  type LoadState,
  ScreenSection,
  useAccountFormat,
  useMemberLoad,
  useSignedInMember,
  WalletPassButtons,
} from "./member-kit";

/** The provider names a ticket booking "booking" (docs/loyalty-upstream.md). */
const isTicketBooking = (order: Order): boolean => order.kind.toLowerCase() === "booking";

interface HistorySectionProps<T> {
  readonly kind: "orders" | "transactions";
  load(client: LoyaltyClient, session: MemberSession, scope: HistoryScope): Promise<LoyaltyResult<readonly T[]>>;
  keyOf(entry: T): string;
  renderEntry(entry: T): ReactNode;
}

function HistorySection<T>({ kind, load, keyOf, renderEntry }: HistorySectionProps<T>) {
  const intl = useIntl();
  const [scope, setScope] = useState<HistoryScope>("recent");
  const { state, reload } = useMemberLoad((client, session) => load(client, session, scope), scope);
  // While "all" loads, the recent entries stay on screen (and the focus with them).
  const [recent, setRecent] = useState<readonly T[] | null>(null);
  const firstRevealed = useRef<HTMLLIElement>(null);
  const message = (suffix: string, values?: Record<string, number>) =>
    intl.formatMessage({ id: `account.history.${kind}.${suffix}` }, values);
  const titleId = `account-history-${kind}`;

  useEffect(() => {
    if (state.status === "ready" && scope === "recent") setRecent(state.value);
    // The "show all" button has gone: focus moves to the first entry it revealed.
    if (state.status === "ready" && scope === "all") firstRevealed.current?.focus();
  }, [state, scope]);

  // While "all" loads, the recent entries stay on screen with the "show all" button, busy: the
  // same elements as before the press, so the keyboard's focus stays on the button (WCAG 2.4.3)
  // until the entries arrive and it moves to the first one revealed (above).
  // (The render right after the press still holds the recent answer, `recent` itself, before the
  // load's effect says loading: that counts as loading too, or the button would blink out.)
  const loadingMore =
    scope === "all" &&
    recent !== null &&
    (state.status === "loading" || (state.status === "ready" && state.value === recent));
  const shown: LoadState<readonly T[]> = loadingMore ? { status: "ready", value: recent } : state;

  return (
    <ScreenSection aria-labelledby={titleId} aria-busy={busyWhile(shown)}>
      <h2 id={titleId}>{intl.formatMessage({ id: `account.history.${kind}` })}</h2>
      <LoadStatus state={shown} messages={`account.history.${kind}`} onRetry={reload}>
        {(entries) => {
          if (entries.length === 0) return <p>{message("empty")}</p>;
          const view = historyView(entries, loadingMore ? "recent" : scope);
          const allShown = scope === "all" && !loadingMore;
          return (
            <>
              <EntryList aria-labelledby={titleId}>
                {view.shown.map((entry, index) => (
                  <li
                    key={keyOf(entry)}
                    ref={index === HISTORY_FIRST_PAGE ? firstRevealed : undefined}
                    tabIndex={index === HISTORY_FIRST_PAGE ? -1 : undefined}
                  >
                    {renderEntry(entry)}
                  </li>
                ))}
              </EntryList>
              <FormStatus
                message={
                  loadingMore
                    ? message("loadingMore")
                    : allShown
                      ? message("allShown", { count: entries.length })
                      : null
                }
              />
              {view.hasMore && (
                <Button
                  type="button"
                  aria-disabled={loadingMore || undefined}
                  aria-busy={loadingMore}
                  onClick={() => {
                    if (!loadingMore) setScope("all");
                  }}
                >
                  {message("more")}
                </Button>
              )}
            </>
          );
        }}
      </LoadStatus>
    </ScreenSection>
  );
}

function OrderEntry({ order }: { order: Order }) {
  const intl = useIntl();
  const format = useAccountFormat();
  const { client, config, sessionRef } = useSignedInMember();
  const description = order.description || order.orderId;
  return (
    <>
      <h3>{description}</h3>
      <p>{intl.formatMessage({ id: "account.history.order.date" }, { date: format.date(order.orderDate) })}</p>
      <p>{intl.formatMessage({ id: "account.history.order.total" }, { amount: format.money(order.totalValue) })}</p>
      <p>{intl.formatMessage({ id: "account.history.order.reference" }, { orderId: order.orderId })}</p>
      {isTicketBooking(order) && memberFeatures(config).walletPasses && (
        <WalletPassButtons
          fetchPass={(walletProvider) =>
            callAsSignedIn(sessionRef, (session) =>
              getETicketWalletPass(client, session, { walletProvider, ticketId: order.orderId }),
            )
          }
          labels={{
            AppleWallet: intl.formatMessage({ id: "account.wallet.ticket.apple" }, { description }),
            GoogleWallet: intl.formatMessage({ id: "account.wallet.ticket.google" }, { description }),
          }}
        />
      )}
    </>
  );
}

function TransactionEntry({ transaction }: { transaction: LoyaltyTransaction }) {
  const intl = useIntl();
  const format = useAccountFormat();
  const points = intl.formatNumber(transaction.points, { signDisplay: "exceptZero" });
  return (
    <>
      <h3>{transaction.description || transaction.transactionId}</h3>
      <p>
        {intl.formatMessage(
          { id: "account.history.transaction.date" },
          { date: format.date(transaction.transactionDate) },
        )}
      </p>
      <p>
        {intl.formatMessage(
          { id: "account.history.transaction.points" },
          { count: Math.abs(transaction.points), points },
        )}
      </p>
      {transaction.value !== 0 && (
        <p>
          {intl.formatMessage({ id: "account.history.transaction.value" }, { amount: format.money(transaction.value) })}
        </p>
      )}
    </>
  );
}

export default function History() {
  const { member } = useSignedInMember();
  if (!member) return null;
  return (
    <>
      <HistorySection<Order>
        kind="orders"
        load={(client, session, scope) => getOrderHistory(client, session, historyRequest(scope))}
        keyOf={(order) => order.orderId}
        renderEntry={(order) => <OrderEntry order={order} />}
      />
      <HistorySection<LoyaltyTransaction>
        kind="transactions"
        load={(client, session, scope) => getTransactionHistory(client, session, historyRequest(scope))}
        keyOf={(transaction) => transaction.transactionId}
        renderEntry={(transaction) => <TransactionEntry transaction={transaction} />}
      />
    </>
  );
}
