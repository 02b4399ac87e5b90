import { failure, type Failure } from "./answers";
import type { LoyaltyDb } from "./db";

/** The site uppercases card codes before sending (spec §5); a lowercase code is its misreading. */
export const CARD_CODE_PATTERN = /^[A-Z0-9-]{4,40}$/;

export interface CardRow {
  card_code: string;
  member_id: string;
  status: "ACTIVE" | "LOST";
  is_primary: number;
}

export interface Card {
  cardCode: string;
  status: "ACTIVE" | "LOST";
  isPrimary: boolean;
}

export function cardsOf(db: LoyaltyDb, memberId: string): Card[] {
  return db
    .all<CardRow>("SELECT * FROM cards WHERE member_id = ? ORDER BY added_at, card_code", [memberId])
    .map((row) => ({ cardCode: row.card_code, status: row.status, isPrimary: row.is_primary === 1 }));
}

export function findCard(db: LoyaltyDb, code: string): CardRow | undefined {
  return db.get<CardRow>("SELECT * FROM cards WHERE card_code = ?", [code]);
}

/** Keeps exactly one primary among a member's active cards, whatever was just removed or lost. */
export function settlePrimary(db: LoyaltyDb, memberId: string): void {
  const primary = db.get<CardRow>("SELECT * FROM cards WHERE member_id = ? AND status = 'ACTIVE' AND is_primary = 1", [
    memberId,
  ]);
  if (primary) return;
  const next = db.get<CardRow>(
    "SELECT * FROM cards WHERE member_id = ? AND status = 'ACTIVE' ORDER BY added_at, card_code LIMIT 1",
    [memberId],
  );
  if (next) db.run("UPDATE cards SET is_primary = 1 WHERE card_code = ?", [next.card_code]);
}

/** Why `code` cannot be added to anyone right now, if it cannot. */
export function cardProblem(db: LoyaltyDb, code: string): Failure | undefined {
  if (!CARD_CODE_PATTERN.test(code)) {
    return failure(1, "cardCode must be 4-40 characters of A-Z, 0-9 and '-', uppercase");
  }
  return findCard(db, code)?.status === "ACTIVE" ? failure(1020) : undefined;
}

/**
 * Adds a card to a member. An active code answers 1020 whoever holds it (the same member adding
 * it twice included); a code reported lost can be taken over, as a found card would be.
 */
export function attachCard(db: LoyaltyDb, memberId: string, code: string, now: Date): Failure | undefined {
  const problem = cardProblem(db, code);
  if (problem) return problem;
  const existing = findCard(db, code);
  db.transaction(() => {
    if (existing) {
      db.run("DELETE FROM cards WHERE card_code = ?", [code]);
      settlePrimary(db, existing.member_id);
    }
    db.run("INSERT INTO cards (card_code, member_id, status, is_primary, added_at) VALUES (?, ?, 'ACTIVE', 0, ?)", [
      code,
      memberId,
      now.toISOString(),
    ]);
    settlePrimary(db, memberId);
  });
  return undefined;
}
