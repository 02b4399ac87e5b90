import { createHash, randomBytes } from "node:crypto";
import type { LoyaltyDb } from "./db";

export const SESSION_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export interface SessionRow {
  token_hash: string;
  refresh_hash: string;
  member_id: string;
  user_session_id: string;
  encrypted_session_id: string;
  token_expires_at: number;
  refresh_expires_at: number;
}

/** What the member is handed; only hashes are stored, so a copied database file opens no session. */
export interface IssuedSession {
  token: string;
  refreshToken: string;
  row: SessionRow;
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * Opens a session. A refresh passes the previous row as `continuing`: the v1 userSessionId and
 * encryptedSessionId describe the login, so they survive token rotation.
 */
export function issueSession(db: LoyaltyDb, memberId: string, now: Date, continuing?: SessionRow): IssuedSession {
  const token = randomToken();
  const refreshToken = randomToken();
  const row: SessionRow = {
    token_hash: hashToken(token),
    refresh_hash: hashToken(refreshToken),
    member_id: memberId,
    user_session_id: continuing?.user_session_id ?? randomToken(12),
    encrypted_session_id: continuing?.encrypted_session_id ?? randomToken(24),
    token_expires_at: now.getTime() + SESSION_TOKEN_TTL_MS,
    refresh_expires_at: now.getTime() + REFRESH_TOKEN_TTL_MS,
  };
  db.run(
    `INSERT INTO sessions (token_hash, refresh_hash, member_id, user_session_id, encrypted_session_id,
       token_expires_at, refresh_expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      row.token_hash,
      row.refresh_hash,
      row.member_id,
      row.user_session_id,
      row.encrypted_session_id,
      row.token_expires_at,
      row.refresh_expires_at,
      now.toISOString(),
    ],
  );
  return { token, refreshToken, row };
}

export function findBySessionToken(db: LoyaltyDb, token: string | undefined, now: Date): SessionRow | undefined {
  if (!token) return undefined;
  const row = db.get<SessionRow>("SELECT * FROM sessions WHERE token_hash = ?", [hashToken(token)]);
  return row && row.token_expires_at > now.getTime() ? row : undefined;
}

export function findByRefreshToken(db: LoyaltyDb, refreshToken: string | undefined, now: Date): SessionRow | undefined {
  if (!refreshToken) return undefined;
  const row = db.get<SessionRow>("SELECT * FROM sessions WHERE refresh_hash = ?", [hashToken(refreshToken)]);
  return row && row.refresh_expires_at > now.getTime() ? row : undefined;
}

export function endSession(db: LoyaltyDb, session: SessionRow): void {
  db.run("DELETE FROM sessions WHERE token_hash = ?", [session.token_hash]);
}

/** Rotation: the old pair stops working the moment the new one is handed out. */
export function rotateSession(db: LoyaltyDb, session: SessionRow, now: Date): IssuedSession {
  return db.transaction(() => {
    endSession(db, session);
    return issueSession(db, session.member_id, now, session);
  });
}

export function endAllSessionsOf(db: LoyaltyDb, memberId: string): void {
  db.run("DELETE FROM sessions WHERE member_id = ?", [memberId]);
}
