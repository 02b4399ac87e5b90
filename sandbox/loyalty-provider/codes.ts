import type { LoyaltyDb } from "./db";
import { randomToken } from "./sessions";

export const RESET_CODE_TTL_MS = 60 * 60 * 1000;
export const ACTIVATION_CODE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export type CodeKind = "reset" | "activation";

export interface CodeRow {
  code: string;
  member_id: string;
  kind: CodeKind;
  expires_at: number;
  used: number;
}

/**
 * Issues a one-time code. Kept in clear text, unlike tokens: the sandbox hands it back to tests
 * (GET /__sandbox/last-reset-code) in place of the e-mail a real provider would send.
 * A new code replaces the member's earlier unused ones of the same kind.
 */
export function issueCode(db: LoyaltyDb, memberId: string, kind: CodeKind, now: Date): string {
  const code = randomToken(9);
  const ttl = kind === "reset" ? RESET_CODE_TTL_MS : ACTIVATION_CODE_TTL_MS;
  db.transaction(() => {
    db.run("UPDATE codes SET used = 1 WHERE member_id = ? AND kind = ? AND used = 0", [memberId, kind]);
    db.run("INSERT INTO codes (code, member_id, kind, expires_at, used, created_at) VALUES (?, ?, ?, ?, 0, ?)", [
      code,
      memberId,
      kind,
      now.getTime() + ttl,
      now.toISOString(),
    ]);
  });
  return code;
}

/** A code that can still be used: right kind, unused, not expired. */
export function liveCode(db: LoyaltyDb, code: string, kind: CodeKind, now: Date): CodeRow | undefined {
  if (code === "") return undefined;
  const row = db.get<CodeRow>("SELECT * FROM codes WHERE code = ? AND kind = ?", [code, kind]);
  return row && row.used === 0 && row.expires_at > now.getTime() ? row : undefined;
}

export function useCode(db: LoyaltyDb, code: string): void {
  db.run("UPDATE codes SET used = 1 WHERE code = ?", [code]);
}

export function lastCodeFor(
  db: LoyaltyDb,
  email: string,
  kind: CodeKind,
): { code: string; expiresAt: string } | undefined {
  const row = db.get<CodeRow>(
    `SELECT codes.* FROM codes JOIN members ON members.member_id = codes.member_id
     WHERE members.email = ? AND codes.kind = ? ORDER BY codes.rowid DESC LIMIT 1`,
    [email.trim(), kind],
  );
  return row ? { code: row.code, expiresAt: new Date(row.expires_at).toISOString() } : undefined;
}
