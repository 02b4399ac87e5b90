import fs from "node:fs";
import path from "node:path";
import initSqlJs from "sql.js";

type SqlValue = initSqlJs.SqlValue;
type Row = Record<string, SqlValue>;

export const DATABASE_FILE_NAME = "loyalty.sqlite";

// One WASM instance serves every provider in the process (tests start many).
let sqlJs: Promise<initSqlJs.SqlJsStatic> | undefined;
function loadSqlJs(): Promise<initSqlJs.SqlJsStatic> {
  sqlJs ??= initSqlJs();
  return sqlJs;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS members (
  member_id TEXT PRIMARY KEY,
  email TEXT NOT NULL UNIQUE COLLATE NOCASE,
  username TEXT NOT NULL DEFAULT '',
  password_hash TEXT NOT NULL,
  first_name TEXT NOT NULL DEFAULT '',
  last_name TEXT NOT NULL DEFAULT '',
  mobile_phone TEXT NOT NULL DEFAULT '',
  birth_date TEXT NOT NULL DEFAULT '',
  member_expiry TEXT NOT NULL,
  club_id TEXT NOT NULL DEFAULT '',
  member_level_id INTEGER NOT NULL DEFAULT 0,
  points_balance INTEGER NOT NULL DEFAULT 0,
  state TEXT NOT NULL CHECK (state IN ('active', 'blocked', 'not_activated')),
  extra_json TEXT NOT NULL DEFAULT '{}',
  created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS sessions (
  token_hash TEXT PRIMARY KEY,
  refresh_hash TEXT NOT NULL UNIQUE,
  member_id TEXT NOT NULL,
  user_session_id TEXT NOT NULL,
  encrypted_session_id TEXT NOT NULL,
  token_expires_at INTEGER NOT NULL,
  refresh_expires_at INTEGER NOT NULL,
  created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS cards (
  card_code TEXT PRIMARY KEY,
  member_id TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('ACTIVE', 'LOST')),
  is_primary INTEGER NOT NULL DEFAULT 0,
  added_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS favourite_films (
  member_id TEXT NOT NULL,
  film_id TEXT NOT NULL,
  added_at TEXT NOT NULL,
  PRIMARY KEY (member_id, film_id)
);
CREATE TABLE IF NOT EXISTS favourite_cinemas (
  member_id TEXT NOT NULL,
  cinema_id TEXT NOT NULL,
  subscribe_to_newsletter INTEGER NOT NULL,
  added_at TEXT NOT NULL,
  PRIMARY KEY (member_id, cinema_id)
);
CREATE TABLE IF NOT EXISTS orders (
  order_id TEXT PRIMARY KEY,
  member_id TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('booking', 'membership', 'reward')),
  status TEXT NOT NULL CHECK (status IN ('pending', 'completed', 'cancelled')),
  cinema_id TEXT NOT NULL DEFAULT '',
  description TEXT NOT NULL DEFAULT '',
  translations_json TEXT NOT NULL DEFAULT '{}',
  total_value REAL NOT NULL DEFAULT 0,
  details_json TEXT NOT NULL DEFAULT '{}',
  created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS transactions (
  transaction_id TEXT PRIMARY KEY,
  member_id TEXT NOT NULL,
  cinema_id TEXT NOT NULL DEFAULT '',
  description TEXT NOT NULL,
  translations_json TEXT NOT NULL DEFAULT '{}',
  points INTEGER NOT NULL,
  value REAL NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS codes (
  code TEXT PRIMARY KEY,
  member_id TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('reset', 'activation')),
  expires_at INTEGER NOT NULL,
  used INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS memberships (
  user_session_id TEXT PRIMARY KEY,
  member_id TEXT NOT NULL,
  member_level_id INTEGER NOT NULL,
  member_item_id TEXT NOT NULL DEFAULT '',
  order_id TEXT,
  created_at TEXT NOT NULL
);
`;

/**
 * Columns added since databases were first saved: a saved one gains them when opened. Its rows
 * keep the default (the description in other languages: none, so they read in English).
 */
const ADDED_COLUMNS: ReadonlyArray<[table: string, column: string, definition: string]> = [
  ["orders", "translations_json", "TEXT NOT NULL DEFAULT '{}'"],
  ["transactions", "translations_json", "TEXT NOT NULL DEFAULT '{}'"],
];

export interface LoyaltyDb {
  all<T>(sql: string, params?: SqlValue[]): T[];
  get<T>(sql: string, params?: SqlValue[]): T | undefined;
  /** Any write marks the database dirty; `persist` then writes the file once per request. */
  run(sql: string, params?: SqlValue[]): void;
  transaction<T>(work: () => T): T;
  persist(): void;
  close(): void;
}

/** Opens `<dataDir>/loyalty.sqlite`, or an in-memory database when `dataDir` is undefined. */
export async function openLoyaltyDb(dataDir: string | undefined): Promise<LoyaltyDb> {
  const SQL = await loadSqlJs();
  const file = dataDir === undefined ? undefined : path.join(dataDir, DATABASE_FILE_NAME);
  if (dataDir !== undefined) fs.mkdirSync(dataDir, { recursive: true });
  const existing = file !== undefined && fs.existsSync(file) ? fs.readFileSync(file) : undefined;
  const db = new SQL.Database(existing);
  db.exec(SCHEMA);
  let dirty = existing === undefined && file !== undefined;
  for (const [table, column, definition] of ADDED_COLUMNS) {
    const columns = db.exec(`PRAGMA table_info(${table})`)[0]?.values.map((row) => row[1]) ?? [];
    if (columns.includes(column)) continue;
    db.run(`ALTER TABLE ${table} ADD COLUMN ${column} ${definition}`);
    dirty = true;
  }
  let closed = false;
  let depth = 0;

  const all = <T>(sql: string, params: SqlValue[] = []): T[] => {
    const statement = db.prepare(sql);
    try {
      statement.bind(params);
      const rows: Row[] = [];
      while (statement.step()) rows.push(statement.getAsObject());
      // Rows are shaped by the SQL the caller wrote; the cast is the one typed boundary.
      return rows as T[];
    } finally {
      statement.free();
    }
  };

  const persist = (): void => {
    if (closed || !dirty || file === undefined) return;
    // Temp file + rename, so a crash mid-write never leaves a torn database behind.
    const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
    fs.writeFileSync(temp, db.export());
    fs.renameSync(temp, file);
    dirty = false;
  };

  return {
    all,
    get: <T>(sql: string, params?: SqlValue[]) => all<T>(sql, params)[0],
    run(sql, params = []) {
      db.run(sql, params);
      dirty = true;
    },
    transaction<T>(work: () => T): T {
      // Re-entrant: helpers that need atomicity of their own may run inside a caller's transaction.
      if (depth > 0) return work();
      db.exec("BEGIN");
      depth += 1;
      try {
        const result = work();
        db.exec("COMMIT");
        return result;
      } catch (error) {
        db.exec("ROLLBACK");
        throw error;
      } finally {
        depth -= 1;
      }
    },
    persist,
    close() {
      if (closed) return;
      persist();
      closed = true;
      db.close();
    },
  };
}
