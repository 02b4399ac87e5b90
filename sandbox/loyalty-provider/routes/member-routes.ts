import { INVALID_TOKEN, failure, type Answer, type Failure, type JsonObject } from "../answers";
import { attachCard, cardProblem, cardsOf } from "../cards";
import type { LoyaltyDb } from "../db";
import {
  EMAIL_PATTERN,
  NEVER_EXPIRES,
  deleteMember,
  findMemberByEmail,
  findMemberById,
  memberDetails,
  nextMemberId,
  type MemberRow,
  type MemberState,
} from "../members";
import { MIN_PASSWORD_LENGTH, hashPassword } from "../passwords";
import { birthDate, firstText, text } from "../payload";
import type { MemberContext, Route, RouteContext } from "../router";
import { findBySessionToken } from "../sessions";

/** Fields of the creation payload (spec §3) the provider models; the rest is kept as sent. */
const MODELLED_FIELDS = new Set([
  "email",
  "password",
  "username",
  "firstName",
  "lastName",
  "phoneNumber",
  "mobileNumber",
  "mobilePhone",
  "birthDate",
  "clubId",
  "memberLevelId",
  "memberCardNumber",
]);

function passwordProblem(password: string): Failure | undefined {
  return password.length < MIN_PASSWORD_LENGTH
    ? failure(84, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
    : undefined;
}

function usernameTaken(db: LoyaltyDb, username: string, exceptMemberId: string): boolean {
  if (username === "") return false;
  const owner = db.get<{ member_id: string }>(
    "SELECT member_id FROM members WHERE (username = ? COLLATE NOCASE OR email = ?) AND member_id <> ?",
    [username, username, exceptMemberId],
  );
  return owner !== undefined;
}

/**
 * Creates a member from a creation payload. Members created through Create are active at once;
 * SetMemberToActivateOnComplete creates them not activated until the membership is paid.
 */
export async function registerMember(
  db: LoyaltyDb,
  body: JsonObject,
  now: Date,
  state: MemberState,
): Promise<MemberRow | Failure> {
  const email = firstText(body, "email", "emailAddress");
  if (!EMAIL_PATTERN.test(email)) return failure(1, "A valid email is required");
  const password = text(body.password);
  const weak = passwordProblem(password);
  if (weak) return weak;
  const username = firstText(body, "username") || email;
  const born = birthDate(body.birthDate);
  if (born === undefined) return failure(1, "birthDate must be YYYY-MM-DD");
  const levelId = body.memberLevelId ?? 0;
  if (typeof levelId !== "number" || !Number.isSafeInteger(levelId) || levelId < 0) {
    return failure(1, "memberLevelId must be a whole number");
  }
  const cardCode = text(body.memberCardNumber).trim();
  const cardRefused = cardCode === "" ? undefined : cardProblem(db, cardCode);
  if (cardRefused) return cardRefused;
  const passwordHash = await hashPassword(password);

  // Checked after the await, so two concurrent creates cannot both pass.
  if (findMemberByEmail(db, email) || usernameTaken(db, username, "")) return failure(34);
  if (cardCode !== "" && cardProblem(db, cardCode)) return failure(1020);
  const extra = Object.fromEntries(Object.entries(body).filter(([key]) => !MODELLED_FIELDS.has(key)));
  const memberId = nextMemberId(db);
  db.transaction(() => {
    db.run(
      `INSERT INTO members (member_id, email, username, password_hash, first_name, last_name, mobile_phone,
         birth_date, member_expiry, club_id, member_level_id, points_balance, state, extra_json, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?)`,
      [
        memberId,
        email,
        username,
        passwordHash,
        firstText(body, "firstName"),
        firstText(body, "lastName"),
        firstText(body, "mobilePhone", "phoneNumber", "mobileNumber"),
        born,
        NEVER_EXPIRES,
        firstText(body, "clubId"),
        levelId,
        state,
        JSON.stringify(extra),
        now.toISOString(),
      ],
    );
    if (cardCode !== "") attachCard(db, memberId, cardCode, now);
  });
  return findMemberById(db, memberId) ?? failure(1);
}

export function isFailure(value: MemberRow | Failure): value is Failure {
  return "peachCode" in value;
}

function create(version: 1 | 3) {
  return async ({ db, body, now, language }: RouteContext): Promise<Answer> => {
    const created = await registerMember(db, body, now, "active");
    return isFailure(created)
      ? created
      : { peachCode: 0, memberDetails: memberDetails(db, created, version, language) };
  };
}

/**
 * Edit applies to the signed-in member. Without a session token it edits the member named by
 * `memberId`, which is how the member-search follow-up (spec §4) sets a username and clubId;
 * unauthenticated, only those two fields are taken, the rest of the payload is ignored.
 */
function edit(version: 1 | 3) {
  return async ({ db, body, now, sessionToken, language }: RouteContext): Promise<Answer> => {
    let member: MemberRow | undefined;
    const signedIn = Boolean(sessionToken);
    if (sessionToken) {
      const session = findBySessionToken(db, sessionToken, now);
      if (!session) return INVALID_TOKEN();
      member = findMemberById(db, session.member_id);
    } else {
      const memberId = text(body.memberId).trim();
      if (memberId === "") return INVALID_TOKEN();
      member = findMemberById(db, memberId);
    }
    if (!member) return failure(30);

    const changes: Record<string, string | number> = {};
    const has = (key: string): boolean =>
      (signedIn || key === "username" || key === "clubId") && body[key] !== undefined && body[key] !== null;
    if (has("firstName")) changes.first_name = text(body.firstName);
    if (has("lastName")) changes.last_name = text(body.lastName);
    const phone = signedIn ? firstText(body, "mobilePhone", "phoneNumber", "mobileNumber") : "";
    if (phone !== "") changes.mobile_phone = phone;
    if (has("birthDate")) {
      const born = birthDate(body.birthDate);
      if (born === undefined) return failure(1, "birthDate must be YYYY-MM-DD");
      changes.birth_date = born;
    }
    if (has("clubId")) changes.club_id = text(body.clubId);
    if (has("email")) {
      const email = text(body.email).trim();
      if (!EMAIL_PATTERN.test(email)) return failure(1, "A valid email is required");
      const owner = findMemberByEmail(db, email);
      if (owner && owner.member_id !== member.member_id) return failure(34);
      changes.email = email;
    }
    if (has("username")) {
      const username = text(body.username).trim();
      if (usernameTaken(db, username, member.member_id)) return failure(34);
      changes.username = username;
    }
    if (has("password")) {
      const password = text(body.password);
      const weak = passwordProblem(password);
      if (weak) return weak;
      changes.password_hash = await hashPassword(password);
    }
    const columns = Object.keys(changes);
    if (columns.length > 0) {
      db.run(`UPDATE members SET ${columns.map((column) => `${column} = ?`).join(", ")} WHERE member_id = ?`, [
        ...Object.values(changes),
        member.member_id,
      ]);
    }
    const updated = findMemberById(db, member.member_id);
    return updated ? { peachCode: 0, memberDetails: memberDetails(db, updated, version, language) } : failure(30);
  };
}

const getMemberV1 = ({ db, member, session, language }: MemberContext): Answer => ({
  peachCode: 0,
  memberDetails: memberDetails(db, member, 1, language, session),
});

export const memberRoutes: Route[] = [
  { method: "GET", path: "/Member/GetMember/", query: ["circuitId"], session: true, handle: getMemberV1 },
  {
    // {brand}CircuitId is sent by the token check (docs/loyalty-upstream.md) but not shown on the
    // §7 "Get member" row, so it is not required.
    method: "GET",
    path: "/Member/v3/GetMember/",
    session: true,
    handle({ db, member, query, language }) {
      const answer: JsonObject = { peachCode: 0, memberDetails: memberDetails(db, member, 3, language) };
      if (query.get("includeCards") === "true") answer.cards = cardsOf(db, member.member_id);
      return answer;
    },
  },
  {
    method: "GET",
    path: "/Member/GetValidatedMember/{circuitId}",
    query: ["cinemaId"],
    session: true,
    handle: getMemberV1,
  },
  { method: "POST", path: "/Member/Create", query: ["circuitId"], handle: create(1) },
  { method: "POST", path: "/Member/v3/Create", handle: create(3) },
  { method: "POST", path: "/Member/Edit", query: ["circuitId"], handle: edit(1) },
  { method: "POST", path: "/Member/v3/Edit", handle: edit(3) },
  {
    method: "POST",
    path: "/Member/MemberSearch/{circuitId}",
    handle({ db, body }) {
      const member = findMemberByEmail(db, firstText(body, "email", "emailAddress", "username"));
      if (!member) return failure(29);
      return {
        peachCode: 0,
        memberId: member.member_id,
        email: member.email,
        hasUserName: member.username !== "",
        clubId: member.club_id,
      };
    },
  },
  {
    method: "GET",
    path: "/Member/UsernameReminder/{circuitId}/{email}",
    handle({ db, params, state }) {
      const member = findMemberByEmail(db, params.email ?? "");
      if (!member) return failure(29);
      state.log(`[loyalty sandbox] would e-mail ${member.email} their username "${member.username || member.email}"`);
      return { peachCode: 0 };
    },
  },
  {
    method: "GET",
    path: "/Member/v3/Delete/",
    query: ["{brand}CircuitId", "memberId"],
    session: true,
    handle({ db, member, query }) {
      // A token only deletes its own member.
      if (query.get("memberId") !== member.member_id) return INVALID_TOKEN();
      deleteMember(db, member.member_id);
      return { peachCode: 0 };
    },
  },
];
