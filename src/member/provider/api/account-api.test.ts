// Answer shapes the sandbox never sends, against a fake fetch: how the account API reads the
// leniencies a real provider may take, and what it refuses.
import { fakeClient, v1Session, v3Session } from "../../../test/loyalty-fakes";
import { getCards } from "./cards";
import { getOrderHistory, getTransactionHistory } from "./history";
import type { CaptchaTokens } from "../client";
import { memberSearchSteps } from "./member-search";
import {
  createMember,
  searchMember,
  getPaymentPortalSession,
  sendMemberActivationCode,
  sendUsernameReminder,
  startRegistration,
} from "./members";
import { addMembership, getMembershipList, paidActivationSteps, setMemberToActivateOnComplete } from "./membership";
import { validateResetCode } from "./password";
import { getRewards } from "./rewards";
import { getLoyaltyCardWalletPass } from "./wallet";

describe("lists the provider leaves out read as empty", () => {
  it.each([
    ["orders", "/Member/v3/OrderHistory", getOrderHistory],
    ["transactions", "/Member/v3/TransactionHistory", getTransactionHistory],
    ["cards", "/Member/v3/GetCards", getCards],
  ] as const)("%s", async (_name, path, read) => {
    const { client } = fakeClient({ [path]: { json: { peachCode: 0 } } });
    expect(await read(client, v3Session)).toEqual({ ok: true, value: [] });
  });
});

it("ids sent as numbers become strings; missing texts become empty", async () => {
  const { client } = fakeClient({
    "/Member/v3/OrderHistory": { json: { peachCode: 0, orders: [{ orderId: 42, orderDate: "2026-01-01T00:00:00Z" }] } },
  });
  expect(await getOrderHistory(client, v3Session)).toEqual({
    ok: true,
    value: [
      {
        orderId: "42",
        orderDate: "2026-01-01T00:00:00Z",
        kind: "",
        status: "",
        cinemaId: "",
        description: "",
        totalValue: 0,
      },
    ],
  });
});

it("the session's version picks the route: v2 history for a version 1 session", async () => {
  const { client, calls } = fakeClient({ "/Member/v2/OrderHistory": { json: { peachCode: 0, orders: [] } } });
  await getOrderHistory(client, v1Session, { maxResults: 5 });
  expect(calls[0]?.body.reqMetadata.route).toBe("/Member/v2/OrderHistory?circuitId=C1&cinemaId=LUM01&maxResults=5");
  expect(calls[0]?.headers["Cypher-Session-Token"]).toBe(v1Session.token);
});

it.each([0, -1, 2.5, Number.NaN])("maxResults %d is not sent (the provider would answer 400)", async (maxResults) => {
  const { client, calls } = fakeClient({ "/Member/v3/OrderHistory": { json: { peachCode: 0, orders: [] } } });
  await getOrderHistory(client, v3Session, { maxResults });
  expect(calls[0]?.body.reqMetadata.route).not.toContain("maxResults");
});

it("card statuses are read whatever their case; an unknown one is refused", async () => {
  const ok = fakeClient({
    "/Member/v3/GetCards": { json: { peachCode: 0, cards: [{ cardCode: "A1B2", status: "Lost" }] } },
  });
  expect(await getCards(ok.client, v3Session)).toEqual({
    ok: true,
    value: [{ code: "A1B2", status: "lost", primary: false }],
  });
  const odd = fakeClient({
    "/Member/v3/GetCards": { json: { peachCode: 0, cards: [{ cardCode: "A1B2", status: "STOLEN" }] } },
  });
  expect(await getCards(odd.client, v3Session)).toEqual({ ok: false, failure: { kind: "bad_response" } });
});

it("rewards without canRedeem are judged against the member's balance", async () => {
  const { client } = fakeClient({
    "/Member/v3/RewardsListing": {
      json: {
        peachCode: 0,
        rewards: [
          { rewardId: "R1", pointsCost: 1250 },
          { rewardId: "R2", name: "Big", pointsCost: 1251 },
        ],
      },
    },
  });
  expect(await getRewards(client, v3Session)).toEqual({
    ok: true,
    value: [
      { rewardId: "R1", name: "R1", pointsCost: 1250, canRedeem: true },
      { rewardId: "R2", name: "Big", pointsCost: 1251, canRedeem: false },
    ],
  });
});

describe("URLs from the provider must be http(s)", () => {
  it.each(["javascript:alert(1)", "data:text/html,hi", "not a url"])("payment portal %j is refused", async (url) => {
    const { client } = fakeClient({ "/Member/GetPaymentProviderPortalSession": { json: { peachCode: 0, url } } });
    expect(await getPaymentPortalSession(client, v3Session)).toEqual({ ok: false, failure: { kind: "bad_response" } });
  });

  it("a Google Wallet link that is not http(s) is refused", async () => {
    const { client } = fakeClient({
      "/GoogleWallet/CreateLoyaltyCard/C1": { json: { peachCode: 0, url: "javascript:alert(1)" } },
    });
    expect(
      await getLoyaltyCardWalletPass(client, v3Session, { walletProvider: "GoogleWallet", cardNumber: "A1B2" }),
    ).toEqual({ ok: false, failure: { kind: "bad_response" } });
  });
});

describe("wallet passes are told apart by content type", () => {
  it("bytes of any other type are a download named after the card", async () => {
    const { client, calls } = fakeClient({
      "/AppleWallet/CreateLoyaltyCard/C1": { text: "PK...", contentType: "application/vnd.apple.pkpass" },
    });
    const pass = await getLoyaltyCardWalletPass(client, v3Session, {
      walletProvider: "AppleWallet",
      cardNumber: "a1 b2",
    });
    expect(pass.ok && pass.value).toEqual({ kind: "download", blob: expect.anything(), fileName: "A1B2.pkpass" });
    expect(calls[0]?.body.reqMetadata).toMatchObject({
      method: "GET",
      route: "/AppleWallet/CreateLoyaltyCard/C1?cardNumber=A1B2&fullJwt=true",
      responseFormat: "raw",
    });
  });

  it("an empty body is not a pass", async () => {
    const { client } = fakeClient({
      "/AppleWallet/CreateLoyaltyCard/C1": { text: "", contentType: "application/vnd.apple.pkpass" },
    });
    expect(
      await getLoyaltyCardWalletPass(client, v3Session, { walletProvider: "AppleWallet", cardNumber: "A1B2" }),
    ).toEqual({ ok: false, failure: { kind: "bad_response" } });
  });

  it("a JSON failure is the provider's failure", async () => {
    const { client } = fakeClient({
      "/AppleWallet/CreateLoyaltyCard/C1": { json: { peachCode: 7, clientErrorMessage: "Invalid token" } },
    });
    expect(
      await getLoyaltyCardWalletPass(client, v3Session, { walletProvider: "AppleWallet", cardNumber: "A1B2" }),
    ).toEqual({
      ok: false,
      failure: { kind: "provider", code: 7, clientErrorMessage: "Invalid token" },
    });
  });
});

describe("membership answers", () => {
  it("a hold answered with statusCode only (no peachCode 0) is not accepted", async () => {
    const { client } = fakeClient({
      "/Member/SetMemberToActivateOnComplete": { json: { statusCode: 200, userSessionId: "U1" } },
    });
    expect(
      await setMemberToActivateOnComplete(client, { memberLevelId: 1, memberItemId: "M", clubId: "1" }, null),
    ).toEqual({
      ok: true,
      value: { userSessionId: "U1", accepted: false },
    });
  });

  it("empty userSessionId and orderId read as absent", async () => {
    const { client } = fakeClient({
      "/Member/SetMemberToActivateOnComplete": { json: { peachCode: 0, userSessionId: "" } },
      "/Member/AddMembership/LUM01": { json: { peachCode: 0, orderId: "" } },
    });
    expect(
      await setMemberToActivateOnComplete(client, { memberLevelId: 1, memberItemId: "M", clubId: "1" }, null),
    ).toEqual({
      ok: true,
      value: { userSessionId: null, accepted: true },
    });
    expect(
      await addMembership(client, {
        userSessionId: "U",
        cinemaId: "LUM01",
        emailAddress: "a@b.c",
        mobile: "",
        concessions: [],
      }),
    ).toEqual({ ok: true, value: { orderId: null } });
  });

  it("items without a code or with a text level id are kept for the flow to judge", async () => {
    const { client } = fakeClient({
      "/Member/GetMembershipList/LUM01/": {
        json: {
          peachCode: 0,
          listConcessionGrouping: [{ items: [{ description: "No code" }, { code: "B", memberLevelId: "2" }] }],
        },
      },
    });
    expect(await getMembershipList(client)).toEqual({
      ok: true,
      value: [
        {
          name: "",
          offers: [
            { code: null, description: "No code", memberLevelId: null, price: null },
            { code: "B", description: "", memberLevelId: 2, price: null },
          ],
        },
      ],
    });
  });
});

it("member search: hasUserName absent means it has one; an empty clubId means none", async () => {
  const { client } = fakeClient({ "/Member/MemberSearch/C1": { json: { peachCode: 0, clubId: "" } } });
  expect(await searchMember(client, " a@b.com ", null)).toEqual({
    ok: true,
    value: { hasUserName: true, clubId: null },
  });
});

it("the reset-code check hands back both codes", async () => {
  const { client } = fakeClient({
    "/Member/ValidatePasswordResetCode": { json: { statusCode: 500, peachCode: 0, clientErrorMessage: "down" } },
  });
  expect(await validateResetCode(client, { email: "a@b.com", resetCode: "C" })).toEqual({
    ok: true,
    value: { statusCode: 500, peachCode: 0, clientErrorMessage: "down" },
  });
});

it("an e-mail no route can carry never leaves the browser", async () => {
  const { client, calls } = fakeClient({});
  expect(await sendUsernameReminder(client, "two words@example.com")).toEqual({
    ok: false,
    failure: { kind: "proxy", code: "bad_request" },
  });
  expect(calls).toEqual([]);
});

// Issue 43: the calls that say whether an address is a member's carry a captcha token, as sign-in does.
describe("sign-up and member search carry the captcha token", () => {
  const memberDetails = { memberId: "9", email: "a@b.com", firstName: "A", lastName: "B" };
  const answers = {
    "/Member/v3/Create": { json: { peachCode: 0, memberDetails } },
    "/Member/StartRegistration": { json: { peachCode: 0, userSessionId: "U1" } },
    "/Member/v3/SendMemberActivationCode": { json: { peachCode: 0 } },
    "/Member/MemberSearch/C1": { json: { peachCode: 0, memberId: "9", hasUserName: false, clubId: "1" } },
    "/Member/SetMemberToActivateOnComplete": { json: { peachCode: 0, userSessionId: "U1" } },
  };
  const tokenOf = (call: { body: { reqMetadata: Record<string, unknown> } } | undefined) =>
    call?.body.reqMetadata["g-recaptcha-response"];

  it("in the envelope of each call, never in the payload", async () => {
    const { client, calls } = fakeClient(answers);
    await createMember(client, { clubId: "1" }, { email: "a@b.com", password: "pw" }, "t-create");
    await startRegistration(client, "t-start");
    await sendMemberActivationCode(client, { email: "a@b.com" }, "t-code");
    await searchMember(client, "a@b.com", "t-search");
    await setMemberToActivateOnComplete(client, { memberLevelId: 1, memberItemId: "M", clubId: "1" }, "t-hold");
    expect(calls.map(tokenOf)).toEqual(["t-create", "t-start", "t-code", "t-search", "t-hold"]);
    for (const call of calls) expect(Object.keys(call.body)).not.toContain("g-recaptcha-response");
  });

  it("without a token (no captcha on the page) the envelope has no captcha field", async () => {
    const { client, calls } = fakeClient(answers);
    await createMember(client, { clubId: "1" }, { email: "a@b.com", password: "pw" }, null);
    expect(calls[0]?.body.reqMetadata).not.toHaveProperty("g-recaptcha-response");
  });

  it("the flows' steps mint a fresh token of their own action for each call (tokens are single-use)", async () => {
    const { client, calls } = fakeClient(answers);
    const minted: string[] = [];
    const captchaFor: CaptchaTokens = async (action) => {
      minted.push(action);
      return `${action}-${minted.length}`;
    };
    const search = memberSearchSteps(client, captchaFor);
    await search.search("a@b.com");
    await search.search("a@b.com");
    const activation = paidActivationSteps(client, captchaFor);
    await activation.activateOnComplete({ memberLevelId: 1, memberItemId: "M", clubId: "1" });
    await activation.activateOnComplete({ memberLevelId: 1, memberItemId: "M", clubId: "1" });
    expect(minted).toEqual(["member_search", "member_search", "signup", "signup"]);
    expect(calls.map(tokenOf)).toEqual(["member_search-1", "member_search-2", "signup-3", "signup-4"]);
  });
});
