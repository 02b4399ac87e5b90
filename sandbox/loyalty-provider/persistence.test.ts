import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import initSqlJs from "sql.js";
import { DATABASE_FILE_NAME } from "./db";
import { V3, startProvider } from "./test-support";

let dataDir: string;
/** Every provider a test started: closed after it even when it failed midway (close is idempotent). */
const started: Awaited<ReturnType<typeof startProvider>>[] = [];
const start = async (options: Parameters<typeof startProvider>[0]) => {
  const running = await startProvider(options);
  started.push(running);
  return running;
};
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "loyalty-sandbox-"));
});
afterEach(async () => {
  // A server left listening would keep Jest from exiting: `npm test` then waits for ever.
  await Promise.all(started.splice(0).map((running) => running.provider.close()));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

// Two provider starts, each opening and seeding a database: over Jest's 15 s on a loaded 2-core
// runner (20.6 s once, beside the browser tests).
const RESTART_TIMEOUT_MS = 60_000;

test(
  "members, sessions and favourites survive a restart; the seed runs only once",
  async () => {
    const first = await start({ dataDir });
    const file = path.join(dataDir, DATABASE_FILE_NAME);
    expect(fs.existsSync(file)).toBe(true);

    const created = await first.call("POST", "/Member/v3/Create", {
      body: { email: "new.member@example.com", password: "Longenough-1", firstName: "Nina" },
    });
    expect(created.json.peachCode).toBe(0);
    const ada = await first.login("active.v3@example.com", 3);
    const added = await first.call("POST", `/Member/v3/AddFavoriteFilm?${V3}`, {
      token: ada.token,
      body: { externalFilmId: "1000099999", boxofficeId: null },
    });
    expect(added.json.peachCode).toBe(0);
    // Written after each mutating request, not only on close.
    const sizeBeforeClose = fs.statSync(file).size;
    expect(sizeBeforeClose).toBeGreaterThan(0);
    await first.provider.close();
    expect(fs.readdirSync(dataDir)).toEqual([DATABASE_FILE_NAME]);

    const second = await start({ dataDir });
    try {
      const login = await second.call("POST", `/Member/v3/Login?${V3}`, {
        body: { username: "new.member@example.com", password: "Longenough-1" },
      });
      expect(login.json.peachCode).toBe(0);
      expect(login.json.memberDetails.firstName).toBe("Nina");

      // The session opened before the restart is still live.
      const films = await second.call("GET", `/Member/v3/GetFavoriteFilms?${V3}`, { token: ada.token });
      expect(films.json.externalFilmIds).toEqual(["1000021001", "1000099999"]);

      const members = await second.call("POST", "/Member/MemberSearch/C1", {
        body: { email: "active.v1@example.com" },
      });
      expect(members.json.memberId).toBe("100002");
      const duplicate = await second.call("POST", "/Member/v3/Create", {
        body: { email: "active.v3@example.com", password: "Longenough-1" },
      });
      expect(duplicate.json.peachCode).toBe(34);
    } finally {
      await second.provider.close();
    }
  },
  RESTART_TIMEOUT_MS,
);

test("a request that only reads leaves the file alone", async () => {
  const sandbox = await start({ dataDir });
  try {
    const file = path.join(dataDir, DATABASE_FILE_NAME);
    const before = fs.statSync(file).mtimeMs;
    await new Promise((resolve) => setTimeout(resolve, 20));
    await sandbox.call("GET", "/Member/GetMembershipList/LUM01/?circuitId=C1");
    expect(fs.statSync(file).mtimeMs).toBe(before);
  } finally {
    await sandbox.provider.close();
  }
});

test("close is idempotent, and the file it leaves opens again", async () => {
  const sandbox = await start({ dataDir });
  await expect(Promise.all([sandbox.provider.close(), sandbox.provider.close()])).resolves.toBeDefined();
  await expect(sandbox.provider.close()).resolves.toBeUndefined();
  expect(fs.readdirSync(dataDir)).toEqual([DATABASE_FILE_NAME]);
  const again = await start({ dataDir });
  try {
    expect((await again.login("active.v3@example.com", 3)).token).toEqual(expect.any(String));
  } finally {
    await again.provider.close();
  }
});

test("a database saved before history lines had translations opens; its lines read as saved", async () => {
  const first = await start({ dataDir });
  await first.provider.close();
  // Take the file back to the earlier schema: no translations_json on orders and transactions.
  const file = path.join(dataDir, DATABASE_FILE_NAME);
  const SQL = await initSqlJs();
  const old = new SQL.Database(fs.readFileSync(file));
  for (const table of ["orders", "transactions"]) old.run(`ALTER TABLE ${table} DROP COLUMN translations_json`);
  fs.writeFileSync(file, old.export());
  old.close();

  const second = await start({ dataDir });
  try {
    const ada = await second.login("active.v3@example.com", 3);
    const history = await second.call("GET", "/Member/v3/TransactionHistory?CypherCircuitId=LUMIERE", {
      token: ada.token,
    });
    expect(history.json.transactions[1].description).toBe("Redeemed: Medium popcorn");
    // New lines are written with their translations.
    const ordered = await second.call("POST", "/Member/v3/OrderLoyaltyItem?CypherCinemaId=LUM01", {
      token: ada.token,
      body: { rewardId: "RW-POPCORN" },
    });
    const orders = await second.call("GET", "/Member/v3/OrderHistory?CypherCircuitId=LUMIERE", { token: ada.token });
    expect(
      orders.json.orders.find((order: { orderId: string }) => order.orderId === ordered.json.orderId),
    ).toMatchObject({ description: "Popcorn moyen" });
  } finally {
    await second.provider.close();
  }
});
