import { failure, type Answer } from "../answers";
import { cardsOf } from "../cards";
import {
  MEMBERSHIP_FALLBACK,
  MEMBERSHIP_GROUPING,
  MEMBERSHIP_ITEMS,
  MEMBERSHIP_TERM_MS,
  membershipItemsIn,
} from "../catalogue";
import { issueCode } from "../codes";
import { findMemberByEmail, type MemberRow } from "../members";
import { firstText, isRecord, text } from "../payload";
import type { Route, RouteContext } from "../router";
import { randomToken } from "../sessions";
import { storedText } from "../texts";
import { newOrderId } from "./loyalty-routes";
import { isFailure, registerMember } from "./member-routes";

interface MembershipRow {
  user_session_id: string;
  member_id: string;
  member_level_id: number;
  member_item_id: string;
  order_id: string | null;
}

function digits(value: string): string {
  return value.replace(/\D/g, "");
}

/**
 * Step 2 of the paid-membership activation (spec §4). The member is found by e-mail, or created
 * not activated from the member data sent; either way they stay unable to log in until
 * CompletePayment.
 */
async function setMemberToActivateOnComplete({ db, body, now }: RouteContext): Promise<Answer> {
  const levelId = body.memberLevelId;
  if (typeof levelId !== "number" || !Number.isSafeInteger(levelId) || levelId < 0) {
    return failure(1, "memberLevelId must be an integer");
  }
  let member: MemberRow | undefined = findMemberByEmail(db, firstText(body, "email", "emailAddress"));
  if (member?.state === "active") return failure(76);
  if (member?.state === "blocked") return failure(1019);
  if (!member) {
    // The level is granted on payment, not before.
    const created = await registerMember(db, { ...body, memberLevelId: 0 }, now, "not_activated");
    if (isFailure(created)) return created;
    member = created;
  }
  const userSessionId = randomToken(12);
  db.run(
    "INSERT INTO memberships (user_session_id, member_id, member_level_id, member_item_id, order_id, created_at) VALUES (?, ?, ?, ?, NULL, ?)",
    [userSessionId, member.member_id, levelId, text(body.memberItemId), now.toISOString()],
  );
  return { peachCode: 0, userSessionId };
}

function addMembership({ db, body, params, now }: RouteContext): Answer {
  const membership = db.get<MembershipRow>("SELECT * FROM memberships WHERE user_session_id = ?", [
    text(body.userSessionId),
  ]);
  if (!membership) return failure(1, "Unknown userSessionId");
  if (membership.order_id) return { peachCode: 0, orderId: membership.order_id };
  const concessions = Array.isArray(body.concessions) ? body.concessions.filter(isRecord) : [];
  if (!concessions.some((concession) => concession.isLoyaltyMembershipActivation === true)) {
    return failure(1, "concessions must hold the membership item with isLoyaltyMembershipActivation true");
  }
  const total = concessions.reduce((sum, concession) => {
    const cost = typeof concession.cost === "number" ? concession.cost : 0;
    const quantity = typeof concession.quantity === "number" ? concession.quantity : 1;
    return sum + cost * quantity;
  }, 0);
  const item = MEMBERSHIP_ITEMS.find((candidate) => candidate.memberLevelId === membership.member_level_id);
  const orderId = newOrderId();
  db.transaction(() => {
    db.run(
      `INSERT INTO orders (order_id, member_id, kind, status, cinema_id, description, translations_json, total_value,
         details_json, created_at)
       VALUES (?, ?, 'membership', 'pending', ?, ?, ?, ?, ?, ?)`,
      [
        orderId,
        membership.member_id,
        params.cinemaId ?? "",
        ...storedText(item?.description ?? MEMBERSHIP_FALLBACK),
        total,
        JSON.stringify({ concessions }),
        now.toISOString(),
      ],
    );
    db.run("UPDATE memberships SET order_id = ? WHERE user_session_id = ?", [orderId, membership.user_session_id]);
  });
  return { peachCode: 0, orderId };
}

/** Paying the membership order activates the member, who can log in from then on. */
function completePayment({ db, body, now }: RouteContext): Answer {
  const orderId = firstText(body, "OrderId", "orderId");
  const membership = db.get<MembershipRow>(
    `SELECT memberships.* FROM memberships JOIN orders ON orders.order_id = memberships.order_id
     WHERE memberships.order_id = ? AND orders.status = 'pending'`,
    [orderId],
  );
  if (!membership) return failure(1, "No pending membership order with that OrderId");
  db.transaction(() => {
    db.run("UPDATE members SET state = 'active', member_level_id = ?, member_expiry = ? WHERE member_id = ?", [
      membership.member_level_id,
      new Date(now.getTime() + MEMBERSHIP_TERM_MS).toISOString(),
      membership.member_id,
    ]);
    db.run("UPDATE orders SET status = 'completed' WHERE order_id = ?", [orderId]);
  });
  return { peachCode: 0, orderId };
}

/**
 * Activation of an account that exists but was never activated. Card number and phone, when
 * sent (the includeActivation* settings), must match the account, else 85. The code goes out by
 * e-mail in real life; here it is answered and its link logged.
 */
function sendActivationCode({ db, body, now, baseUrl, state }: RouteContext): Answer {
  const member = findMemberByEmail(db, firstText(body, "email", "emailAddress", "username"));
  if (!member) return failure(29);
  if (member.state === "active") return failure(76);
  if (member.state === "blocked") return failure(1019);
  const cardNumber = firstText(body, "cardNumber", "memberCardNumber");
  if (cardNumber !== "" && !cardsOf(db, member.member_id).some((card) => card.cardCode === cardNumber.toUpperCase())) {
    return failure(85);
  }
  const phone = digits(firstText(body, "mobilePhone", "phoneNumber", "mobileNumber"));
  if (phone !== "" && phone !== digits(member.mobile_phone)) return failure(85);
  const activationCode = issueCode(db, member.member_id, "activation", now);
  state.log(`[loyalty sandbox] activation link for ${member.email}: ${baseUrl}/activate/${activationCode}`);
  return { peachCode: 0, activationCode };
}

export const membershipRoutes: Route[] = [
  {
    method: "GET",
    path: "/Member/GetMembershipList/{cinemaId}/",
    query: ["circuitId"],
    handle: ({ language }) => ({
      peachCode: 0,
      listConcessionGrouping: [{ name: MEMBERSHIP_GROUPING[language], items: membershipItemsIn(language) }],
    }),
  },
  {
    method: "POST",
    path: "/Member/SetMemberToActivateOnComplete",
    query: ["circuitId"],
    handle: setMemberToActivateOnComplete,
  },
  { method: "POST", path: "/Member/AddMembership/{cinemaId}", handle: addMembership },
  { method: "POST", path: "/Member/CompletePayment/", query: ["circuitId", "cinemaId"], handle: completePayment },
  { method: "POST", path: "/Member/v3/SendMemberActivationCode", handle: sendActivationCode },
  {
    // Opens a registration the sandbox does not track further; the id is only handed back.
    method: "POST",
    path: "/Member/StartRegistration",
    query: ["circuitId", "cinemaId"],
    handle: () => ({ peachCode: 0, userSessionId: randomToken(12) }),
  },
  {
    method: "POST",
    path: "/Member/GetPaymentProviderPortalSession",
    query: ["circuitId", "cinemaId"],
    session: true,
    handle: ({ baseUrl }) => ({ peachCode: 0, url: `${baseUrl}/payment-portal/${randomToken(12)}` }),
  },
];
