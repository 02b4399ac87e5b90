// The account API against the sandbox provider through the real proxy, in process: what each
// function sends must pass the proxy's allowlist and carry the fields spec §3/§7 list, as the
// upstream receives them, and what comes back must read as the domain types.
import { buildResetLink, readResetParams } from "../../account/reset-link";
import { createSandboxProvider, type SandboxProvider } from "../../../../sandbox/loyalty-provider/server";
import { handleCypherRequest } from "../../../server/cypher-proxy";
import { createLoyaltyClient, type CaptchaTokens, type LoyaltyClient } from "../client";
import { fetchResponseOf, proxyRequestOf } from "../../../test/proxy-fetch";
import { loyaltyContextOf, normaliseLoyaltyConfig, type LoyaltyConfig } from "../../config";
import type { LoyaltyResult, MemberSession } from "../../types";
import { runPaidActivation } from "./activation";
import { addCard, checkGiftCardBalance, deleteCard, getCards, reportLostCard } from "./cards";
import { getOrderHistory, getTransactionHistory } from "./history";
import { assignUsername, memberSearchSteps, runMemberSearchFollowUp } from "./member-search";
import {
  createMember,
  deleteAccount,
  editMember,
  getMember,
  getPaymentPortalSession,
  searchMember,
  sendMemberActivationCode,
  sendUsernameReminder,
  startRegistration,
} from "./members";
import { getMembershipList, paidActivationSteps, setMemberToActivateOnComplete } from "./membership";
import { memberCreationDefaults } from "./creation-payload";
import { requestPasswordResetCode } from "./password";
import { passwordResetRequest, passwordResetSteps, resetPassword } from "./password-reset";
import {
  confirmItemRedemption,
  getEVoucherConcessions,
  getItemsAvailable,
  getRewards,
  orderLoyaltyItem,
} from "./rewards";
import type { WalletPass } from "./account-types";
import { getETicketWalletPass, getLoyaltyCardWalletPass } from "./wallet";

import { DEMO_PASSWORD as PASSWORD } from "../../../../sandbox/loyalty-provider/demo-password";
const SITE = "https://cinema.example";
const site = { circuitId: "", currentCinemaId: "" };
const CONFIGS = {
  v1: normaliseLoyaltyConfig({ version: 1, provider: "NONE", circuitId: "C1", cinemaId: "LUM01", clubId: "1" }, site),
  v3: normaliseLoyaltyConfig(
    { version: 3, provider: "BOOST_POS", circuitId: "C1", cinemaId: "LUM01", clubId: "1" },
    site,
  ),
};

interface UpstreamCall {
  readonly method: string;
  readonly path: string;
  readonly query: URLSearchParams;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Record<string, unknown> | undefined;
}

interface Envelope {
  readonly reqMetadata: { readonly route: string; readonly "g-recaptcha-response"?: string };
}

/** One sandbox per version block, with what reaches it (after the proxy) and what the browser sent. */
function harness() {
  const upstream: UpstreamCall[] = [];
  const envelopes: Envelope[] = [];
  const logs: string[] = [];
  let provider: SandboxProvider;
  let upstreamUrl = "";

  beforeAll(async () => {
    provider = await createSandboxProvider({ log: (line) => logs.push(line) });
    upstreamUrl = await provider.listen(0);
  });
  afterAll(async () => {
    await provider.close();
  });

  const recordingSandboxFetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    upstream.push({
      method: init?.method ?? "GET",
      path: url.pathname,
      query: url.searchParams,
      headers: { ...(init?.headers as Record<string, string>) },
      body: typeof init?.body === "string" ? (JSON.parse(init.body) as Record<string, unknown>) : undefined,
    });
    return fetch(input, init);
  }) as typeof fetch;

  const proxyFetch = (async (_url: string | URL | Request, init?: RequestInit) => {
    const request = proxyRequestOf(init);
    envelopes.push(request.body as Envelope);
    const answer = await handleCypherRequest(request, {
      upstreamUrl,
      fetchImpl: recordingSandboxFetch,
      siteOrigin: SITE,
      logger: { warn: () => undefined, error: () => undefined },
    });
    return fetchResponseOf(answer);
  }) as typeof fetch;

  return {
    clientFor: (config: LoyaltyConfig): LoyaltyClient =>
      createLoyaltyClient({ config, brand: "Cypher", fetchImpl: proxyFetch }),
    provider: () => provider,
    upstreamUrl: () => upstreamUrl,
    logs,
    envelopes,
    /** The last request that reached the sandbox on `path`. */
    lastUpstream(path: string): UpstreamCall {
      const found = [...upstream].reverse().find((call) => call.path === path);
      if (!found) throw new Error(`nothing reached ${path}`);
      return found;
    },
    reached: (path: string): number => upstream.filter((call) => call.path === path).length,
  };
}

/** The page's captcha, as the screens have it: a token per call, named after its action. */
const captchaFor: CaptchaTokens = async (action) => `token-for-${action}`;

let serial = 0;
const freshEmail = (label: string): string => `${label}.${Date.now().toString(36)}.${++serial}@example.com`;

describe.each([
  ["v1", CONFIGS.v1],
  ["v3", CONFIGS.v3],
] as const)("account API %s against the sandbox through the proxy", (_name, config) => {
  const h = harness();
  const client = h.clientFor(config);
  const version = config.version;
  const context = loyaltyContextOf(config);
  const v3 = version === 3;

  async function signIn(email: string, password = PASSWORD): Promise<MemberSession> {
    const result = await client.login({ username: email, password });
    if (!result.ok) throw new Error(`login of ${email} failed: ${JSON.stringify(result.failure)}`);
    return result.value;
  }

  async function registerAndSignIn(label: string): Promise<{ email: string; session: MemberSession }> {
    const email = freshEmail(label);
    const created = await createMember(
      client,
      context,
      { email, password: PASSWORD, firstName: "Test", lastName: label },
      "token-for-signup",
    );
    if (!created.ok) throw new Error(JSON.stringify(created.failure));
    return { email, session: await signIn(email) };
  }

  describe("createMember", () => {
    it("sends the §3 creation payload; the member can then sign in", async () => {
      const email = freshEmail("register");
      const created = await createMember(
        client,
        context,
        {
          email,
          password: PASSWORD,
          firstName: "Rita",
          lastName: "Register",
          mobileNumber: "+33612345699",
          birthDate: "1991-02-03",
        },
        "token-for-signup",
      );
      expect(created).toEqual({
        ok: true,
        value: expect.objectContaining({
          email,
          username: email,
          firstName: "Rita",
          lastName: "Register",
          mobilePhone: "+33612345699",
          birthDate: "1991-02-03",
          clubId: "1",
          hasUserName: true,
        }),
      });
      const sent = h.lastUpstream(v3 ? "/Member/v3/Create" : "/Member/Create");
      expect(sent.body).toMatchObject(memberCreationDefaults({ clubId: "1" }, { email, mobileNumber: "+33612345699" }));
      // Create runs before a session exists: no token goes upstream.
      expect(Object.keys(sent.headers)).not.toContain("Cypher-Session-Token");
      // The captcha token goes to the proxy (issue 43), never to the provider.
      expect(h.envelopes.at(-1)?.reqMetadata["g-recaptcha-response"]).toBe("token-for-signup");
      expect(JSON.stringify(sent.body)).not.toContain("token-for-signup");
      const session = await signIn(email);
      expect(session.member.email).toBe(email);
    });

    it.each([
      ["the e-mail is taken", { email: "active.v3@example.com", password: PASSWORD }, 34],
      ["the password is short", { email: "short.pw@example.com", password: "Ab1!" }, 84],
      [
        "the card is active elsewhere",
        { email: "card.taken@example.com", password: PASSWORD, memberCardNumber: "CYP0000000001" },
        1020,
      ],
    ])("fails when %s", async (_name, fields, code) => {
      expect(await createMember(client, context, fields, "token-for-signup")).toEqual({
        ok: false,
        failure: expect.objectContaining({ kind: "provider", code }),
      });
    });
  });

  it("getMember reads the profile (v1 with the login's userSessionId)", async () => {
    const session = await signIn("active.v3@example.com");
    expect(await getMember(client, session)).toEqual({ ok: true, value: session.member });
    const sent = h.lastUpstream(v3 ? "/Member/v3/GetMember/" : "/Member/GetMember/");
    expect(sent.headers["Cypher-Session-Token"]).toBe(session.token);
    if (v3) expect(sent.query.has("userSessionId")).toBe(false);
    else expect(sent.query.get("userSessionId")).toBe(session.userSessionId);
  });

  it("editMember changes the profile", async () => {
    const { session } = await registerAndSignIn("edit");
    const edited = await editMember(client, session, { firstName: "Edith", mobilePhone: "+33700000001" });
    expect(edited).toEqual({
      ok: true,
      value: expect.objectContaining({ firstName: "Edith", mobilePhone: "+33700000001" }),
    });
    expect(h.reached(v3 ? "/Member/v3/Edit" : "/Member/Edit")).toBeGreaterThan(0);
    const again = await getMember(client, session);
    expect(again.ok && again.value.firstName).toBe("Edith");
  });

  describe("histories", () => {
    it("orders: all, newest first; maxResults limits them", async () => {
      const session = await signIn("active.v3@example.com");
      const all = await getOrderHistory(client, session);
      if (!all.ok) throw new Error(JSON.stringify(all.failure));
      expect(all.value.filter((order) => order.orderId.startsWith("ORD-SEED-")).map((order) => order.orderId)).toEqual([
        "ORD-SEED-0003",
        "ORD-SEED-0002",
        "ORD-SEED-0001",
      ]);
      expect(all.value.find((order) => order.orderId === "ORD-SEED-0001")).toEqual({
        orderId: "ORD-SEED-0001",
        orderDate: expect.any(String),
        kind: "booking",
        status: "completed",
        cinemaId: "LUM01",
        description: "Dune: Part Two - 2 tickets",
        totalValue: 24,
      });
      expect(h.lastUpstream(v3 ? "/Member/v3/OrderHistory" : "/Member/v2/OrderHistory").query.has("maxResults")).toBe(
        false,
      );

      const two = await getOrderHistory(client, session, { maxResults: 2 });
      expect(two.ok && two.value.map((order) => order.orderId)).toEqual(
        all.value.slice(0, 2).map((order) => order.orderId),
      );
      expect(h.lastUpstream(v3 ? "/Member/v3/OrderHistory" : "/Member/v2/OrderHistory").query.get("maxResults")).toBe(
        "2",
      );
    });

    it("transactions: all, newest first; maxResults limits them", async () => {
      const { session } = await registerAndSignIn("history");
      expect(await getTransactionHistory(client, session)).toEqual({ ok: true, value: [] });
      const ada = await signIn("active.v3@example.com");
      const all = await getTransactionHistory(client, ada);
      if (!all.ok) throw new Error(JSON.stringify(all.failure));
      const seeded = all.value.filter((transaction) => transaction.transactionId.startsWith("TRX-SEED-"));
      expect(seeded.map((transaction) => transaction.transactionId)).toEqual([
        "TRX-SEED-0004",
        "TRX-SEED-0003",
        "TRX-SEED-0002",
        "TRX-SEED-0001",
      ]);
      expect(seeded[1]).toEqual({
        transactionId: "TRX-SEED-0003",
        transactionDate: expect.any(String),
        cinemaId: "LUM01",
        description: "Redeemed: Medium popcorn",
        points: -150,
        value: 0,
      });
      const one = await getTransactionHistory(client, ada, { maxResults: 1 });
      expect(one.ok && one.value).toHaveLength(1);
      expect(
        h.lastUpstream(v3 ? "/Member/v3/TransactionHistory" : "/Member/v2/TransactionHistory").query.get("maxResults"),
      ).toBe("1");
    });

    it("an unknown session token answers 7", async () => {
      const session = await signIn("active.v3@example.com");
      expect(await getOrderHistory(client, { ...session, token: "not-a-live-token" })).toEqual({
        ok: false,
        failure: expect.objectContaining({ kind: "provider", code: 7 }),
      });
    });
  });

  it("rewards, items available, reserving and confirming a redemption", async () => {
    const session = await signIn("active.v3@example.com");
    const before = await getMember(client, session);
    if (!before.ok) throw new Error(JSON.stringify(before.failure));
    const points = before.value.pointsBalance;

    const rewards = await getRewards(client, session);
    if (!rewards.ok) throw new Error(JSON.stringify(rewards.failure));
    expect(rewards.value.map((reward) => reward.rewardId)).toEqual(["RW-POPCORN", "RW-COMBO", "RW-TICKET", "RW-VIP"]);
    for (const reward of rewards.value) expect(reward.canRedeem).toBe(reward.pointsCost <= points);

    const items = await getItemsAvailable(client, session);
    expect(items).toEqual({
      ok: true,
      value: rewards.value
        .filter((reward) => reward.canRedeem)
        .map(({ rewardId, name, pointsCost }) => ({ rewardId, name, pointsCost })),
    });

    const order = await orderLoyaltyItem(client, session, "RW-POPCORN");
    if (!order.ok) throw new Error(JSON.stringify(order.failure));
    expect(h.lastUpstream("/Member/v3/OrderLoyaltyItem").body).toEqual({ rewardId: "RW-POPCORN" });
    const confirmed = await confirmItemRedemption(client, session, order.value.orderId);
    expect(confirmed).toEqual({
      ok: true,
      value: { orderId: order.value.orderId, redemptionCode: expect.any(String), pointsBalance: points - 150 },
    });
    expect(await confirmItemRedemption(client, session, order.value.orderId)).toEqual({
      ok: false,
      failure: expect.objectContaining({ kind: "provider", code: 1 }),
    });
    expect(await orderLoyaltyItem(client, session, "RW-VIP")).toEqual({
      ok: false,
      failure: expect.objectContaining({ kind: "provider", code: 1 }),
    });
  });

  it("e-voucher concessions, with or without a session", async () => {
    const expected = [
      { id: "EV-1", code: "EVPOP", description: "E-voucher: small popcorn", price: 4.5 },
      { id: "EV-2", code: "EVDRINK", description: "E-voucher: soft drink", price: 3.5 },
    ];
    expect(await getEVoucherConcessions(client)).toEqual({ ok: true, value: expected });
    expect(await getEVoucherConcessions(client, await signIn("active.v3@example.com"))).toEqual({
      ok: true,
      value: expected,
    });
    expect(h.lastUpstream("/Concession/GetAllEVoucherConcessions/LUM01").method).toBe("GET");
  });

  it("cards: add (uppercased), 1020 on re-adding, report lost, add a lost card again, delete", async () => {
    const { session } = await registerAndSignIn("cards");
    const code1 = `T${version}-${serial}-CARD-A`;
    const code2 = `T${version}-${serial}-CARD-B`;
    expect(await getCards(client, session)).toEqual({ ok: true, value: [] });

    const added = await addCard(client, session, ` ${code1.toLowerCase()} `);
    expect(h.lastUpstream("/Member/v3/AddCard").body).toEqual({ cardCode: code1 });
    expect(added).toEqual({ ok: true, value: [{ code: code1, status: "active", primary: true }] });
    expect(await addCard(client, session, code1.toLowerCase())).toEqual({
      ok: false,
      failure: expect.objectContaining({ kind: "provider", code: 1020 }),
    });

    await addCard(client, session, code2);
    const lost = await reportLostCard(client, session);
    expect(lost).toEqual({
      ok: true,
      value: [
        { code: code1, status: "lost", primary: false },
        { code: code2, status: "active", primary: true },
      ],
    });
    expect(await getCards(client, session)).toEqual(lost);

    const readded = await addCard(client, session, code1);
    expect(readded.ok && readded.value.find((card) => card.code === code1)).toEqual({
      code: code1,
      status: "active",
      primary: false,
    });

    const deleted = await deleteCard(client, session, code2.toLowerCase());
    expect(h.lastUpstream(v3 ? "/Member/v3/DeleteCard" : "/Member/DeleteCard").body).toEqual({ cardCode: code2 });
    expect(deleted).toEqual({ ok: true, value: [{ code: code1, status: "active", primary: true }] });
    expect(await deleteCard(client, session, "CYP0000000001")).toEqual({
      ok: false,
      failure: expect.objectContaining({ kind: "provider", code: 1 }),
    });
  });

  describe("gift-card balance", () => {
    it.each([
      ["GC0000001234", 12.34],
      ["gc 0000 0012 34", 12.34],
      ["GCABCDEFGHIJ", 25],
    ])("%s is valid, balance %d", async (input, balance) => {
      const answer = await checkGiftCardBalance(client, input, "captcha-token-1");
      expect(answer).toEqual({ ok: true, value: { cardNumber: input.replace(/\s/g, "").toUpperCase(), balance } });
      expect(h.envelopes.at(-1)?.reqMetadata["g-recaptcha-response"]).toBe("captcha-token-1");
      expect(h.lastUpstream("/GiftCard/CheckGiftCardBalance").query.get("cinemaId")).toBe("LUM01");
    });

    it.each(["GC123", "XX0000001234", ""])("%j is invalid: 51", async (input) => {
      expect(await checkGiftCardBalance(client, input, null)).toEqual({
        ok: false,
        failure: expect.objectContaining({ kind: "provider", code: 51 }),
      });
    });
  });

  it("deleteAccount sends the session's memberId; the member can no longer sign in (30)", async () => {
    const { email, session } = await registerAndSignIn("delete");
    expect(await deleteAccount(client, session)).toEqual({ ok: true, value: undefined });
    expect(h.lastUpstream("/Member/v3/Delete/").query.get("memberId")).toBe(session.member.memberId);
    expect(await client.login({ username: email, password: PASSWORD })).toEqual({
      ok: false,
      failure: expect.objectContaining({ kind: "provider", code: 30 }),
    });
  });

  it("payment portal session answers a URL", async () => {
    const session = await signIn("active.v3@example.com");
    const portal = await getPaymentPortalSession(client, session);
    expect(portal.ok && portal.value.url.startsWith(`${h.upstreamUrl()}/payment-portal/`)).toBe(true);
  });

  it("startRegistration answers a userSessionId", async () => {
    expect(await startRegistration(client, "token-for-signup")).toEqual({
      ok: true,
      value: { userSessionId: expect.stringMatching(/.+/) },
    });
  });

  it("username reminder: known e-mail, unknown (29), and one no route can carry", async () => {
    expect(await sendUsernameReminder(client, "active.v3@example.com")).toEqual({ ok: true, value: undefined });
    expect(
      h.reached("/Member/UsernameReminder/C1/active.v3%40example.com") +
        h.reached("/Member/UsernameReminder/C1/active.v3@example.com"),
    ).toBe(1);
    expect(await sendUsernameReminder(client, "nobody@example.com")).toEqual({
      ok: false,
      failure: expect.objectContaining({ kind: "provider", code: 29 }),
    });
    expect(await sendUsernameReminder(client, "not an e-mail")).toEqual({
      ok: false,
      failure: { kind: "proxy", code: "bad_request" },
    });
  });

  describe("member search follow-up", () => {
    it("gives active.v1 (no username) its e-mail as username, without a session header; then stops", async () => {
      const steps = memberSearchSteps(client, captchaFor);
      const first = await runMemberSearchFollowUp(steps, { email: "active.v1@example.com", memberId: "100002" });
      expect(first).toEqual({
        ok: true,
        value: {
          status: "updated",
          // Through the proxy a search tells no member id and no address (issue 43).
          match: { hasUserName: false, clubId: "1" },
          member: expect.objectContaining({ username: "active.v1@example.com", hasUserName: true }),
        },
      });
      const edit = h.lastUpstream(v3 ? "/Member/v3/Edit" : "/Member/Edit");
      expect(edit.body).toEqual({ memberId: "100002", username: "active.v1@example.com", clubId: "1" });
      expect(Object.keys(edit.headers)).not.toContain("Cypher-Session-Token");

      const second = await runMemberSearchFollowUp(steps, {
        email: "active.v1@example.com",
        memberId: "100002",
        username: "victor",
      });
      expect(second).toEqual({
        ok: true,
        value: expect.objectContaining({ status: "unchanged", reason: "hasUserName" }),
      });
    });

    it("an unknown e-mail answers 29", async () => {
      expect(await searchMember(client, "nobody@example.com", "token-for-member_search")).toEqual({
        ok: false,
        failure: expect.objectContaining({ kind: "provider", code: 29 }),
      });
    });

    it("a username taken by another member answers 34", async () => {
      expect(
        await assignUsername(client, { memberId: "100003", username: "active.v3@example.com", clubId: "1" }),
      ).toEqual({
        ok: false,
        failure: expect.objectContaining({ kind: "provider", code: 34 }),
      });
    });
  });

  describe("paid-membership activation", () => {
    it("activates inactive@example.com through the four steps; login then works", async () => {
      expect(await client.login({ username: "inactive@example.com", password: PASSWORD })).toEqual({
        ok: false,
        failure: expect.objectContaining({ kind: "provider", code: 26 }),
      });
      const member = {
        email: "inactive@example.com",
        firstName: "Ines",
        lastName: "Inactive",
        mobileNumber: "+33612345605",
      };
      const sentBefore = h.envelopes.length;
      const outcome = await runPaidActivation(paidActivationSteps(client, captchaFor), member, context);
      expect(outcome).toEqual({ status: "completed", orderId: expect.stringMatching(/^ORD-/) });
      // The step that creates the account carries the captcha token (issue 43); the others need none.
      expect(
        h.envelopes
          .slice(sentBefore)
          .map(({ reqMetadata }) => [reqMetadata.route.split("?")[0], reqMetadata["g-recaptcha-response"]]),
      ).toEqual([
        ["/Member/GetMembershipList/LUM01/", undefined],
        ["/Member/SetMemberToActivateOnComplete", "token-for-signup"],
        ["/Member/AddMembership/LUM01", undefined],
        ["/Member/CompletePayment/", undefined],
      ]);

      expect(h.lastUpstream("/Member/GetMembershipList/LUM01/").query.get("circuitId")).toBe("C1");
      expect(h.lastUpstream("/Member/SetMemberToActivateOnComplete").body).toEqual({
        ...member,
        memberLevelId: 1,
        memberItemId: "MEMBER-ANNUAL",
        clubId: "1",
      });
      expect(h.lastUpstream("/Member/AddMembership/LUM01").body).toEqual({
        userSessionId: expect.any(String),
        cinemaId: "LUM01",
        emailAddress: "inactive@example.com",
        mobile: "+33612345605",
        concessions: [
          {
            code: "MEMBER-ANNUAL",
            description: "Annual membership",
            memberLevelId: 1,
            cost: 0,
            quantity: 1,
            isLoyaltyMembershipActivation: true,
          },
        ],
      });
      const payment = h.lastUpstream("/Member/CompletePayment/");
      expect(payment.query.get("cinemaId")).toBe("LUM01");
      expect(payment.body).toMatchObject({
        IsNewMember: true,
        AmountPaidPaymentProvider: 0,
        OrderId: outcome.status === "completed" ? outcome.orderId : "",
        Customer: { FirstName: "Ines", LastName: "Inactive", Email: "inactive@example.com" },
      });

      const session = await signIn("inactive@example.com");
      expect(session.member.levelName).toBe("Member");
      expect(Date.parse(session.member.expiresAt ?? "")).toBeGreaterThan(Date.now() + 300 * 24 * 3600 * 1000);

      const again = await runPaidActivation(paidActivationSteps(client, captchaFor), member, context);
      expect(again).toEqual({
        status: "failed",
        step: "activateOnComplete",
        failure: expect.objectContaining({ kind: "provider", code: 76 }),
      });
    });

    it("a new e-mail is created not activated, then activated by payment", async () => {
      const email = freshEmail("paid");
      const outcome = await runPaidActivation(
        paidActivationSteps(client, captchaFor),
        { email, firstName: "Paul", lastName: "Paid", password: PASSWORD },
        context,
      );
      expect(outcome.status).toBe("completed");
      expect((await signIn(email)).member.email).toBe(email);
    });

    it("the membership list reads as groups of offers", async () => {
      expect(await getMembershipList(client)).toEqual({
        ok: true,
        value: [
          {
            name: "Memberships",
            offers: [
              { code: "MEMBER-ANNUAL", description: "Annual membership", memberLevelId: 1, price: 0 },
              { code: "PREMIUM-ANNUAL", description: "Premium annual membership", memberLevelId: 2, price: 49.99 },
            ],
          },
        ],
      });
    });
  });

  it("activation code: the card (uppercased) and phone must be the account's (85); active members answer 76", async () => {
    const email = freshEmail("code");
    const hold = await setMemberToActivateOnComplete(
      client,
      {
        email,
        password: PASSWORD,
        mobileNumber: "+33611112222",
        memberLevelId: 1,
        memberItemId: "MEMBER-ANNUAL",
        clubId: "1",
      },
      "token-for-signup",
    );
    expect(hold).toEqual({ ok: true, value: { userSessionId: expect.any(String), accepted: true } });

    expect(
      await sendMemberActivationCode(client, { email, mobilePhone: "+33611112222" }, "token-for-activation_code"),
    ).toEqual({
      ok: true,
      value: undefined,
    });
    expect(h.lastUpstream("/Member/v3/SendMemberActivationCode").body).toEqual({ email, mobilePhone: "+33611112222" });
    expect(
      await sendMemberActivationCode(client, { email, mobilePhone: "+33699999999" }, "token-for-activation_code"),
    ).toEqual({
      ok: false,
      failure: expect.objectContaining({ kind: "provider", code: 85 }),
    });
    expect(
      await sendMemberActivationCode(client, { email, cardNumber: "cyp0000000001" }, "token-for-activation_code"),
    ).toEqual({
      ok: false,
      failure: expect.objectContaining({ kind: "provider", code: 85 }),
    });
    expect(h.lastUpstream("/Member/v3/SendMemberActivationCode").body).toEqual({ email, cardNumber: "CYP0000000001" });
    expect(
      await sendMemberActivationCode(client, { email: "active.v3@example.com" }, "token-for-activation_code"),
    ).toEqual({
      ok: false,
      failure: expect.objectContaining({ kind: "provider", code: 76 }),
    });
    expect(
      await sendMemberActivationCode(client, { email: "nobody@example.com" }, "token-for-activation_code"),
    ).toEqual({
      ok: false,
      failure: expect.objectContaining({ kind: "provider", code: 29 }),
    });
  });

  describe("wallet passes", () => {
    /** The .pkpass an Apple Wallet answer hands over to download: its file name and bytes. */
    async function downloaded(answer: LoyaltyResult<WalletPass>): Promise<{ fileName: string; bytes: Buffer }> {
      if (!answer.ok || answer.value.kind !== "download")
        throw new Error(`expected a download, got ${JSON.stringify(answer)}`);
      return { fileName: answer.value.fileName, bytes: Buffer.from(await answer.value.blob.arrayBuffer()) };
    }

    const refused = { ok: false, failure: expect.objectContaining({ kind: "provider", code: 1 }) };

    it("loyalty card: AppleWallet downloads a .pkpass, GoogleWallet gives a save link", async () => {
      const session = await signIn("active.v3@example.com");
      const { fileName, bytes } = await downloaded(
        await getLoyaltyCardWalletPass(client, session, { walletProvider: "AppleWallet", cardNumber: "cyp0000000001" }),
      );
      expect(fileName).toBe("CYP0000000001.pkpass");
      expect(bytes.subarray(0, 2).toString("latin1")).toBe("PK");
      expect(bytes.toString("latin1")).toContain("pass.json");
      expect(h.lastUpstream("/AppleWallet/CreateLoyaltyCard/C1").query.get("cardNumber")).toBe("CYP0000000001");
      expect(h.lastUpstream("/AppleWallet/CreateLoyaltyCard/C1").query.get("fullJwt")).toBe("true");

      const google = await getLoyaltyCardWalletPass(client, session, {
        walletProvider: "GoogleWallet",
        cardNumber: "CYP0000000001",
      });
      expect(google).toEqual({
        ok: true,
        value: { kind: "link", url: expect.stringMatching(/^https:\/\/pay\.google\.com\/gp\/v\/save\//) },
      });

      expect(
        await getLoyaltyCardWalletPass(client, session, { walletProvider: "AppleWallet", cardNumber: "CYP0000000005" }),
      ).toEqual(refused);
    });

    it("e-ticket: AppleWallet downloads a .pkpass, GoogleWallet gives a save link", async () => {
      const session = await signIn("active.v3@example.com");
      const { fileName, bytes } = await downloaded(
        await getETicketWalletPass(client, session, { walletProvider: "AppleWallet", ticketId: "ORD-SEED-0001" }),
      );
      expect(fileName).toBe("ORD-SEED-0001.pkpass");
      expect(bytes.toString("latin1")).toContain("Dune: Part Two");
      expect(h.lastUpstream("/AppleWallet/GetETicket/C1/ORD-SEED-0001").query.get("fullJwt")).toBe("true");

      expect(
        await getETicketWalletPass(client, session, { walletProvider: "GoogleWallet", ticketId: "ORD-SEED-0002" }),
      ).toEqual({
        ok: true,
        value: { kind: "link", url: expect.stringMatching(/^https:\/\/pay\.google\.com\//) },
      });
      const stranger = await signIn("expired@example.com");
      expect(
        await getETicketWalletPass(client, stranger, { walletProvider: "GoogleWallet", ticketId: "ORD-SEED-0001" }),
      ).toEqual(refused);
    });
  });
});

describe("password reset against the sandbox, per provider", () => {
  const h = harness();
  const NEW_PASSWORD = "Fresh-Pass-42!";

  /** The link the sandbox would have e-mailed, from its log. */
  function mailedLink(email: string): string {
    const prefix = `[loyalty sandbox] reset link for ${email}: `;
    const line = [...h.logs].reverse().find((entry) => entry.startsWith(prefix));
    if (!line) throw new Error(`no reset link logged for ${email}`);
    return line.slice(prefix.length);
  }

  async function registered(client: LoyaltyClient, label: string): Promise<{ email: string; memberId: string }> {
    const email = freshEmail(label);
    const created = await createMember(client, { clubId: "1" }, { email, password: PASSWORD }, "token-for-signup");
    if (!created.ok) throw new Error(JSON.stringify(created.failure));
    return { email, memberId: created.value.memberId };
  }

  const loginCode = async (client: LoyaltyClient, email: string, password: string): Promise<number> => {
    const result = await client.login({ username: email, password });
    return result.ok ? 0 : result.failure.kind === "provider" ? result.failure.code : -1;
  };

  it.each([
    [
      "NONE v1",
      normaliseLoyaltyConfig({ version: 1, provider: "NONE", circuitId: "C1", cinemaId: "LUM01" }, site),
      "/Member/GetResetPasswordCode",
      "circuitId",
      "/Member/ResetPassword",
    ],
    [
      "CGR v3",
      normaliseLoyaltyConfig({ provider: "CGR", cinemaId: "LUM01" }, { circuitId: "C1", currentCinemaId: "" }),
      "/Member/GetResetPasswordCode",
      "CypherCircuitId",
      "/Member/v3/ResetPassword",
    ],
    [
      "BOOST_POS v3",
      normaliseLoyaltyConfig({ provider: "BOOST_POS", circuitId: "C1", cinemaId: "LUM01" }, site),
      "/Member/GetResetPasswordCode",
      "CypherCircuitId",
      "/Member/v3/ResetPassword",
    ],
  ] as const)(
    "%s: link → code e-mailed → reset; the old password is refused (31), the new one accepted",
    async (_name, config, codeRoute, circuitKey, resetRoute) => {
      const client = h.clientFor(config);
      const { email } = await registered(client, "reset");
      const template = buildResetLink({
        currentUrl: `${SITE}/account/?tab=login`,
        path: "account/reset-password/",
        provider: config.provider,
        email,
      });
      expect(await requestPasswordResetCode(client, { email, rootUrl: SITE, resetPasswordLink: template })).toEqual({
        ok: true,
        value: undefined,
      });
      expect(h.lastUpstream(codeRoute).query.get("resetPasswordLink")).toBe(template);
      expect(h.lastUpstream(codeRoute).query.get("emailAddress")).toBe(email);
      // §7: both versions ask on one path; the v3 request is the one with the {brand} ids.
      expect(h.lastUpstream(codeRoute).query.has(circuitKey)).toBe(true);

      // The provider put the code in place of the literal placeholder; the page reads it back.
      const link = new URL(mailedLink(email));
      expect(`${link.origin}${link.pathname}`).toBe(`${SITE}/account/reset-password/`);
      const read = readResetParams(link.search, config.provider);
      if (!read.ok || read.params.kind !== "code") throw new Error(`unreadable link: ${JSON.stringify(read)}`);
      expect(read.params).toEqual({
        kind: "code",
        resetCode: h.provider().lastResetCode(email),
        ...(config.provider === "NONE" || config.provider === "CGR" ? { email } : {}),
      });

      const request = passwordResetRequest(read.params, config.version, NEW_PASSWORD);
      if (!request) throw new Error("no reset request");
      const checksBefore = h.reached("/Member/ValidatePasswordResetCode");
      expect(await resetPassword(passwordResetSteps(client), request)).toEqual({ ok: true, value: undefined });
      // Only the non-v3 sequence checks the code first (spec §4).
      expect(h.reached("/Member/ValidatePasswordResetCode") - checksBefore).toBe(config.version === 1 ? 1 : 0);
      expect(h.lastUpstream(resetRoute).body).toEqual(
        config.version === 3
          ? { password: NEW_PASSWORD, resetCode: read.params.resetCode, membershipId: "" }
          : { password: NEW_PASSWORD, resetCode: read.params.resetCode },
      );

      expect(await loginCode(client, email, PASSWORD)).toBe(31);
      expect(await loginCode(client, email, NEW_PASSWORD)).toBe(0);
      // A code is used once.
      expect(await resetPassword(passwordResetSteps(client), request)).toEqual({
        ok: false,
        failure: expect.objectContaining({ kind: "provider", code: 57 }),
      });
    },
  );

  it("v1: a wrong code fails at the check (57) and no password is posted", async () => {
    const client = h.clientFor(CONFIGS.v1);
    const { email } = await registered(client, "wrongcode");
    await requestPasswordResetCode(client, {
      email,
      rootUrl: SITE,
      resetPasswordLink: buildResetLink({ currentUrl: SITE, provider: "NONE", email }),
    });
    const posted = h.reached("/Member/ResetPassword");
    const answer = await resetPassword(passwordResetSteps(client), {
      version: 1,
      email,
      resetCode: "WRONG-CODE",
      password: NEW_PASSWORD,
    });
    expect(answer).toEqual({ ok: false, failure: expect.objectContaining({ kind: "provider", code: 57 }) });
    expect(h.reached("/Member/ResetPassword")).toBe(posted);
    expect(await loginCode(client, email, PASSWORD)).toBe(0);
  });

  it.each([
    ["v1", CONFIGS.v1],
    ["v3", CONFIGS.v3],
  ] as const)("%s: a short new password answers 84 and the code stays usable", async (_name, config) => {
    const client = h.clientFor(config);
    const { email, memberId } = await registered(client, "short");
    await requestPasswordResetCode(client, {
      email,
      rootUrl: SITE,
      resetPasswordLink: buildResetLink({ currentUrl: SITE, provider: config.provider, email }),
    });
    const resetCode = h.provider().lastResetCode(email) ?? "";
    const request = (password: string) =>
      config.version === 3
        ? ({ version: 3, resetCode, membershipId: memberId, password } as const)
        : ({ version: 1, email, resetCode, password } as const);
    expect(await resetPassword(passwordResetSteps(client), request("short"))).toEqual({
      ok: false,
      failure: expect.objectContaining({ kind: "provider", code: 84 }),
    });
    expect(await resetPassword(passwordResetSteps(client), request(NEW_PASSWORD))).toEqual({
      ok: true,
      value: undefined,
    });
  });

  it("TAPOS: uid and token from the page; uid is sent as membershipId and must be the code's member", async () => {
    const config = normaliseLoyaltyConfig({ provider: "TAPOS", circuitId: "C1", cinemaId: "LUM01" }, site);
    const client = h.clientFor(config);
    const { email, memberId } = await registered(client, "tapos");
    await requestPasswordResetCode(client, {
      email,
      rootUrl: SITE,
      resetPasswordLink: buildResetLink({ currentUrl: SITE, provider: "TAPOS", email }),
    });
    const token = h.provider().lastResetCode(email) ?? "";

    const other = readResetParams(`?uid=100001&token=${token}`, "TAPOS");
    if (!other.ok) throw new Error("unreadable");
    const wrongMember = passwordResetRequest(other.params, 3, NEW_PASSWORD);
    expect(wrongMember && (await resetPassword(passwordResetSteps(client), wrongMember))).toEqual({
      ok: false,
      failure: expect.objectContaining({ kind: "provider", code: 57 }),
    });

    const read = readResetParams(`?uid=${memberId}&token=${token}`, "TAPOS");
    if (!read.ok) throw new Error("unreadable");
    const request = passwordResetRequest(read.params, config.version, NEW_PASSWORD);
    expect(request).toEqual({ version: 3, resetCode: token, membershipId: memberId, password: NEW_PASSWORD });
    expect(request && (await resetPassword(passwordResetSteps(client), request))).toEqual({
      ok: true,
      value: undefined,
    });
    expect(h.lastUpstream("/Member/v3/ResetPassword").body).toEqual({
      password: NEW_PASSWORD,
      resetCode: token,
      membershipId: memberId,
    });
    expect(await loginCode(client, email, NEW_PASSWORD)).toBe(0);
  });

  it("an unknown e-mail answers 29 on the code request", async () => {
    const client = h.clientFor(CONFIGS.v3);
    const email = "nobody@example.com";
    expect(
      await requestPasswordResetCode(client, {
        email,
        rootUrl: SITE,
        resetPasswordLink: buildResetLink({ currentUrl: SITE, provider: "BOOST_POS", email }),
      }),
    ).toEqual({
      ok: false,
      failure: expect.objectContaining({ kind: "provider", code: 29 }),
    });
  });
});
