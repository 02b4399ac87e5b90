import { member as ada } from "../../test/loyalty-fakes";
import { itReturns, itReturnsPerCase } from "../../test/tables";
import type { LoyaltyResult, Member } from "../types";
import { decideArrival, memberName, namesApart, searchWithoutToken, type ArrivalFacts } from "./continue-as";

const grace: Member = {
  ...ada,
  memberId: "100009",
  firstName: "Grace",
  lastName: "Hopper",
  email: "grace@example.com",
  username: "grace",
};
const read = (value: Member): LoyaltyResult<Member> => ({ ok: true, value });
const now = new Date("2026-06-01T00:00:00Z");
const rules = { now, allowExpiredAccountsLogin: false };
const expired = (member: Member): Member => ({ ...member, expiresAt: "2026-01-01T00:00:00Z" });

describe("decideArrival: what a ?token= held while a member is signed in leads to", () => {
  itReturnsPerCase<ArrivalFacts, ReturnType<typeof decideArrival>>(decideArrival, [
    [
      "another member's token: asked, naming both",
      { current: ada, incoming: read(grace), rules },
      { kind: "ask", incoming: "Grace Hopper", current: "Ada Lovelace" },
    ],
    [
      "the same member under another token (a till's own session of them): signed in with it, no question",
      { current: ada, incoming: read({ ...ada, firstName: "Ada (renamed)" }), rules },
      { kind: "signIn" },
    ],
    [
      "nobody signed in any more (the session ended while the token's member was read): as before, signed in",
      { current: null, incoming: read(grace), rules },
      { kind: "signIn" },
    ],
    [
      "nobody signed in, and the token cannot be read: the sign-in tries and fails as before",
      { current: null, incoming: { ok: false, failure: { kind: "provider", code: 7 } }, rules },
      { kind: "signIn" },
    ],
    [
      "a token the provider refuses: kept, and told",
      { current: ada, incoming: { ok: false, failure: { kind: "provider", code: 7 } }, rules },
      { kind: "keep", reason: "unreadable", current: "Ada Lovelace" },
    ],
    [
      "the member service out of reach: kept, and told",
      { current: ada, incoming: { ok: false, failure: { kind: "network" } }, rules },
      { kind: "keep", reason: "unreadable", current: "Ada Lovelace" },
    ],
    [
      "the token's member has expired where expired logins are refused: not offered, kept",
      { current: ada, incoming: read(expired(grace)), rules },
      { kind: "keep", reason: "expired", current: "Ada Lovelace" },
    ],
    [
      "the token's member has expired where expired logins are allowed: asked",
      { current: ada, incoming: read(expired(grace)), rules: { now, allowExpiredAccountsLogin: true } },
      { kind: "ask", incoming: "Grace Hopper", current: "Ada Lovelace" },
    ],
    [
      "two members of the same name: told apart by their e-mail addresses",
      { current: ada, incoming: read({ ...grace, firstName: "Ada", lastName: "Lovelace" }), rules },
      { kind: "ask", incoming: "Ada Lovelace (grace@example.com)", current: "Ada Lovelace (ada@example.com)" },
    ],
  ]);
});

describe("memberName: as the header's menu greets the member", () => {
  itReturnsPerCase(memberName, [
    ["first and last names", ada, "Ada Lovelace"],
    ["a first name alone", { ...ada, lastName: "" }, "Ada"],
    ["no name: the e-mail address", { ...ada, firstName: "", lastName: "" }, "ada@example.com"],
    // A member restored while the provider was out of reach is known by id alone.
    ["nothing but the id", { ...ada, firstName: "", lastName: "", email: "" }, "100001"],
  ]);
});

describe("namesApart", () => {
  itReturnsPerCase(
    ({ incoming, current }: { incoming: Member; current: Member }) => namesApart(incoming, current),
    [
      [
        "different names stay as they are",
        { incoming: grace, current: ada },
        { incoming: "Grace Hopper", current: "Ada Lovelace" },
      ],
      [
        "the same name, whatever its case, takes each one's e-mail",
        { incoming: { ...grace, firstName: "ADA", lastName: "LOVELACE" }, current: ada },
        { incoming: "ADA LOVELACE (grace@example.com)", current: "Ada Lovelace (ada@example.com)" },
      ],
      [
        "named by their e-mail already: nothing to add",
        { incoming: { ...grace, firstName: "", lastName: "" }, current: { ...ada, firstName: "", lastName: "" } },
        { incoming: "grace@example.com", current: "ada@example.com" },
      ],
      [
        "a member without an e-mail address is named alone",
        { incoming: { ...grace, firstName: "Ada", lastName: "Lovelace", email: "" }, current: ada },
        { incoming: "Ada Lovelace", current: "Ada Lovelace (ada@example.com)" },
      ],
    ],
  );
});

describe("searchWithoutToken: the address once a held token is not used", () => {
  itReturns(searchWithoutToken, [
    ["?token=abc", ""],
    ["", ""],
    ["?token=abc&utm_source=mail", "?utm_source=mail"],
    // Every other parameter exactly as written, so the hand-off still reads the same return.
    ["?return=/startticketing/LUM01&token=abc&utm_campaign=a%20b", "?return=/startticketing/LUM01&utm_campaign=a%20b"],
    ["?tok%65n=abc&x=1", "?x=1"], // the name as URLSearchParams reads it (externalTokenOf)
    ["?token=a&token=b", ""],
    ["?tokens=1&my_token=2&token", "?tokens=1&my_token=2"],
  ]);
});
