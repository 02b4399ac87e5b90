import { INVALID_TOKEN, failure, type Answer } from "../answers";
import { findMemberById, findMemberByLogin, memberDetails } from "../members";
import { verifyPassword } from "../passwords";
import { text } from "../payload";
import type { RouteContext, Route } from "../router";
import {
  endSession,
  findByRefreshToken,
  findBySessionToken,
  issueSession,
  rotateSession,
  type IssuedSession,
  type SessionRow,
} from "../sessions";

function tokens(issued: IssuedSession): { token: string; refreshToken: string } {
  return { token: issued.token, refreshToken: issued.refreshToken };
}

/** Credentials login, same rules on both versions; only the memberDetails differ. */
function login(version: 1 | 3) {
  return async ({ db, body, now, language }: RouteContext): Promise<Answer> => {
    const member = findMemberByLogin(db, text(body.username));
    if (!member) return failure(30);
    if (!(await verifyPassword(text(body.password), member.password_hash))) return failure(31);
    if (member.state === "blocked") return failure(1019);
    if (member.state === "not_activated") return failure(26);
    const issued = issueSession(db, member.member_id, now);
    return {
      peachCode: 0,
      memberDetails: memberDetails(db, member, version, language, issued.row),
      sessionManagementTokens: tokens(issued),
    };
  };
}

/** v1 failures of the statusCode-style routes: no peachCode, just a non-success statusCode. */
const UNAUTHORISED_V1 = { statusCode: 401, clientErrorMessage: "Invalid token" };

function sessionWithMember({ db }: RouteContext, session: SessionRow | undefined) {
  const member = session ? findMemberById(db, session.member_id) : undefined;
  return session && member ? { session, member } : undefined;
}

export const sessionRoutes: Route[] = [
  { method: "POST", path: "/Member/Login", query: ["circuitId"], handle: login(1) },
  { method: "POST", path: "/Member/v3/Login", query: ["{brand}CircuitId"], handle: login(3) },
  {
    method: "GET",
    path: "/Member/RefreshLogin",
    query: ["circuitId"],
    answers: "statusCode",
    handle(ctx) {
      const found = sessionWithMember(ctx, findByRefreshToken(ctx.db, ctx.refreshToken, ctx.now));
      if (!found) return UNAUTHORISED_V1;
      const issued = rotateSession(ctx.db, found.session, ctx.now);
      return {
        statusCode: 200,
        memberDetails: memberDetails(ctx.db, found.member, 1, ctx.language, issued.row),
        sessionManagementTokens: tokens(issued),
      };
    },
  },
  {
    method: "GET",
    path: "/Member/v3/RefreshLogin",
    handle(ctx) {
      const found = sessionWithMember(ctx, findByRefreshToken(ctx.db, ctx.refreshToken, ctx.now));
      if (!found) return INVALID_TOKEN();
      return { peachCode: 0, sessionManagementTokens: tokens(rotateSession(ctx.db, found.session, ctx.now)) };
    },
  },
  {
    method: "POST",
    path: "/Member/Logout",
    query: ["circuitId"],
    session: true,
    handle({ db, session }) {
      endSession(db, session);
      return { peachCode: 0 };
    },
  },
  {
    // The site sends userSessionId = the refresh token (spec §4), so a logout still lands when
    // the session token has already expired.
    method: "POST",
    path: "/Member/v3/Logout",
    query: ["{brand}CircuitId", "{brand}CinemaId"],
    handle({ db, body, now, sessionToken }) {
      const session =
        findBySessionToken(db, sessionToken, now) ?? findByRefreshToken(db, text(body.userSessionId), now);
      if (!session) return INVALID_TOKEN();
      db.transaction(() => {
        endSession(db, session);
        if (body.cancelAssociatedOrder === true) {
          db.run("UPDATE orders SET status = 'cancelled' WHERE member_id = ? AND status = 'pending'", [
            session.member_id,
          ]);
        }
      });
      return { peachCode: 0 };
    },
  },
  {
    method: "GET",
    path: "/Member/ValidateToken",
    query: ["circuitId"],
    session: true,
    handle: () => ({ peachCode: 0 }),
  },
  {
    // Exchanges a token handed over from elsewhere for a session of its own; the given token stays valid.
    method: "POST",
    path: "/Member/LoginByToken",
    query: ["circuitId"],
    answers: "statusCode",
    handle(ctx) {
      const found = sessionWithMember(ctx, findBySessionToken(ctx.db, text(ctx.body.token), ctx.now));
      if (!found || found.member.state !== "active") return UNAUTHORISED_V1;
      const issued = issueSession(ctx.db, found.member.member_id, ctx.now);
      return {
        statusCode: 200,
        memberDetails: memberDetails(ctx.db, found.member, 1, ctx.language, issued.row),
        sessionManagementTokens: tokens(issued),
      };
    },
  },
];
