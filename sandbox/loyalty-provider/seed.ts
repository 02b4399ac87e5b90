import type { LoyaltyDb } from "./db";
import { NEVER_EXPIRES, type MemberState } from "./members";
import { REWARDS } from "./catalogue";
import { hashPassword } from "./passwords";
import { pointsEarnedLine, redeemedLine, storedText, type Localised } from "./texts";

import { DEMO_PASSWORD } from "./demo-password";

export { DEMO_PASSWORD };

const DAY_MS = 24 * 60 * 60 * 1000;

export interface DemoMember {
  memberId: string;
  email: string;
  username: string;
  firstName: string;
  lastName: string;
  mobilePhone: string;
  birthDate: string;
  state: MemberState;
  memberLevelId: number;
  pointsBalance: number;
  /** memberExpiry relative to the seeding instant. */
  expiry: (seededAt: Date) => string;
  note: string;
}

function yearsFrom(date: Date, years: number): string {
  const later = new Date(date);
  later.setUTCFullYear(later.getUTCFullYear() + years);
  return later.toISOString();
}

export const DEMO_MEMBERS: readonly DemoMember[] = [
  {
    memberId: "100001",
    email: "active.v3@example.com",
    username: "active.v3@example.com",
    firstName: "Ada",
    lastName: "Active",
    mobilePhone: "+33612345601",
    birthDate: "1990-04-12",
    state: "active",
    memberLevelId: 2,
    pointsBalance: 1250,
    expiry: () => NEVER_EXPIRES,
    note: "active, never expires; card, history, favourites",
  },
  {
    memberId: "100002",
    email: "active.v1@example.com",
    // No username: the member-search follow-up (spec §4) has something to fix.
    username: "",
    firstName: "Victor",
    lastName: "Vone",
    mobilePhone: "+33612345602",
    birthDate: "1985-11-30",
    state: "active",
    memberLevelId: 1,
    pointsBalance: 300,
    expiry: (seededAt) => yearsFrom(seededAt, 2),
    note: "active, expires in 2 years; no username",
  },
  {
    memberId: "100003",
    email: "expired@example.com",
    username: "expired@example.com",
    firstName: "Eve",
    lastName: "Expired",
    mobilePhone: "+33612345603",
    birthDate: "1979-02-01",
    state: "active",
    memberLevelId: 1,
    pointsBalance: 40,
    expiry: (seededAt) => new Date(seededAt.getTime() - 30 * DAY_MS).toISOString(),
    note: "logs in (peachCode 0), memberExpiry 30 days in the past",
  },
  {
    memberId: "100004",
    email: "blocked@example.com",
    username: "blocked@example.com",
    firstName: "Blake",
    lastName: "Blocked",
    mobilePhone: "+33612345604",
    birthDate: "",
    state: "blocked",
    memberLevelId: 1,
    pointsBalance: 0,
    expiry: () => NEVER_EXPIRES,
    note: "login answers peachCode 1019",
  },
  {
    memberId: "100005",
    email: "inactive@example.com",
    username: "inactive@example.com",
    firstName: "Ines",
    lastName: "Inactive",
    mobilePhone: "+33612345605",
    birthDate: "",
    state: "not_activated",
    memberLevelId: 0,
    pointsBalance: 0,
    expiry: () => NEVER_EXPIRES,
    note: "not activated: login answers peachCode 26",
  },
];

// Each demo member has a salt of their own; providers started in one process (tests start dozens)
// share the hashes, which spares five scrypt runs per start.
let demoHashes: Promise<string[]> | undefined;
function demoPasswordHashes(): Promise<string[]> {
  demoHashes ??= Promise.all(DEMO_MEMBERS.map(() => hashPassword(DEMO_PASSWORD)));
  return demoHashes;
}

/** Fills an empty database with the demo members; a database that has members is left alone. */
export async function seedIfEmpty(db: LoyaltyDb, seededAt: Date): Promise<boolean> {
  if ((db.get<{ count: number }>("SELECT COUNT(*) AS count FROM members")?.count ?? 0) > 0) return false;
  const hashes = await demoPasswordHashes();
  const at = (daysAgo: number): string => new Date(seededAt.getTime() - daysAgo * DAY_MS).toISOString();
  db.transaction(() => {
    DEMO_MEMBERS.forEach((member, index) => {
      db.run(
        `INSERT INTO members (member_id, email, username, password_hash, first_name, last_name, mobile_phone,
           birth_date, member_expiry, club_id, member_level_id, points_balance, state, extra_json, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, '1', ?, ?, ?, '{}', ?)`,
        [
          member.memberId,
          member.email,
          member.username,
          hashes[index] ?? "",
          member.firstName,
          member.lastName,
          member.mobilePhone,
          member.birthDate,
          member.expiry(seededAt),
          member.memberLevelId,
          member.pointsBalance,
          member.state,
          at(400),
        ],
      );
    });

    const ada = "100001";
    db.run(
      "INSERT INTO cards (card_code, member_id, status, is_primary, added_at) VALUES ('CYP0000000001', ?, 'ACTIVE', 1, ?)",
      [ada, at(400)],
    );
    // Ines' card lets SendMemberActivationCode check a card number against the account.
    db.run(
      "INSERT INTO cards (card_code, member_id, status, is_primary, added_at) VALUES ('CYP0000000005', '100005', 'ACTIVE', 1, ?)",
      [at(10)],
    );
    // Each text in every language: the member reads it in the language of the circuit asking.
    const orders: ReadonlyArray<[string, string, Localised, number, number]> = [
      ["ORD-SEED-0001", "LUM01", { en: "Dune: Part Two - 2 tickets", fr: "Dune : Deuxième partie - 2 places" }, 24, 60],
      [
        "ORD-SEED-0002",
        "LUM01",
        { en: "The Zone of Interest - 1 ticket", fr: "La Zone d'intérêt - 1 place" },
        12.5,
        20,
      ],
      ["ORD-SEED-0003", "LUM02", { en: "Perfect Days - 2 tickets", fr: "Perfect Days - 2 places" }, 21, 3],
    ];
    for (const [orderId, cinemaId, description, total, daysAgo] of orders) {
      db.run(
        `INSERT INTO orders (order_id, member_id, kind, status, cinema_id, description, translations_json, total_value,
           details_json, created_at)
         VALUES (?, ?, 'booking', 'completed', ?, ?, ?, ?, '{}', ?)`,
        [orderId, ada, cinemaId, ...storedText(description), total, at(daysAgo)],
      );
    }
    const popcorn = REWARDS.find((reward) => reward.rewardId === "RW-POPCORN");
    if (!popcorn) throw new Error("the seed redeems RW-POPCORN, which the catalogue lacks");
    const transactions: ReadonlyArray<[string, string, Localised, number, number, number]> = [
      ["TRX-SEED-0001", "LUM01", pointsEarnedLine("ORD-SEED-0001"), 240, 24, 60],
      ["TRX-SEED-0002", "LUM01", pointsEarnedLine("ORD-SEED-0002"), 125, 12.5, 20],
      ["TRX-SEED-0003", "LUM01", redeemedLine(popcorn.name), -popcorn.pointsCost, 0, 15],
      ["TRX-SEED-0004", "LUM02", pointsEarnedLine("ORD-SEED-0003"), 210, 21, 3],
    ];
    for (const [transactionId, cinemaId, description, points, value, daysAgo] of transactions) {
      db.run(
        `INSERT INTO transactions (transaction_id, member_id, cinema_id, description, translations_json, points, value,
           created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        [transactionId, ada, cinemaId, ...storedText(description), points, value, at(daysAgo)],
      );
    }
    db.run(
      "INSERT INTO favourite_cinemas (member_id, cinema_id, subscribe_to_newsletter, added_at) VALUES (?, 'LUM01', 1, ?)",
      [ada, at(100)],
    );
    db.run("INSERT INTO favourite_films (member_id, film_id, added_at) VALUES (?, '1000021001', ?)", [ada, at(30)]);
  });
  return true;
}
