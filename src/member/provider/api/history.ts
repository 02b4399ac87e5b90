// Spec §7 order and transaction histories: v2 routes for a version 1 session, v3 otherwise.
import type { z } from "zod";
import type { LoyaltyClient } from "../client";
import type { LoyaltyResult, MemberSession } from "../../types";
import type { LoyaltyTransaction, Order } from "./account-types";
import { ordersAnswerSchema, transactionsAnswerSchema } from "./schemas";
import { memberCall } from "./shared";

export interface HistoryOptions {
  /** Spec §9: optional; the provider answers everything without it. */
  readonly maxResults?: number;
}

function historyQuery(options: HistoryOptions): { maxResults?: number } {
  const { maxResults } = options;
  // The provider refuses anything but a positive integer with a 400; a bad value is a caller bug
  // that should not cost the member their history, so it is dropped instead.
  return maxResults !== undefined && Number.isSafeInteger(maxResults) && maxResults > 0 ? { maxResults } : {};
}

/** The two histories take the same options and differ only in route, answer and entry. */
function historyCall<N extends "orderHistory" | "transactionHistory", T, U>(
  route: N,
  schema: z.ZodType<T>,
  entriesOf: (answer: T) => readonly U[],
) {
  return (
    client: LoyaltyClient,
    session: MemberSession,
    options: HistoryOptions = {},
  ): Promise<LoyaltyResult<readonly U[]>> =>
    memberCall(client, session, route, { query: historyQuery(options), schema }, entriesOf);
}

export const getOrderHistory = historyCall("orderHistory", ordersAnswerSchema, ({ orders }): readonly Order[] =>
  orders.map((order) => ({
    orderId: order.orderId,
    orderDate: order.orderDate,
    kind: order.kind ?? "",
    status: order.status ?? "",
    cinemaId: order.cinemaId ?? "",
    description: order.description ?? "",
    totalValue: order.totalValue ?? 0,
  })),
);

export const getTransactionHistory = historyCall(
  "transactionHistory",
  transactionsAnswerSchema,
  ({ transactions }): readonly LoyaltyTransaction[] =>
    transactions.map((transaction) => ({
      transactionId: transaction.transactionId,
      transactionDate: transaction.transactionDate,
      cinemaId: transaction.cinemaId ?? "",
      description: transaction.description ?? "",
      points: transaction.points ?? 0,
      value: transaction.value ?? 0,
    })),
);
