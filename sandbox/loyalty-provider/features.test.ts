import { PASSWORD, V1, V3, sandboxProvider } from "./test-support";

const sandbox = sandboxProvider("test");
let ada: { token: string };
let victor: { token: string };
beforeEach(async () => {
  ada = await sandbox.login("active.v3@example.com", 3);
  victor = await sandbox.login("active.v1@example.com", 3);
});

describe("cards", () => {
  test("add, refuse a card active elsewhere, report lost, delete", async () => {
    const add = (token: string, cardCode: string) =>
      sandbox.call("POST", "/Member/v3/AddCard", { token, body: { cardCode } });
    const added = await add(victor.token, "VIC-0001");
    expect(added.json).toEqual({ peachCode: 0, cards: [{ cardCode: "VIC-0001", status: "ACTIVE", isPrimary: true }] });

    expect((await add(ada.token, "VIC-0001")).json.peachCode).toBe(1020);
    expect((await add(victor.token, "VIC-0001")).json.peachCode).toBe(1020);
    expect((await add(victor.token, "vic-0002")).json.peachCode).toBe(1);
    expect((await add(victor.token, "VIC-0002")).json.cards).toHaveLength(2);

    const lost = await sandbox.call("GET", `/Member/v3/ReportLostCard?${V3}&CypherCinemaId=LUM01`, {
      token: victor.token,
    });
    expect(lost.json.cards).toEqual([
      { cardCode: "VIC-0001", status: "LOST", isPrimary: false },
      { cardCode: "VIC-0002", status: "ACTIVE", isPrimary: true },
    ]);
    // A lost card can be taken over.
    expect((await add(ada.token, "VIC-0001")).json.peachCode).toBe(0);

    const deleted = await sandbox.call("POST", "/Member/DeleteCard", {
      token: victor.token,
      body: { cardCode: "VIC-0002" },
    });
    expect(deleted.json).toEqual({ peachCode: 0, cards: [] });
    const notMine = await sandbox.call("POST", "/Member/v3/DeleteCard", {
      token: victor.token,
      body: { cardCode: "CYP0000000001" },
    });
    expect(notMine.json.peachCode).toBe(1);
    const cards = await sandbox.call("GET", "/Member/v3/GetCards", { token: ada.token });
    expect(cards.json.cards.map((card: { cardCode: string }) => card.cardCode)).toEqual(["CYP0000000001", "VIC-0001"]);
  });
});

describe("favourite films", () => {
  test.each([
    [{ externalFilmId: "1000030003" }, 0, ["1000021001", "1000030003"]],
    [{ boxofficeId: 4242 }, 0, ["1000021001", "4242"]],
    [{ externalFilmId: "9000000001" }, 72, undefined],
    [{ boxofficeId: 91 }, 72, undefined],
    [{}, 1, undefined],
  ])("adding %j answers %i", async (body, peachCode, list) => {
    const answer = await sandbox.call("POST", `/Member/v3/AddFavoriteFilm?${V3}`, { token: ada.token, body });
    expect(answer.json.peachCode).toBe(peachCode);
    if (list) expect(answer.json.externalFilmIds).toEqual(list);
    const stored = await sandbox.call("GET", `/Member/v3/GetFavoriteFilms?${V3}`, { token: ada.token });
    expect(stored.json.externalFilmIds).toEqual(list ?? ["1000021001"]);
  });

  test("removing takes the film off the list", async () => {
    const answer = await sandbox.call("POST", `/Member/v3/RemoveFavoriteFilm?${V3}`, {
      token: ada.token,
      body: { externalFilmId: "1000021001", boxofficeId: null },
    });
    expect(answer.json).toEqual({ peachCode: 0, externalFilmIds: [] });
  });
});

describe("favourite cinemas", () => {
  const path = (route: string) => `/Member/v3/${route}?${V3}`;

  test("get, add, update subscription, remove", async () => {
    const initial = await sandbox.call("GET", path("GetFavoriteCinemas"), { token: ada.token });
    expect(initial.json).toEqual({
      peachCode: 0,
      favoriteCinemas: [{ boxofficeCinemaId: "LUM01", subscribeToNewsletter: true }],
    });

    const added = await sandbox.call("POST", path("AddFavoriteCinema"), {
      token: ada.token,
      body: { favoriteCinemas: { boxofficeCinemaId: "LUM02", subscribeToNewsletter: true } },
    });
    expect(added.json.favoriteCinemas).toHaveLength(2);

    const updated = await sandbox.call("POST", path("UpdateFavoriteCinemas"), {
      token: ada.token,
      body: { favoriteCinemas: [{ boxofficeCinemaId: "LUM01", subscribeToNewsletter: false }] },
    });
    expect(updated.json.favoriteCinemas).toEqual([
      { boxofficeCinemaId: "LUM01", subscribeToNewsletter: false },
      { boxofficeCinemaId: "LUM02", subscribeToNewsletter: true },
    ]);

    const removed = await sandbox.call("POST", path("RemoveFavoriteCinema"), {
      token: ada.token,
      body: { boxofficeCinemaId: "LUM01" },
    });
    expect(removed.json).toEqual({
      peachCode: 0,
      favoriteCinemas: [{ boxofficeCinemaId: "LUM02", subscribeToNewsletter: true }],
    });
  });

  test.each([[{}], [{ favoriteCinemas: { boxofficeCinemaId: "LUM02" } }], [{ favoriteCinemas: [] }]])(
    "a malformed add (%j) answers a non-zero peachCode",
    async (body) => {
      const answer = await sandbox.call("POST", path("AddFavoriteCinema"), { token: ada.token, body });
      expect(answer.json.peachCode).toBe(1);
    },
  );
});

describe("paid-membership activation", () => {
  test("list, activate on complete, add membership, complete payment: the member can log in", async () => {
    const credentials = { username: "inactive@example.com", password: PASSWORD };
    expect((await sandbox.call("POST", `/Member/v3/Login?${V3}`, { body: credentials })).json.peachCode).toBe(26);

    const list = await sandbox.call("GET", "/Member/GetMembershipList/LUM01/?circuitId=C1");
    const item = list.json.listConcessionGrouping[0].items[0];
    expect(item).toEqual({
      code: expect.any(String),
      memberLevelId: 1,
      price: expect.any(Number),
      description: expect.any(String),
    });

    const activate = await sandbox.call("POST", "/Member/SetMemberToActivateOnComplete?circuitId=C1", {
      body: { memberLevelId: item.memberLevelId, memberItemId: item.code, clubId: "1", email: "inactive@example.com" },
    });
    expect(activate.json).toEqual({ peachCode: 0, userSessionId: expect.any(String) });

    const refused = await sandbox.call("POST", "/Member/AddMembership/LUM01", {
      body: { userSessionId: activate.json.userSessionId, concessions: [{ itemId: item.code, cost: 0, quantity: 1 }] },
    });
    expect(refused.json.peachCode).toBe(1);
    const membership = await sandbox.call("POST", "/Member/AddMembership/LUM01", {
      body: {
        userSessionId: activate.json.userSessionId,
        cinemaId: "LUM01",
        emailAddress: "inactive@example.com",
        mobile: "+33612345605",
        concessions: [{ itemId: item.code, cost: 0, quantity: 1, isLoyaltyMembershipActivation: true }],
      },
    });
    expect(membership.json).toEqual({ peachCode: 0, orderId: expect.any(String) });

    const payment = await sandbox.call("POST", "/Member/CompletePayment/?circuitId=C1&cinemaId=LUM01", {
      body: {
        QueryString: "",
        PostValues: {},
        PostValuesModel: {},
        IsNewMember: true,
        AmountPaidPaymentProvider: 0,
        OtherPayments: [],
        OrderId: membership.json.orderId,
        Customer: { FirstName: "Ines", LastName: "Inactive", Email: "inactive@example.com" },
      },
    });
    expect(payment.json.peachCode).toBe(0);
    const login = await sandbox.call("POST", `/Member/v3/Login?${V3}`, { body: credentials });
    expect(login.json.peachCode).toBe(0);
    expect(login.json.memberDetails).toMatchObject({ memberLevelId: 1, memberExpiry: "2027-03-01T12:00:00.000Z" });

    const twice = await sandbox.call("POST", "/Member/CompletePayment/?circuitId=C1&cinemaId=LUM01", {
      body: { OrderId: membership.json.orderId },
    });
    expect(twice.json.peachCode).toBe(1);
  });

  test("an active member answers 76; a new e-mail is created not activated", async () => {
    const active = await sandbox.call("POST", "/Member/SetMemberToActivateOnComplete?circuitId=C1", {
      body: { memberLevelId: 1, memberItemId: "MEMBER-ANNUAL", email: "active.v3@example.com" },
    });
    expect(active.json.peachCode).toBe(76);
    const created = await sandbox.call("POST", "/Member/SetMemberToActivateOnComplete?circuitId=C1", {
      body: { memberLevelId: 1, memberItemId: "MEMBER-ANNUAL", email: "payer@example.com", password: "Payer-2026!" },
    });
    expect(created.json.peachCode).toBe(0);
    const login = await sandbox.call("POST", `/Member/Login?${V1}`, {
      body: { username: "payer@example.com", password: "Payer-2026!" },
    });
    expect(login.json.peachCode).toBe(26);
  });
});

describe("activation code", () => {
  test("checks the activation info, then the e-mailed link activates", async () => {
    const send = (body: object) => sandbox.call("POST", "/Member/v3/SendMemberActivationCode", { body });
    expect((await send({ email: "who@example.com" })).json.peachCode).toBe(29);
    expect((await send({ email: "active.v3@example.com" })).json.peachCode).toBe(76);
    expect((await send({ email: "inactive@example.com", cardNumber: "NOPE" })).json.peachCode).toBe(85);
    expect((await send({ email: "inactive@example.com", mobilePhone: "+33 6 00 00 00 00" })).json.peachCode).toBe(85);
    const sent = await send({
      email: "inactive@example.com",
      cardNumber: "cyp0000000005",
      mobilePhone: "+33 6 12 34 56 05",
    });
    expect(sent.json).toEqual({ peachCode: 0, activationCode: expect.any(String) });

    const page = await fetch(`${sandbox.baseUrl}/activate/${sent.json.activationCode}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<h1>Account activated</h1>");
    expect((await fetch(`${sandbox.baseUrl}/activate/${sent.json.activationCode}`)).status).toBe(404);
    await sandbox.login("inactive@example.com", 1);
  });
});

describe("history and rewards", () => {
  test.each([
    [`/Member/v2/OrderHistory?${V1}`, "orders", 3],
    [`/Member/v3/OrderHistory?${V3}&maxResults=2`, "orders", 2],
    [`/Member/v2/TransactionHistory?${V1}&maxResults=1`, "transactions", 1],
    ["/Member/v3/TransactionHistory", "transactions", 4],
  ])("%s lists the newest %s first", async (path, key, count) => {
    const answer = await sandbox.call("GET", path, { token: ada.token });
    expect(answer.json.peachCode).toBe(0);
    const list = answer.json[key] as Array<{ orderDate?: string; transactionDate?: string }>;
    expect(list).toHaveLength(count);
    const dates = list.map((entry) => entry.orderDate ?? entry.transactionDate ?? "");
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  test("maxResults must be a positive integer", async () => {
    expect(
      (await sandbox.call("GET", `/Member/v2/OrderHistory?${V1}&maxResults=-1`, { token: ada.token })).status,
    ).toBe(400);
    expect(
      (await sandbox.call("GET", `/Member/v2/OrderHistory?${V1}&maxResults=1;DROP`, { token: ada.token })).status,
    ).toBe(400);
  });

  test("order a reward, confirm it: points move and the history shows it", async () => {
    const listing = await sandbox.call("GET", "/Member/v3/RewardsListing?CypherCinemaId=LUM01", { token: ada.token });
    expect(listing.json.rewards.find((reward: { rewardId: string }) => reward.rewardId === "RW-VIP").canRedeem).toBe(
      false,
    );
    const available = await sandbox.call("GET", "/Member/GetItemsAvailableToValidatedLoyaltyMember/C1", {
      token: victor.token,
    });
    expect(available.json.items.map((item: { rewardId: string }) => item.rewardId)).toEqual(["RW-POPCORN", "RW-COMBO"]);

    const tooDear = await sandbox.call("POST", "/Member/v3/OrderLoyaltyItem?CypherCinemaId=LUM01", {
      token: ada.token,
      body: { rewardId: "RW-VIP" },
    });
    expect(tooDear.json.peachCode).toBe(1);
    const ordered = await sandbox.call("POST", "/Member/v3/OrderLoyaltyItem?CypherCinemaId=LUM01", {
      token: ada.token,
      body: { rewardId: "RW-TICKET" },
    });
    expect(ordered.json).toEqual({ peachCode: 0, orderId: expect.any(String) });
    const confirmed = await sandbox.call("POST", `/Member/v3/ConfirmItemRedemption?${V3}&CypherCinemaId=LUM01`, {
      token: ada.token,
      body: { orderId: ordered.json.orderId },
    });
    expect(confirmed.json).toMatchObject({ peachCode: 0, pointsBalance: 750, redemptionCode: expect.any(String) });
    const again = await sandbox.call("POST", `/Member/v3/ConfirmItemRedemption?${V3}&CypherCinemaId=LUM01`, {
      token: ada.token,
      body: { orderId: ordered.json.orderId },
    });
    expect(again.json.peachCode).toBe(1);
    const history = await sandbox.call("GET", "/Member/v3/TransactionHistory", { token: ada.token });
    expect(history.json.transactions[0]).toMatchObject({ points: -500, description: "Redeemed: Free 2D ticket" });
  });

  test("e-voucher concessions need no session", async () => {
    const answer = await sandbox.call("GET", "/Concession/GetAllEVoucherConcessions/LUM01");
    expect(answer.json.peachCode).toBe(0);
    expect(answer.json.concessions.length).toBeGreaterThan(0);
  });
});

describe("gift cards", () => {
  test.each([
    ["GC0000001234", 0, 12.34],
    ["GCABCDEFGHIJ", 0, 25],
    ["GC123", 51, undefined],
    ["XX0000001234", 51, undefined],
    ["gc0000001234", 51, undefined],
  ])("%s answers %i", async (cardNumber, peachCode, balance) => {
    const answer = await sandbox.call("POST", "/GiftCard/CheckGiftCardBalance?cinemaId=LUM01", {
      body: { cardNumber },
    });
    expect(answer.json.peachCode).toBe(peachCode);
    expect(answer.json.balance).toBe(balance);
  });
});

describe("wallet passes and payment portal", () => {
  test("AppleWallet answers a .pkpass archive holding pass.json", async () => {
    const response = await fetch(
      `${sandbox.baseUrl}/AppleWallet/CreateLoyaltyCard/C1?cardNumber=CYP0000000001&fullJwt=true`,
      {
        headers: { "Cypher-Session-Token": ada.token },
      },
    );
    expect(response.headers.get("content-type")).toBe("application/vnd.apple.pkpass");
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.readUInt32LE(0)).toBe(0x04034b50);
    const nameLength = bytes.readUInt16LE(26);
    expect(bytes.subarray(30, 30 + nameLength).toString()).toBe("pass.json");
    const size = bytes.readUInt32LE(18);
    const pass = JSON.parse(bytes.subarray(30 + nameLength, 30 + nameLength + size).toString());
    expect(pass).toMatchObject({
      serialNumber: "CYP0000000001",
      organizationName: "Cypher",
      storeCard: expect.any(Object),
    });
  });

  test("GoogleWallet answers JSON with a save URL; a card that is not the member's is refused", async () => {
    const google = await sandbox.call(
      "GET",
      "/GoogleWallet/CreateLoyaltyCard/C1?cardNumber=CYP0000000001&fullJwt=true",
      { token: ada.token },
    );
    expect(google.json).toEqual({
      peachCode: 0,
      url: expect.stringMatching(/^https:\/\/pay\.google\.com\/gp\/v\/save\//),
    });
    const other = await sandbox.call(
      "GET",
      "/GoogleWallet/CreateLoyaltyCard/C1?cardNumber=CYP0000000001&fullJwt=true",
      { token: victor.token },
    );
    expect(other.json.peachCode).toBe(1);
  });

  test("e-tickets come from the member's bookings", async () => {
    const ticket = await fetch(`${sandbox.baseUrl}/AppleWallet/GetETicket/C1/ORD-SEED-0002?fullJwt=true`, {
      headers: { "Cypher-Session-Token": ada.token },
    });
    expect(ticket.headers.get("content-type")).toBe("application/vnd.apple.pkpass");
    const missing = await sandbox.call("GET", "/AppleWallet/GetETicket/C1/ORD-NOPE?fullJwt=true", { token: ada.token });
    expect(missing.json.peachCode).toBe(1);
  });

  test("the payment portal URL points at a page the sandbox serves", async () => {
    const portal = await sandbox.call("POST", `/Member/GetPaymentProviderPortalSession?${V1}&cinemaId=LUM01`, {
      token: ada.token,
      body: {},
    });
    expect(portal.json.url.startsWith(`${sandbox.baseUrl}/payment-portal/`)).toBe(true);
    const page = await fetch(portal.json.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<h1>Sandbox payment portal</h1>");
  });

  test("start registration hands back an id", async () => {
    const answer = await sandbox.call("POST", "/Member/StartRegistration?circuitId=C1&cinemaId=LUM01", { body: {} });
    expect(answer.json).toEqual({ peachCode: 0, userSessionId: expect.any(String) });
  });
});

/** One field of each item of the list a GET answers, as Ada (a reward's name, a history line's description). */
async function fieldsAt(path: string, list: string, key: string): Promise<unknown[]> {
  const answer = await sandbox.call("GET", path, { token: ada.token });
  return (answer.json[list] as Record<string, unknown>[]).map((item) => item[key]);
}

describe("the language of the circuit asking", () => {
  const LUMIERE_V3 = "CypherCircuitId=LUMIERE&CypherCinemaId=LUM01";

  test("the French circuit reads rewards, levels, history and offers in French; the US one in English", async () => {
    expect(await fieldsAt(`/Member/v3/RewardsListing?${LUMIERE_V3}`, "rewards", "name")).toEqual([
      "Popcorn moyen",
      "Menu popcorn + boisson",
      "Place 2D offerte",
      "Surclassement siège VIP",
    ]);
    expect(await fieldsAt("/Member/GetItemsAvailableToValidatedLoyaltyMember/STARLIGHT", "items", "name")).toEqual([
      "Medium popcorn",
      "Popcorn and drink combo",
      "Free 2D ticket",
    ]);

    const frMember = await sandbox.call("GET", "/Member/GetMember/?circuitId=LUMIERE", { token: victor.token });
    expect(frMember.json.memberDetails.memberLevelName).toBe("Membre");
    const usMember = await sandbox.call("GET", "/Member/GetMember/?circuitId=STARLIGHT", { token: victor.token });
    expect(usMember.json.memberDetails.memberLevelName).toBe("Member");

    expect(await fieldsAt(`/Member/v3/TransactionHistory?${LUMIERE_V3}`, "transactions", "description")).toEqual([
      "Points gagnés : ORD-SEED-0003",
      "Échangé : Popcorn moyen",
      "Points gagnés : ORD-SEED-0002",
      "Points gagnés : ORD-SEED-0001",
    ]);
    const usHistory = await sandbox.call("GET", "/Member/v2/TransactionHistory?circuitId=STARLIGHT", {
      token: ada.token,
    });
    expect(usHistory.json.transactions[1].description).toBe("Redeemed: Medium popcorn");
    expect(await fieldsAt("/Member/v3/OrderHistory?CypherCircuitId=LUMIERE", "orders", "description")).toEqual([
      "Perfect Days - 2 places",
      "La Zone d'intérêt - 1 place",
      "Dune : Deuxième partie - 2 places",
    ]);

    const frVouchers = await sandbox.call("GET", "/Concession/GetAllEVoucherConcessions/LUM01");
    expect(frVouchers.json.concessions[0].description).toBe("Bon électronique : petit popcorn");
    const frMemberships = await sandbox.call("GET", "/Member/GetMembershipList/LUM01/?circuitId=LUMIERE");
    expect(frMemberships.json.listConcessionGrouping[0]).toMatchObject({
      name: "Adhésions",
      items: [{ description: "Adhésion annuelle" }, { description: "Adhésion annuelle Premium" }],
    });
  });

  test("the circuit id decides; without one, the cinema id's circuit; an unknown circuit reads English", async () => {
    const names = async (query: string) => (await fieldsAt(`/Member/v3/RewardsListing?${query}`, "rewards", "name"))[0];
    expect(await names("CypherCinemaId=LUM01")).toBe("Popcorn moyen");
    expect(await names("CypherCinemaId=LUM01&CypherCircuitId=")).toBe("Popcorn moyen");
    expect(await names("CypherCinemaId=SL001")).toBe("Medium popcorn");
    expect(await names("CypherCinemaId=LUM01&CypherCircuitId=C1")).toBe("Medium popcorn");
    expect(await names("CypherCinemaId=XYZ")).toBe("Medium popcorn");
  });

  test("a reward redeemed on the French site reads in each circuit's language", async () => {
    const ordered = await sandbox.call("POST", `/Member/v3/OrderLoyaltyItem?${LUMIERE_V3}`, {
      token: ada.token,
      body: { rewardId: "RW-COMBO" },
    });
    const confirmed = await sandbox.call("POST", `/Member/v3/ConfirmItemRedemption?${LUMIERE_V3}`, {
      token: ada.token,
      body: { orderId: ordered.json.orderId },
    });
    expect(confirmed.json.peachCode).toBe(0);
    const latest = async (path: string) =>
      (await sandbox.call("GET", path, { token: ada.token })).json.transactions[0].description;
    expect(await latest(`/Member/v3/TransactionHistory?${LUMIERE_V3}`)).toBe("Échangé : Menu popcorn + boisson");
    expect(await latest("/Member/v2/TransactionHistory?circuitId=STARLIGHT")).toBe("Redeemed: Popcorn and drink combo");
    const orders = await sandbox.call("GET", "/Member/v3/OrderHistory?CypherCircuitId=LUMIERE", { token: ada.token });
    expect(orders.json.orders[0]).toMatchObject({ kind: "reward", description: "Menu popcorn + boisson" });
  });

  test("wallet passes carry the circuit's labels", async () => {
    const pass = async (path: string) => {
      const response = await fetch(`${sandbox.baseUrl}${path}`, { headers: { "Cypher-Session-Token": ada.token } });
      return Buffer.from(await response.arrayBuffer())
        .toString("utf8")
        .replace(/\s+/g, " ");
    };
    const french = await pass("/AppleWallet/GetETicket/LUMIERE/ORD-SEED-0001?fullJwt=true");
    expect(french).toContain('"label": "Réservation", "value": "Dune : Deuxième partie - 2 places"');
    expect(french).toContain('"label": "Cinéma"');
    const english = await pass("/AppleWallet/CreateLoyaltyCard/STARLIGHT?cardNumber=CYP0000000001&fullJwt=true");
    expect(english).toContain('"description": "Cypher loyalty card"');
    expect(english).toContain('"label": "Member"');
  });
});
