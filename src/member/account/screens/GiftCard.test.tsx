// The gift-card balance check against the sandbox provider through the real proxy.
import { screen, waitFor } from "@testing-library/react";
import GiftCard from "./GiftCard";
import { renderRecorded, renderScreen, spaced, withSandboxProvider } from "../../../test/screen-harness";

jest.mock("gatsby", () => jest.requireActual("../../../test/gatsby-mock"));
// The page's captcha answers a token for the action it is asked for (spec §5).
jest.mock("../../sign-in/captcha", () => jest.requireActual("../../../test/captcha-mock").tokenPerAction());

withSandboxProvider();

describe("gift-card balance on the French site", () => {
  it("a valid card typed in lower case: its balance in euros, the captcha token sent with the check", async () => {
    const { user, recorder } = await renderRecorded(<GiftCard />, {
      siteId: "lumiere",
      signedInAs: "active.v3@example.com",
    });
    const field = screen.getByLabelText("Numéro de la carte cadeau");
    await user.type(field, "gc0000001234");
    expect(field).toHaveValue("GC0000001234");
    await user.click(screen.getByRole("button", { name: "Consulter le solde" }));

    await waitFor(() =>
      expect(spaced(screen.getByRole("status").textContent)).toBe("Il reste 12,34 € sur la carte cadeau GC0000001234."),
    );
    const check = recorder.sent.find((call) => call.route.startsWith("/GiftCard/CheckGiftCardBalance"));
    expect(check?.body).toMatchObject({ cardNumber: "GC0000001234" });
    expect(check?.metadata).toMatchObject({ "g-recaptcha-response": "token-for-giftcard_balance" });
  });

  it("an invalid card answers code 51's message in a focused alert; the number stays", async () => {
    const { user } = await renderScreen(<GiftCard />, { siteId: "lumiere", signedInAs: "active.v3@example.com" });
    const field = screen.getByLabelText("Numéro de la carte cadeau");
    await user.type(field, "GC123");
    await user.click(screen.getByRole("button", { name: "Consulter le solde" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Carte cadeau invalide (Code : 51)");
    expect(alert).toHaveFocus();
    expect(field).toHaveValue("GC123");
    expect(screen.getByRole("status")).toBeEmptyDOMElement();
  });

  it("an empty number is refused on the field, before anything is sent", async () => {
    const { user, recorder } = await renderRecorded(<GiftCard />, {
      siteId: "lumiere",
      signedInAs: "active.v3@example.com",
    });
    const before = recorder.sent.length;
    await user.click(screen.getByRole("button", { name: "Consulter le solde" }));
    const field = screen.getByLabelText("Numéro de la carte cadeau");
    expect(field).toHaveFocus();
    expect(field).toHaveAccessibleDescription("Saisissez le numéro de la carte cadeau");
    expect(recorder.sent.length).toBe(before);
  });
});

describe("gift-card balance on the US site", () => {
  it("shows the balance in dollars", async () => {
    const { user } = await renderScreen(<GiftCard />, { siteId: "starlight", signedInAs: "active.v1@example.com" });
    await user.type(screen.getByLabelText("Gift card number"), "GCABCDEFGHIJ");
    await user.click(screen.getByRole("button", { name: "Check the balance" }));
    await waitFor(() =>
      expect(screen.getByRole("status")).toHaveTextContent("Gift card GCABCDEFGHIJ has $25.00 left."),
    );
  });
});
