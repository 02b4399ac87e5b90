import type { LoyaltyDb } from "./db";
import type { SessionRow } from "./sessions";
import { memberLevelName, type Language } from "./texts";

/** spec §3/§5: this memberExpiry means the account never expires. */
export const NEVER_EXPIRES = "0001-01-01T00:00:00Z";

export type MemberState = "active" | "blocked" | "not_activated";

export interface MemberRow {
  member_id: string;
  email: string;
  username: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  mobile_phone: string;
  birth_date: string;
  member_expiry: string;
  club_id: string;
  member_level_id: number;
  points_balance: number;
  state: MemberState;
  extra_json: string;
}

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function findMemberById(db: LoyaltyDb, memberId: string): MemberRow | undefined {
  return db.get<MemberRow>("SELECT * FROM members WHERE member_id = ?", [memberId]);
}

export function findMemberByEmail(db: LoyaltyDb, email: string): MemberRow | undefined {
  return db.get<MemberRow>("SELECT * FROM members WHERE email = ?", [email.trim()]);
}

/** The login `username` is the e-mail address (docs/loyalty-upstream.md); a set username works too. */
export function findMemberByLogin(db: LoyaltyDb, username: string): MemberRow | undefined {
  const name = username.trim();
  if (name === "") return undefined;
  return (
    findMemberByEmail(db, name) ??
    db.get<MemberRow>("SELECT * FROM members WHERE username = ? COLLATE NOCASE AND username <> ''", [name])
  );
}

export function nextMemberId(db: LoyaltyDb): string {
  const row = db.get<{ top: number | null }>("SELECT MAX(CAST(member_id AS INTEGER)) AS top FROM members");
  return String(Math.max(row?.top ?? 0, 100000) + 1);
}

export function primaryCardCode(db: LoyaltyDb, memberId: string): string {
  const row = db.get<{ card_code: string }>(
    "SELECT card_code FROM cards WHERE member_id = ? AND status = 'ACTIVE' ORDER BY is_primary DESC, added_at LIMIT 1",
    [memberId],
  );
  return row?.card_code ?? "";
}

export interface MemberDetails {
  memberId: string;
  firstName: string;
  lastName: string;
  email: string;
  username: string;
  mobilePhone: string;
  birthDate: string;
  memberExpiry: string;
  cardNumber: string;
  clubId: string;
  memberLevelId: number;
  memberLevelName: string;
  pointsBalance: number;
  hasUserName: boolean;
  userSessionId?: string;
  encryptedSessionId?: string;
}

/**
 * The `memberDetails` shape of docs/loyalty-upstream.md. Version 1 answers add the login's
 * userSessionId and encryptedSessionId ("" when the answer belongs to no session, e.g. Create).
 * The level is named in the language of the circuit asking.
 */
export function memberDetails(
  db: LoyaltyDb,
  member: MemberRow,
  version: 1 | 3,
  language: Language,
  session?: SessionRow,
): MemberDetails {
  const details: MemberDetails = {
    memberId: member.member_id,
    firstName: member.first_name,
    lastName: member.last_name,
    email: member.email,
    username: member.username,
    mobilePhone: member.mobile_phone,
    birthDate: member.birth_date,
    memberExpiry: member.member_expiry,
    cardNumber: primaryCardCode(db, member.member_id),
    clubId: member.club_id,
    memberLevelId: member.member_level_id,
    memberLevelName: memberLevelName(member.member_level_id, language),
    pointsBalance: member.points_balance,
    hasUserName: member.username !== "",
  };
  if (version === 1) {
    details.userSessionId = session?.user_session_id ?? "";
    details.encryptedSessionId = session?.encrypted_session_id ?? "";
  }
  return details;
}

/** Everything a member owns goes with them; SQLite foreign keys are not relied on (sql.js export resets the pragma). */
export function deleteMember(db: LoyaltyDb, memberId: string): void {
  db.transaction(() => {
    for (const table of [
      "sessions",
      "cards",
      "favourite_films",
      "favourite_cinemas",
      "orders",
      "transactions",
      "codes",
      "memberships",
      "members",
    ]) {
      db.run(`DELETE FROM ${table} WHERE member_id = ?`, [memberId]);
    }
  });
}
