// The member session without React or a DOM: what a caller of the controller sees (its snapshot,
// the outcomes of its actions, what it stores) over a fake provider and a storage in memory.
import { createLoyaltyClient, type LoyaltyClient } from "../provider/client";
import type { LoyaltyConfig } from "../config";
import {
  fakeFetch,
  heldClient,
  member,
  rawDetails,
  settle,
  v1Config,
  v1Session,
  v3Config,
  v3Session,
} from "../../test/loyalty-fakes";
import {
  ACCOUNT_EXPIRED_CODE,
  createMemberSessionController,
  type MemberSessionController,
  type MemberSessionEngine,
  type MemberSessionOptions,
} from "./controller";
import { createRefreshMemory } from "./refresh-schedule";
import { createTokenHandover } from "./token-handover";
import type { MemberSession } from "../types";

/** A browser's storage reduced to the one session it keeps. */
function memoryStorage(initial: MemberSession | null = null) {
  let kept = initial;
  const engine: MemberSessionEngine = {
    restoreSession: () => kept,
    storedTokensIssuedAt: () => null,
    storeSession(session) {
      kept = session;
      return true;
    },
    clearSession() {
      kept = null;
    },
    clearLoginLeftovers: () => undefined,
  };
  return { storage: { hasStoredSession: () => kept !== null, load: async () => engine }, kept: () => kept };
}

const started: MemberSessionController[] = [];
const heldCalls: ReturnType<typeof heldClient>["calls"][] = [];
afterEach(async () => {
  for (const controller of started.splice(0)) controller.dispose();
  // Calls never answered would keep their time limit's timer (client.ts) running after the tests.
  for (const calls of heldCalls.splice(0)) for (const call of calls) await call.fail();
});

/** A client whose answers the test gives (heldClient), unanswered ones failed after the test. */
function held() {
  const fake = heldClient();
  heldCalls.push(fake.calls);
  return fake;
}

function controllerOver(
  client: LoyaltyClient,
  options: { config?: LoyaltyConfig; stored?: MemberSession | null } & Partial<MemberSessionOptions> = {},
) {
  const { storage, kept } = memoryStorage(options.stored ?? null);
  const controller = createMemberSessionController({
    config: v3Config,
    brand: "Cypher",
    externalToken: null,
    refreshMemory: { startupDone: true, lastRunAt: Date.now() },
    tokenHandover: createTokenHandover(),
    storage,
    ...options,
    client,
  });
  started.push(controller);
  return { controller, kept };
}

function fakeClient(answers: Parameters<typeof fakeFetch>[0], config: LoyaltyConfig = v3Config) {
  const fake = fakeFetch(answers);
  const client = createLoyaltyClient({ config, brand: "Cypher", fetchImpl: fake.fetchImpl });
  return { client, routes: () => fake.calls.map((call) => call.body.reqMetadata.route.split("?")[0]) };
}

const tokens = { token: "new-tok", refreshTokenHeld: true };
const signedIn = { json: { peachCode: 0, memberDetails: rawDetails(), sessionManagementTokens: tokens } };
const memberAnswer = { json: { peachCode: 0, memberDetails: rawDetails() } };

describe("before start (the server render, hydration)", () => {
  it("is a logged-out visitor, not ready, and reads nothing", () => {
    const { client, routes } = fakeClient({});
    const { controller } = controllerOver(client, { stored: v3Session });
    expect(controller.getSnapshot()).toBe(controller.getServerSnapshot());
    expect(controller.getSnapshot()).toMatchObject({
      state: { status: "loggedOut", session: null },
      ready: false,
      loginDialog: { open: false, asked: 0 },
    });
    expect(routes()).toEqual([]);
  });
});

describe("start", () => {
  it("a guest with nothing stored is ready at once, and no call is made", async () => {
    const { client, routes } = fakeClient({});
    const { controller } = controllerOver(client);
    expect(controller.start()).toBe("guest");
    expect(controller.getSnapshot()).toMatchObject({ state: { status: "loggedOut" }, ready: true });
    await settle();
    expect(routes()).toEqual([]);
  });

  it("restores a stored session: loading while the member is read again, then signed in", async () => {
    const { client, calls } = held();
    const { controller, kept } = controllerOver(client, {
      stored: { ...v3Session, member: { ...member, firstName: "" } },
    });
    expect(controller.start()).toBe("restoring");
    await settle();
    expect(controller.getSnapshot()).toMatchObject({ state: { status: "loading" }, ready: false });
    expect(calls.map((call) => `${call.route} ${call.token}`)).toEqual([`/Member/v3/GetMember/ ${v3Session.token}`]);
    await calls[0]?.answer({ peachCode: 0, memberDetails: rawDetails() });
    expect(controller.getSnapshot()).toMatchObject({ state: { status: "loggedIn", session: v3Session }, ready: true });
    expect(kept()?.token).toBe(v3Session.token);
  });

  it("a restore stopped by dispose() (a page left, strict mode) changes nothing once its answer comes", async () => {
    const { client, calls } = held();
    const { controller } = controllerOver(client, { stored: v3Session });
    controller.start();
    await settle();
    controller.dispose();
    await calls[0]?.answer({ peachCode: 0, memberDetails: rawDetails() });
    expect(controller.getSnapshot().state.status).not.toBe("loggedIn");
    expect(controller.getSnapshot().ready).toBe(false);
  });
});

describe("login", () => {
  it.each([
    {
      answered: "signed in",
      answer: signedIn,
      outcome: { ok: true },
      seen: { status: "loggedIn", loginError: null },
      stored: "new-tok",
    },
    {
      answered: "refused (code 12)",
      answer: { json: { peachCode: 12, clientErrorMessage: "wrong password" } },
      outcome: { ok: false, failure: expect.objectContaining({ kind: "provider", code: 12 }) },
      seen: { status: "loggedOut", session: null, loginError: expect.objectContaining({ code: 12 }) },
      stored: undefined,
    },
    {
      answered: "unreachable",
      answer: "throw" as const,
      outcome: { ok: false, failure: expect.objectContaining({ kind: "network" }) },
      seen: { status: "loggedOut", session: null, loginError: expect.objectContaining({ kind: "network" }) },
      stored: undefined,
    },
  ])(
    "the provider's answer $answered: what the caller and the snapshot see",
    async ({ answer, outcome, seen, stored }) => {
      const { client } = fakeClient({ "/Member/v3/Login": answer });
      const { controller, kept } = controllerOver(client);
      controller.start();
      expect(await controller.actions.login("ada", "pw")).toEqual(outcome);
      await settle();
      expect(controller.getSnapshot().state).toMatchObject(seen);
      expect(kept()?.token).toBe(stored);
    },
  );

  it("an expired member where expired logins are not allowed is refused with code 46, ended at the provider, and not kept", async () => {
    const expired = { ...signedIn.json, memberDetails: rawDetails({ memberExpiry: "2020-01-01T00:00:00Z" }) };
    const { client, routes } = fakeClient({
      "/Member/v3/Login": { json: expired },
      "/Member/v3/Logout": { json: { peachCode: 0 } },
    });
    const { controller, kept } = controllerOver(client);
    controller.start();
    const failure = { kind: "provider", code: ACCOUNT_EXPIRED_CODE };
    expect(await controller.actions.login("ada", "pw")).toEqual({ ok: false, failure });
    await settle();
    expect(controller.getSnapshot().state).toEqual({ status: "loggedOut", session: null, loginError: failure });
    expect(kept()).toBeNull();
    expect(routes()).toEqual(["/Member/v3/Login", "/Member/v3/Logout"]);
  });
});

describe("a member signed in (v3, answers held)", () => {
  async function signedInHeld() {
    const { client, calls } = held();
    const { controller, kept } = controllerOver(client, { stored: v3Session });
    controller.start();
    await settle();
    await calls.shift()?.answer({ peachCode: 0, memberDetails: rawDetails() });
    expect(controller.getSnapshot().state.status).toBe("loggedIn");
    return { controller, kept, calls };
  }

  // The generation rule: an answer to a call made before a logout no longer applies.
  it.each([
    { action: "refreshMember" as const, answer: { peachCode: 0, memberDetails: rawDetails({ pointsBalance: 9 }) } },
    { action: "refreshMember" as const, answer: { peachCode: 7, clientErrorMessage: "Invalid token" } },
    { action: "validateToken" as const, answer: { peachCode: 7, clientErrorMessage: "Invalid token" } },
  ])("$action answering $answer.peachCode after a logout changes nothing", async ({ action, answer }) => {
    const { controller, kept, calls } = await signedInHeld();
    const answered = controller.actions[action]();
    await settle();
    const asked = calls.shift();
    void controller.actions.logout();
    const afterLogout = controller.getSnapshot();
    await asked?.answer(answer);
    await answered;
    await settle();
    expect(controller.getSnapshot()).toBe(afterLogout);
    expect(afterLogout.state.status).toBe("loggedOut");
    expect(kept()).toBeNull();
    expect(calls.map((call) => call.route)).toEqual(["/Member/v3/Logout"]);
  });

  it("logout clears the session at once, though the provider never answers", async () => {
    const { controller, kept, calls } = await signedInHeld();
    void controller.actions.logout();
    expect(controller.getSnapshot().state).toEqual({ status: "loggedOut", session: null, loginError: null });
    await settle();
    expect(kept()).toBeNull();
    expect(calls.map((call) => call.route)).toEqual(["/Member/v3/Logout"]);
  });

  it("validateToken false logs out here, and at the provider without waiting for it", async () => {
    const { controller, kept, calls } = await signedInHeld();
    const validating = controller.actions.validateToken();
    await settle();
    await calls.shift()?.answer({ peachCode: 7, clientErrorMessage: "Invalid token" });
    expect(await validating).toBe(false);
    expect(controller.getSnapshot().state.status).toBe("loggedOut");
    expect(kept()).toBeNull();
    expect(calls.map((call) => call.route)).toEqual(["/Member/v3/Logout"]);
  });

  it("validateToken true keeps the member", async () => {
    const { controller, calls } = await signedInHeld();
    const validating = controller.actions.validateToken();
    await settle();
    await calls.shift()?.answer({ peachCode: 0, memberDetails: rawDetails() });
    expect(await validating).toBe(true);
    expect(controller.getSnapshot().state.status).toBe("loggedIn");
  });
});

describe("arriving with ?token= (spec §4 login by token)", () => {
  it("a guest is signed in with it once, however often the page starts", async () => {
    const { client, routes } = fakeClient(
      { "/Member/LoginByToken": { json: { ...signedIn.json, statusCode: 200 } } },
      v1Config,
    );
    const { controller } = controllerOver(client, { config: v1Config, externalToken: "handed" });
    controller.start();
    await settle();
    controller.dispose();
    controller.start();
    await settle();
    expect(controller.getSnapshot().state).toMatchObject({ status: "loggedIn", session: { token: "new-tok" } });
    expect(routes()).toEqual(["/Member/LoginByToken"]);
  });

  it("a stored session holding that very token is kept as it is", async () => {
    const { client, routes } = fakeClient({ "/Member/v3/GetMember/": memberAnswer });
    const { controller } = controllerOver(client, { stored: v3Session, externalToken: v3Session.token });
    controller.start();
    await settle();
    expect(controller.getSnapshot().state).toMatchObject({ status: "loggedIn", session: v3Session });
    expect(routes()).toEqual(["/Member/v3/GetMember/"]);
  });

  // Issue 43: a link must not swap the member signed in for another one silently.
  it.each([
    {
      case: "nobody signed in: signed in with it at once, as before",
      stored: null,
      arrival: null,
      token: "handed",
      sent: ["/Member/v3/GetMember/ handed"],
    },
    {
      case: "the session in use holds that very token: nothing to ask",
      stored: { ...v3Session, token: "handed" },
      arrival: null,
      token: "handed",
      sent: ["/Member/v3/GetMember/ handed"],
    },
    {
      case: "another session in use: the token is held, and nothing is sent with it",
      stored: v3Session,
      arrival: "handed",
      token: v3Session.token,
      sent: [`/Member/v3/GetMember/ ${v3Session.token}`],
    },
    {
      // The screens see nobody and sign in at once (sign-in/continue-as.ts).
      case: "a member shut out as expired in use: held as well, for the screens to settle",
      stored: { ...v3Session, member: { ...member, expiresAt: "2020-01-01T00:00:00Z" } },
      arrival: "handed",
      token: v3Session.token,
      sent: [`/Member/v3/GetMember/ ${v3Session.token}`],
    },
  ])("$case", async ({ stored, arrival, token, sent }) => {
    const fake = fakeFetch({
      "/Member/v3/GetMember/": stored?.member.expiresAt
        ? { json: { peachCode: 0, memberDetails: rawDetails({ memberExpiry: stored.member.expiresAt }) } }
        : memberAnswer,
    });
    const client = createLoyaltyClient({ config: v3Config, brand: "Cypher", fetchImpl: fake.fetchImpl });
    const { controller } = controllerOver(client, { stored, externalToken: "handed" });
    controller.start();
    await settle();
    expect(controller.getSnapshot().arrival).toBe(arrival);
    expect(controller.getSnapshot().state).toMatchObject({ status: "loggedIn", session: { token } });
    expect(
      fake.calls.map((call) => `${call.body.reqMetadata.route.split("?")[0]} ${call.headers["Cypher-Session-Token"]}`),
    ).toEqual(sent);
  });

  /** A v1 member signed in, the page opened with ?token=handed: the token is held. */
  const holdingHandedToken = (answers: Parameters<typeof fakeClient>[0]) => {
    const { client, routes } = fakeClient(
      {
        "/Member/GetMember/": memberAnswer,
        "/Member/RefreshLogin": { json: { ...signedIn.json, statusCode: 200 } },
        ...answers,
      },
      v1Config,
    );
    const { controller } = controllerOver(client, {
      config: v1Config,
      stored: v1Session,
      externalToken: "handed",
      refreshMemory: createRefreshMemory(),
    });
    return { controller, routes };
  };

  it("declined, the held token is forgotten: the member kept is refreshed as any session of this site", async () => {
    jest.useFakeTimers();
    try {
      const { controller, routes } = holdingHandedToken({});
      controller.start();
      await jest.advanceTimersByTimeAsync(1_000);
      expect(controller.getSnapshot().arrival).toBe("handed");
      // Spec §4: no refresh while the page holds an external token.
      expect(routes()).toEqual(["/Member/GetMember/"]);
      controller.actions.answerArrival(false);
      expect(controller.getSnapshot().arrival).toBeNull();
      await jest.advanceTimersByTimeAsync(1_000);
      expect(routes()).toEqual(["/Member/GetMember/", "/Member/RefreshLogin"]);
      expect(controller.getSnapshot().state).toMatchObject({ status: "loggedIn", session: { token: "new-tok" } });
    } finally {
      jest.useRealTimers();
    }
  });

  it("accepted, the handed-over session is the page's, and its refresh is left to its owner", async () => {
    jest.useFakeTimers();
    try {
      const { controller, routes } = holdingHandedToken({
        "/Member/LoginByToken": { json: { ...signedIn.json, statusCode: 200 } },
      });
      controller.start();
      await jest.advanceTimersByTimeAsync(1_000);
      await expect(controller.actions.loginWithToken("handed")).resolves.toEqual({ ok: true });
      controller.actions.answerArrival(true);
      expect(controller.getSnapshot()).toMatchObject({ arrival: null, state: { session: { token: "new-tok" } } });
      await jest.advanceTimersByTimeAsync(1_200_000);
      expect(routes()).toEqual(["/Member/GetMember/", "/Member/LoginByToken"]);
    } finally {
      jest.useRealTimers();
    }
  });

  it("a switch the provider refuses keeps the member signed in, with the refusal to show", async () => {
    const { client } = fakeClient({
      "/Member/v3/GetMember/": [memberAnswer, { json: { peachCode: 7, clientErrorMessage: "Invalid token" } }],
    });
    const { controller, kept } = controllerOver(client, { stored: v3Session, externalToken: "handed" });
    controller.start();
    await settle();
    await expect(controller.actions.loginWithToken("handed")).resolves.toMatchObject({ ok: false });
    expect(controller.getSnapshot().state).toEqual({
      status: "loggedIn",
      session: v3Session,
      loginError: { kind: "provider", code: 7, clientErrorMessage: "Invalid token" },
    });
    expect(kept()?.token).toBe(v3Session.token);
  });
});

describe("subscribers and snapshots", () => {
  it("a listener hears each change, and nothing after it unsubscribes", () => {
    const { client } = fakeClient({});
    const { controller } = controllerOver(client);
    const heard: boolean[] = [];
    const unsubscribe = controller.subscribe(() => heard.push(controller.getSnapshot().loginDialog.open));
    controller.start();
    controller.getSnapshot().loginDialog.show();
    controller.getSnapshot().loginDialog.hide();
    unsubscribe();
    controller.getSnapshot().loginDialog.show();
    expect(heard).toEqual([false, true, false]);
  });

  it.each<{ change: string; act: (controller: MemberSessionController) => void }>([
    { change: "a login error dismissed when there is none", act: (c) => c.actions.dismissLoginError() },
    { change: "a dialog hidden that is not shown", act: (c) => c.getSnapshot().loginDialog.hide() },
    { change: "the current theater", act: (c) => c.setCurrentCinemaId("LUM02") },
  ])("$change keeps the snapshot (and tells no one)", ({ act }) => {
    const { client } = fakeClient({});
    const { controller } = controllerOver(client);
    controller.start();
    const before = controller.getSnapshot();
    const listener = jest.fn();
    controller.subscribe(listener);
    act(controller);
    expect(controller.getSnapshot()).toBe(before);
    expect(listener).not.toHaveBeenCalled();
  });

  it("a new snapshot for each change, the previous one left as it was", () => {
    const { client } = fakeClient({});
    const { controller } = controllerOver(client);
    controller.start();
    const before = controller.getSnapshot();
    before.loginDialog.show();
    const after = controller.getSnapshot();
    expect(after).not.toBe(before);
    expect(before.loginDialog).toMatchObject({ open: false, asked: 0 });
    expect(after.loginDialog).toMatchObject({ open: true, asked: 1 });
  });
});

describe("the refresh schedule", () => {
  it("runs only while a member is signed in on a started page", async () => {
    jest.useFakeTimers();
    try {
      const { client, routes } = fakeClient({ "/Member/RefreshLogin": signedIn, "/Member/Login": signedIn }, v1Config);
      const { controller } = controllerOver(client, { config: v1Config, refreshMemory: createRefreshMemory() });
      controller.start();
      await controller.actions.login("ada", "pw");
      await jest.advanceTimersByTimeAsync(600_000);
      expect(routes()).toEqual(["/Member/Login", "/Member/RefreshLogin"]);
      controller.dispose();
      await jest.advanceTimersByTimeAsync(1_200_000);
      expect(routes()).toEqual(["/Member/Login", "/Member/RefreshLogin"]);
    } finally {
      jest.useRealTimers();
    }
  });
});
