import { randomBytes } from "node:crypto";
import { failure, type Answer } from "../answers";
import { REWARDS, eVoucherConcessionsIn, rewardsIn } from "../catalogue";
import type { LoyaltyDb } from "../db";
import { findMemberById } from "../members";
import { firstText, maxResults } from "../payload";
import type { MemberContext, Route } from "../router";
import { readStoredText, redeemedLine, storedText, type Language } from "../texts";

export function newOrderId(): string {
  return `ORD-${randomBytes(5).toString("hex").toUpperCase()}`;
}

interface OrderRow {
  order_id: string;
  member_id: string;
  kind: string;
  status: string;
  cinema_id: string;
  description: string;
  translations_json: string;
  total_value: number;
  details_json: string;
  created_at: string;
}

interface TransactionRow {
  transaction_id: string;
  cinema_id: string;
  description: string;
  translations_json: string;
  points: number;
  value: number;
  created_at: string;
}

/** A member's history rows, newest first (ties by id), as many as `maxResults` asks for. */
function newestFirst<Row>({ db, member, query }: MemberContext, table: "orders" | "transactions"): Row[] {
  const idColumn = table === "orders" ? "order_id" : "transaction_id";
  const limit = maxResults(query);
  return db.all<Row>(
    `SELECT * FROM ${table} WHERE member_id = ? ORDER BY created_at DESC, ${idColumn} DESC${limit === undefined ? "" : ` LIMIT ${limit}`}`,
    [member.member_id],
  );
}

function orderHistory(ctx: MemberContext): Answer {
  const orders = newestFirst<OrderRow>(ctx, "orders").map((row) => ({
    orderId: row.order_id,
    orderDate: row.created_at,
    kind: row.kind,
    status: row.status,
    cinemaId: row.cinema_id,
    description: readStoredText(row)[ctx.language],
    totalValue: row.total_value,
  }));
  return { peachCode: 0, orders };
}

function transactionHistory(ctx: MemberContext): Answer {
  const transactions = newestFirst<TransactionRow>(ctx, "transactions").map((row) => ({
    transactionId: row.transaction_id,
    transactionDate: row.created_at,
    cinemaId: row.cinema_id,
    description: readStoredText(row)[ctx.language],
    points: row.points,
    value: row.value,
  }));
  return { peachCode: 0, transactions };
}

function rewardsFor(pointsBalance: number, language: Language) {
  return rewardsIn(language).map((reward) => ({ ...reward, canRedeem: reward.pointsCost <= pointsBalance }));
}

function pendingRewardOrder(db: LoyaltyDb, memberId: string, orderId: string): OrderRow | undefined {
  return db.get<OrderRow>(
    "SELECT * FROM orders WHERE order_id = ? AND member_id = ? AND kind = 'reward' AND status = 'pending'",
    [orderId, memberId],
  );
}

export const loyaltyRoutes: Route[] = [
  { method: "GET", path: "/Member/v2/OrderHistory", query: ["circuitId"], session: true, handle: orderHistory },
  { method: "GET", path: "/Member/v3/OrderHistory", query: ["{brand}CircuitId"], session: true, handle: orderHistory },
  {
    method: "GET",
    path: "/Member/v2/TransactionHistory",
    query: ["circuitId"],
    session: true,
    handle: transactionHistory,
  },
  { method: "GET", path: "/Member/v3/TransactionHistory", session: true, handle: transactionHistory },
  {
    method: "GET",
    path: "/Member/GetItemsAvailableToValidatedLoyaltyMember/{circuitId}",
    session: true,
    handle: ({ member, language }) => ({
      peachCode: 0,
      items: rewardsFor(member.points_balance, language).filter((reward) => reward.canRedeem),
    }),
  },
  {
    method: "GET",
    path: "/Member/v3/RewardsListing",
    query: ["{brand}CinemaId"],
    session: true,
    handle: ({ member, language }) => ({ peachCode: 0, rewards: rewardsFor(member.points_balance, language) }),
  },
  {
    // Reserves a reward; points move only on ConfirmItemRedemption.
    method: "POST",
    path: "/Member/v3/OrderLoyaltyItem",
    query: ["{brand}CinemaId"],
    session: true,
    handle({ db, member, body, query, now, state }) {
      const rewardId = firstText(body, "rewardId", "itemId");
      const reward = REWARDS.find((candidate) => candidate.rewardId === rewardId);
      if (!reward) return failure(1, `Unknown reward "${rewardId}"`);
      if (reward.pointsCost > member.points_balance) return failure(1, "Not enough points");
      const orderId = newOrderId();
      db.run(
        `INSERT INTO orders (order_id, member_id, kind, status, cinema_id, description, translations_json, total_value,
           details_json, created_at)
         VALUES (?, ?, 'reward', 'pending', ?, ?, ?, 0, ?, ?)`,
        [
          orderId,
          member.member_id,
          query.get(`${state.brand}CinemaId`) ?? "",
          ...storedText(reward.name),
          JSON.stringify({ rewardId: reward.rewardId, pointsCost: reward.pointsCost }),
          now.toISOString(),
        ],
      );
      return { peachCode: 0, orderId };
    },
  },
  {
    method: "POST",
    path: "/Member/v3/ConfirmItemRedemption",
    query: ["{brand}CircuitId", "{brand}CinemaId"],
    session: true,
    handle({ db, member, body, now }) {
      const order = pendingRewardOrder(db, member.member_id, firstText(body, "orderId", "OrderId"));
      if (!order) return failure(1, "No pending reward order with that orderId");
      const { pointsCost } = JSON.parse(order.details_json) as { pointsCost: number };
      // Points are read again: another redemption may have spent them since the reservation.
      const balance = findMemberById(db, member.member_id)?.points_balance ?? 0;
      if (pointsCost > balance) return failure(1, "Not enough points");
      const redemptionCode = randomBytes(4).toString("hex").toUpperCase();
      db.transaction(() => {
        db.run("UPDATE members SET points_balance = points_balance - ? WHERE member_id = ?", [
          pointsCost,
          member.member_id,
        ]);
        db.run("UPDATE orders SET status = 'completed' WHERE order_id = ?", [order.order_id]);
        db.run(
          `INSERT INTO transactions (transaction_id, member_id, cinema_id, description, translations_json, points, value,
             created_at)
           VALUES (?, ?, ?, ?, ?, ?, 0, ?)`,
          [
            `TRX-${redemptionCode}`,
            member.member_id,
            order.cinema_id,
            ...storedText(redeemedLine(readStoredText(order))),
            -pointsCost,
            now.toISOString(),
          ],
        );
      });
      return { peachCode: 0, orderId: order.order_id, redemptionCode, pointsBalance: balance - pointsCost };
    },
  },
  {
    method: "GET",
    path: "/Concession/GetAllEVoucherConcessions/{cinemaId}",
    handle: ({ language }) => ({ peachCode: 0, concessions: eVoucherConcessionsIn(language) }),
  },
];
