// Rewards, redemption and e-vouchers against the sandbox provider through the real proxy.
import { screen, waitFor, within } from "@testing-library/react";
import { renderRecorded, renderScreen, spaced, withSandboxProvider } from "../../../test/screen-harness";
import Rewards from "./Rewards";

jest.mock("gatsby", () => jest.requireActual("../../../test/gatsby-mock"));

const sandbox = withSandboxProvider();

function rewardItem(list: HTMLElement, name: string): HTMLElement {
  const heading = within(list).getByRole("heading", { level: 3, name });
  const item = heading.closest("li");
  if (!item) throw new Error(`no entry for ${name}`);
  return item;
}

describe("rewards on the French site (v3)", () => {
  it("lists every reward; one the member cannot afford is shown without an order button", async () => {
    await renderScreen(<Rewards />, { siteId: "lumiere", signedInAs: "active.v3@example.com" });
    const section = screen.getByRole("region", { name: "Récompenses au choix" });
    expect(spaced(within(section).getByText(/^Votre solde/).textContent)).toBe("Votre solde : 1 250 points");
    const list = await within(section).findByRole("list");
    expect(
      within(list)
        .getAllByRole("heading", { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(["Popcorn moyen", "Menu popcorn + boisson", "Place 2D offerte", "Surclassement siège VIP"]);
    const vip = rewardItem(list, "Surclassement siège VIP");
    expect(spaced(vip.textContent)).toContain("5 000 points");
    expect(spaced(vip.textContent)).toContain("Encore 3 750 points à gagner");
    expect(within(vip).queryByRole("button")).toBeNull();
    expect(
      within(rewardItem(list, "Popcorn moyen")).getByRole("button", { name: "Commander : Popcorn moyen" }),
    ).toBeInTheDocument();
  });

  it("order then confirm: the redemption code is shown and the balance goes down", async () => {
    const { user, session, recorder } = await renderRecorded(<Rewards />, {
      siteId: "lumiere",
      signedInAs: "active.v3@example.com",
    });
    const section = screen.getByRole("region", { name: "Récompenses au choix" });
    const list = await within(section).findByRole("list");
    const before = session().member?.pointsBalance ?? 0;

    await user.click(
      within(rewardItem(list, "Menu popcorn + boisson")).getByRole("button", {
        name: "Commander : Menu popcorn + boisson",
      }),
    );
    const confirm = await within(section).findByRole("button", {
      name: "Confirmer l'échange : Menu popcorn + boisson",
    });
    expect(confirm).toHaveFocus();
    expect(spaced(rewardItem(list, "Menu popcorn + boisson").textContent)).toContain(
      "Menu popcorn + boisson vous est réservé. Confirmez pour utiliser 300 points.",
    );
    // Reserving moves no points.
    expect(session().member?.pointsBalance).toBe(before);

    await user.click(confirm);
    const status = await within(section).findByRole("status");
    expect(status).toHaveTextContent(
      /^Menu popcorn \+ boisson est à vous\. Votre code d'échange est \S+ : présentez-le au comptoir\.$/,
    );
    expect(status.closest("[tabindex]")).toHaveFocus();
    await waitFor(() => expect(session().member?.pointsBalance).toBe(before - 300));
    await waitFor(() =>
      expect(spaced(within(section).getByText(/^Votre solde/).textContent)).toBe(
        `Votre solde : ${new Intl.NumberFormat("fr-FR").format(before - 300).replace(/[\u00a0\u202f]/g, " ")} points`,
      ),
    );
    expect(recorder.paths()).toEqual(
      expect.arrayContaining([
        "/Member/v3/OrderLoyaltyItem",
        "/Member/v3/ConfirmItemRedemption",
        "/Member/v3/RewardsListing",
      ]),
    );
    // With a circuit id the items available are asked for too (member-features.ts).
    expect(
      recorder.paths().some((path) => path.startsWith("/Member/GetItemsAvailableToValidatedLoyaltyMember/LUMIERE")),
    ).toBe(true);
  });

  it("an order the provider refuses is reported in a focused alert", async () => {
    const { user } = await renderScreen(<Rewards />, { siteId: "lumiere", signedInAs: "active.v3@example.com" });
    const section = screen.getByRole("region", { name: "Récompenses au choix" });
    const list = await within(section).findByRole("list");
    sandbox().forceNextError("/Member/v3/OrderLoyaltyItem", 1);
    await user.click(
      within(rewardItem(list, "Popcorn moyen")).getByRole("button", { name: "Commander : Popcorn moyen" }),
    );
    const alert = await within(section).findByRole("alert");
    expect(alert).toHaveTextContent("Cette récompense n'a pas pu être commandée. Veuillez réessayer.");
    expect(alert).toHaveFocus();
  });

  it("lists the e-voucher concessions with their prices in euros, below the rewards once those have loaded", async () => {
    await renderScreen(<Rewards />, { siteId: "lumiere", signedInAs: "active.v3@example.com" });
    // Shown under a rewards list still loading, the vouchers were pushed down when it came.
    expect(screen.getByRole("region", { name: "Récompenses au choix" })).toHaveAttribute("aria-busy", "true");
    expect(screen.queryByRole("region", { name: "Bons électroniques" })).toBeNull();
    const vouchers = await screen.findByRole("region", { name: "Bons électroniques" });
    expect(screen.getByRole("region", { name: "Récompenses au choix" })).not.toHaveAttribute("aria-busy");
    await within(vouchers).findByRole("list");
    expect(
      within(vouchers)
        .getAllByRole("listitem")
        .map((item) => spaced(item.textContent)),
    ).toEqual(["Bon électronique : petit popcorn4,50 €", "Bon électronique : boisson fraîche3,50 €"]);
  });
});

describe("rewards on the US site (v1)", () => {
  it("uses the items available (the site has a circuit id); order and confirm on a version 1 session", async () => {
    const { user, session, recorder } = await renderRecorded(<Rewards />, {
      siteId: "starlight",
      signedInAs: "active.v1@example.com",
    });
    const section = screen.getByRole("region", { name: "Rewards to choose from" });
    expect(within(section).getByText(/^Your balance/)).toHaveTextContent("Your balance: 300 points");
    const list = await within(section).findByRole("list");
    expect(recorder.paths()).toContain("/Member/GetItemsAvailableToValidatedLoyaltyMember/STARLIGHT");
    expect(within(rewardItem(list, "Free 2D ticket")).queryByRole("button")).toBeNull();
    expect(rewardItem(list, "Free 2D ticket")).toHaveTextContent("200 more points needed");

    await user.click(within(rewardItem(list, "Medium popcorn")).getByRole("button", { name: "Order Medium popcorn" }));
    await user.click(await within(section).findByRole("button", { name: "Confirm the redemption of Medium popcorn" }));
    expect(await within(section).findByRole("status")).toHaveTextContent(
      /^Medium popcorn is yours\. Your redemption code is \S+: show it at the counter\.$/,
    );
    await waitFor(() => expect(session().member?.pointsBalance).toBe(150));
    // With 150 points left, the combo (300) is no longer orderable once the lists are read again.
    await waitFor(() => expect(within(rewardItem(list, "Popcorn and drink combo")).queryByRole("button")).toBeNull());
    // The site's cinema id (SL001) lets it list its e-vouchers, priced in dollars.
    expect(await screen.findByRole("region", { name: "E-vouchers" })).toHaveTextContent("$4.50");
  });
});
