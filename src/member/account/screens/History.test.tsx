// Order and points history against the sandbox provider through the real proxy.
import { screen, waitFor, within } from "@testing-library/react";
import { confirmItemRedemption, getOrderHistory, getTransactionHistory, orderLoyaltyItem } from "../../provider/api";
import type { MemberSession } from "../../types";
import { browserActions } from "../browser-actions";
import History from "./History";
import { withFocusFixup } from "../../../test/focus-fixup";
import { holdRoute } from "../../../test/held-route";
import {
  recordingSandboxFetch,
  registeredMember,
  renderRecorded,
  renderScreen,
  sandboxClient,
  signedInClient,
  spaced,
  withSandboxProvider,
} from "../../../test/screen-harness";

jest.mock("gatsby", () => jest.requireActual("../../../test/gatsby-mock"));

withSandboxProvider();

const frenchDay = (iso: string) => new Intl.DateTimeFormat("fr-FR", { dateStyle: "long" }).format(new Date(iso));

function region(name: string): HTMLElement {
  return screen.getByRole("region", { name });
}

/** The entries of a history list, each as its lines of text. */
function entries(section: HTMLElement): string[][] {
  return within(section)
    .queryAllByRole("listitem")
    .map((item) => [
      item.querySelector("h3")?.textContent ?? "",
      ...[...item.querySelectorAll("p")]
        // A wallet pass's status line is in the page even with nothing to say: not a line of the entry.
        .filter((p) => !(p.getAttribute("role") === "status" && p.textContent === ""))
        .map((p) => spaced(p.textContent ?? "")),
    ]);
}

describe("history on the French site (v3)", () => {
  it("shows the loading state, then active.v3's 3 orders and 4 transactions, newest first, in fr-FR", async () => {
    const { client, session } = await signedInClient("lumiere", "active.v3@example.com");
    const orders = await getOrderHistory(client, session);
    const transactions = await getTransactionHistory(client, session);
    if (!orders.ok || !transactions.ok) throw new Error("history failed");
    const orderDay = (id: string) => frenchDay(orders.value.find((order) => order.orderId === id)?.orderDate ?? "");
    const transactionDay = (id: string) =>
      frenchDay(transactions.value.find((entry) => entry.transactionId === id)?.transactionDate ?? "");

    await renderScreen(<History />, { siteId: "lumiere", signedInAs: "active.v3@example.com" });
    expect(within(region("Mes commandes")).getByRole("status")).toHaveTextContent("Chargement de vos commandes…");

    await waitFor(() => expect(entries(region("Mes commandes"))).toHaveLength(3));
    expect(entries(region("Mes commandes"))).toEqual([
      [
        "Perfect Days - 2 places",
        `Commandé le ${orderDay("ORD-SEED-0003")}`,
        "Total : 21,00 €",
        "Référence : ORD-SEED-0003",
      ],
      [
        "La Zone d'intérêt - 1 place",
        `Commandé le ${orderDay("ORD-SEED-0002")}`,
        "Total : 12,50 €",
        "Référence : ORD-SEED-0002",
      ],
      [
        "Dune : Deuxième partie - 2 places",
        `Commandé le ${orderDay("ORD-SEED-0001")}`,
        "Total : 24,00 €",
        "Référence : ORD-SEED-0001",
      ],
    ]);
    await waitFor(() => expect(entries(region("Mon historique de points"))).toHaveLength(4));
    expect(entries(region("Mon historique de points"))).toEqual([
      [
        "Points gagnés : ORD-SEED-0003",
        `Le ${transactionDay("TRX-SEED-0004")}`,
        "+210 points",
        "Montant de l'achat : 21,00 €",
      ],
      ["Échangé : Popcorn moyen", `Le ${transactionDay("TRX-SEED-0003")}`, "-150 points"],
      [
        "Points gagnés : ORD-SEED-0002",
        `Le ${transactionDay("TRX-SEED-0002")}`,
        "+125 points",
        "Montant de l'achat : 12,50 €",
      ],
      [
        "Points gagnés : ORD-SEED-0001",
        `Le ${transactionDay("TRX-SEED-0001")}`,
        "+240 points",
        "Montant de l'achat : 24,00 €",
      ],
    ]);
    // Fewer than 10: nothing more to show. Booking orders offer their e-ticket pass.
    expect(screen.queryByRole("button", { name: /Afficher/ })).toBeNull();
    expect(screen.queryAllByRole("button", { name: /Wallet/ }).length).toBeGreaterThan(0);
  });

  it("a new member sees the empty states", async () => {
    const email = await registeredMember("lumiere");
    await renderScreen(<History />, { siteId: "lumiere", signedInAs: email });
    expect(
      await within(region("Mes commandes")).findByText("Vous n'avez encore passé aucune commande."),
    ).toBeInTheDocument();
    expect(
      await within(region("Mon historique de points")).findByText("Vous n'avez encore gagné ni dépensé aucun point."),
    ).toBeInTheDocument();
  });

  it("a history that cannot be loaded says so and can be asked again", async () => {
    const email = await registeredMember("lumiere");
    const recorder = recordingSandboxFetch();
    let failing = true;
    const { user } = await renderScreen(<History />, {
      siteId: "lumiere",
      signedInAs: email,
      client: (config) =>
        sandboxClient(config, (async (url: string | URL | Request, init?: RequestInit) => {
          if (failing && String(init?.body).includes("/Member/v3/OrderHistory")) throw new TypeError("Failed to fetch");
          return recorder.fetchImpl(url, init);
        }) as typeof fetch),
    });
    const orders = region("Mes commandes");
    expect(await within(orders).findByRole("alert")).toHaveTextContent(
      "Le service membre est injoignable. Vérifiez votre connexion et réessayez.",
    );
    failing = false;
    await user.click(within(orders).getByRole("button", { name: "Réessayer" }));
    expect(await within(orders).findByText("Vous n'avez encore passé aucune commande.")).toBeInTheDocument();
  });

  it("asks for 11 at first, shows 10, then all on request with the focus on the first one revealed", async () => {
    const email = await memberWithTwelveMoreOrders();

    const { user, recorder } = await renderRecorded(<History />, { siteId: "lumiere", signedInAs: email });
    const orders = region("Mes commandes");
    await waitFor(() => expect(entries(orders)).toHaveLength(10));
    expect(recorder.sent.find((call) => call.route.startsWith("/Member/v3/OrderHistory"))?.route).toMatch(
      /[?&]maxResults=11(&|$)/,
    );

    await user.click(within(orders).getByRole("button", { name: "Afficher toutes mes commandes" }));
    await waitFor(() => expect(entries(orders)).toHaveLength(12));
    expect(within(orders).getAllByRole("listitem")[10]).toHaveFocus();
    expect(within(orders).getByRole("status")).toHaveTextContent("12 commandes affichées.");
    expect(within(orders).queryByRole("button", { name: "Afficher toutes mes commandes" })).toBeNull();
    const all = recorder.sent.filter((call) => call.route.startsWith("/Member/v3/OrderHistory")).at(-1);
    expect(all?.route).not.toContain("maxResults");
  });
});

describe("showing the whole history from the keyboard", () => {
  withFocusFixup();

  it("the focus stays on the busy button while the rest loads, then goes to the first entry revealed", async () => {
    const email = await memberWithTwelveMoreOrders();

    const recorder = recordingSandboxFetch();
    // The first page of orders comes at once; the whole history waits until the test lets it go.
    const whole = holdRoute("/Member/v3/OrderHistory", recorder.fetchImpl);
    let holding = false;
    const fetchImpl = ((url, init) => (holding ? whole.fetchImpl : recorder.fetchImpl)(url, init)) as typeof fetch;
    const { user } = await renderScreen(<History />, {
      siteId: "lumiere",
      signedInAs: email,
      client: (config) => sandboxClient(config, fetchImpl),
    });
    const orders = region("Mes commandes");
    await waitFor(() => expect(entries(orders)).toHaveLength(10));

    holding = true;
    const more = within(orders).getByRole("button", { name: "Afficher toutes mes commandes" });
    more.focus();
    await user.keyboard("{Enter}");
    await waitFor(() => expect(whole.sent()).toBe(1));
    expect(more).toHaveFocus();
    expect(more).toHaveAttribute("aria-disabled", "true");
    expect(within(orders).getByRole("status")).toHaveTextContent(/\S/);
    // A second press while it loads asks for nothing more.
    await user.keyboard("{Enter}");
    expect(whole.sent()).toBe(1);

    whole.release();
    // At least the 12 made here (the sandbox keeps the orders other tests made for this member).
    await waitFor(() => expect(entries(orders).length).toBeGreaterThanOrEqual(12));
    expect(within(orders).getAllByRole("listitem")[10]).toHaveFocus();
  });
});

/**
 * Victor (300 points, no orders of his own) with 12 more orders: he can reserve popcorn again and
 * again, since no points move until a confirmation. His e-mail, to sign in with.
 */
async function memberWithTwelveMoreOrders(): Promise<string> {
  const email = "active.v1@example.com";
  const { client, session } = await signedInClient("lumiere", email);
  await reserveRewards(client, session, 12);
  return email;
}

/** Reserves `count` popcorns for a member who can afford one (each reservation is an order). */
async function reserveRewards(
  client: ReturnType<typeof sandboxClient>,
  session: MemberSession,
  count: number,
): Promise<void> {
  for (let i = 0; i < count; i += 1) {
    const order = await orderLoyaltyItem(client, session, "RW-POPCORN");
    if (!order.ok) throw new Error(`order ${i} failed: ${JSON.stringify(order.failure)}`);
  }
}

describe("history on the US site (v1)", () => {
  let go: jest.SpyInstance<void, [string]>;
  beforeEach(() => {
    go = jest.spyOn(browserActions, "go").mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it("reads the v2 routes, formats in en-US dollars, and offers a booking's e-ticket as a wallet pass", async () => {
    const { user, recorder } = await renderRecorded(<History />, {
      siteId: "starlight",
      signedInAs: "active.v3@example.com",
    });
    const orders = region("My orders");
    await waitFor(() => expect(entries(orders)).toHaveLength(3));
    expect(entries(orders)[0]).toEqual(
      expect.arrayContaining(["Perfect Days - 2 tickets", "Total: $21.00", "Reference: ORD-SEED-0003"]),
    );
    await waitFor(() => expect(entries(region("My points history"))).toHaveLength(4));
    expect(entries(region("My points history"))[1]).toEqual(
      expect.arrayContaining(["Redeemed: Medium popcorn", "-150 points"]),
    );
    expect(recorder.paths()).toEqual(
      expect.arrayContaining(["/Member/v2/OrderHistory", "/Member/v2/TransactionHistory"]),
    );

    await user.click(
      within(orders).getByRole("button", { name: "Add the e-ticket for Perfect Days - 2 tickets to Google Wallet" }),
    );
    await waitFor(() =>
      expect(go).toHaveBeenCalledWith(expect.stringMatching(/^https:\/\/pay\.google\.com\/gp\/v\/save\//)),
    );
    expect(recorder.paths()).toContain("/GoogleWallet/GetETicket/STARLIGHT/ORD-SEED-0003");
  });

  it("a reward reservation is not a ticket booking: no e-ticket for it", async () => {
    const { client, session } = await signedInClient("starlight", "active.v3@example.com");
    const order = await orderLoyaltyItem(client, session, "RW-POPCORN");
    if (!order.ok) throw new Error("order failed");
    const confirmed = await confirmItemRedemption(client, session, order.value.orderId);
    if (!confirmed.ok) throw new Error("confirm failed");

    await renderScreen(<History />, { siteId: "starlight", signedInAs: "active.v3@example.com" });
    const orders = region("My orders");
    await waitFor(() => expect(entries(orders)).toHaveLength(4));
    const reward = within(orders).getAllByRole("listitem")[0];
    expect(reward).toHaveTextContent(`Reference: ${order.value.orderId}`);
    expect(within(reward!).queryByRole("button")).toBeNull();
    expect(within(within(orders).getAllByRole("listitem")[1]!).getAllByRole("button")).toHaveLength(2);
  });
});
