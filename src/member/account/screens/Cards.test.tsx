// Loyalty cards against the sandbox provider through the real proxy.
import { screen, waitFor, within } from "@testing-library/react";
import { getCards } from "../../provider/api";
import { withFocusFixup } from "../../../test/focus-fixup";
import { barsOfSvg, scanCode128 } from "../../../test/scan-code128";
import { browserActions } from "../browser-actions";
import Cards from "./Cards";
import {
  registeredMember,
  renderRecorded,
  renderScreen,
  retype,
  signedInClient,
  withSandboxProvider,
} from "../../../test/screen-harness";

jest.mock("gatsby", () => jest.requireActual("../../../test/gatsby-mock"));

withSandboxProvider();
withFocusFixup();

let serial = 0;
/** A card code no other test uses, in lower case as a member might type it. */
const freshCode = (label: string) => `t-${label}-${Date.now().toString(36)}-${++serial}`;

/** The cards as the provider has them, read with a sign-in of their own. */
async function cardsOnRecord(siteId: "lumiere" | "starlight", email: string) {
  const { client, session } = await signedInClient(siteId, email);
  const cards = await getCards(client, session);
  if (!cards.ok) throw new Error("cards failed");
  return cards.value;
}

const list = () => screen.getByRole("region", { name: /^(Mes cartes|My cards)$/ });
const modal = () => screen.getByRole("alertdialog");

const addForm = () => screen.getByRole("region", { name: /^(Ajouter une carte|Add a card)$/ });

async function addCard(
  user: Awaited<ReturnType<typeof renderScreen>>["user"],
  typed: string,
  label = "Numéro de carte",
  submit = "Ajouter la carte",
) {
  const field = screen.getByLabelText(label);
  await retype(user, field, typed);
  await user.click(screen.getByRole("button", { name: submit }));
  return field;
}

/** Adds a card and waits for the screen to say so (the member has been read again by then). */
async function addCardAndWait(
  user: Awaited<ReturnType<typeof renderScreen>>["user"],
  code: string,
  label?: string,
  submit?: string,
) {
  await addCard(user, code, label, submit);
  await within(addForm()).findByText(new RegExp(`${code.toUpperCase()}`));
}

describe("cards on the French site (v3)", () => {
  it("a new member has none; a card typed in lower case is shown and sent in capitals", async () => {
    const email = await registeredMember("lumiere");
    const { user, session, recorder } = await renderRecorded(<Cards />, { siteId: "lumiere", signedInAs: email });
    expect(await within(list()).findByText("Vous n'avez pas encore de carte de fidélité.")).toBeInTheDocument();

    const typed = freshCode("add");
    const code = typed.toUpperCase();
    const field = screen.getByLabelText("Numéro de carte");
    await user.type(field, typed);
    expect(field).toHaveValue(code);
    await user.click(screen.getByRole("button", { name: "Ajouter la carte" }));

    await waitFor(() =>
      expect(within(addForm()).getByRole("status")).toHaveTextContent(`La carte ${code} a été ajoutée.`),
    );
    // The news is read out where the member is; the focus is not taken away from the form.
    expect(addForm()).toContainElement(document.activeElement as HTMLElement);
    const item = within(list()).getByRole("heading", { level: 3, name: code }).closest("li");
    expect(item).toHaveTextContent("Active · Carte principale");
    expect(field).toHaveValue("");
    expect(recorder.sent.find((call) => call.route.startsWith("/Member/v3/AddCard"))?.body).toMatchObject({
      cardCode: code,
    });
    expect(await cardsOnRecord("lumiere", email)).toEqual([{ code, status: "active", primary: true }]);
    // The member's card number follows (refreshMember after the change).
    await waitFor(() => expect(session().member?.cardNumber).toBe(code));
  });

  it("a card added with the keyboard: the focus stays on the button, the add form's status line says it", async () => {
    const email = await registeredMember("lumiere");
    const { user } = await renderScreen(<Cards />, { siteId: "lumiere", signedInAs: email });
    expect(await within(list()).findByText("Vous n'avez pas encore de carte de fidélité.")).toBeInTheDocument();
    const status = within(addForm()).getByRole("status");
    expect(status).toBeEmptyDOMElement();
    const code = freshCode("keys").toUpperCase();
    await user.type(screen.getByLabelText("Numéro de carte"), code);
    await user.tab();
    const button = screen.getByRole("button", { name: "Ajouter la carte" });
    expect(button).toHaveFocus();
    await user.keyboard("{Enter}");

    await waitFor(() => expect(status).toHaveTextContent(`La carte ${code} a été ajoutée.`));
    expect(within(addForm()).getByRole("status")).toBe(status);
    expect(document.activeElement).toBe(button);
  });

  it("adding a card that is already active answers code 1020; the code stays in the field", async () => {
    const email = await registeredMember("lumiere");
    const { user } = await renderScreen(<Cards />, { siteId: "lumiere", signedInAs: email });
    await within(list()).findByText("Vous n'avez pas encore de carte de fidélité.");
    const field = await addCard(user, "cyp0000000001");
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Cette carte est déjà active (Code : 1020)");
    expect(alert).toHaveFocus();
    expect(field).toHaveValue("CYP0000000001");
  });

  it("an empty code is refused before sending, on the field", async () => {
    const email = await registeredMember("lumiere");
    const { user } = await renderScreen(<Cards />, { siteId: "lumiere", signedInAs: email });
    await within(list()).findByText("Vous n'avez pas encore de carte de fidélité.");
    await user.click(screen.getByRole("button", { name: "Ajouter la carte" }));
    const field = screen.getByLabelText("Numéro de carte");
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(field).toHaveAccessibleDescription(expect.stringContaining("Saisissez le numéro de la carte"));
  });

  it("reporting the main card lost is confirmed first; cancelling returns the focus", async () => {
    const email = await registeredMember("lumiere");
    const { user, session } = await renderScreen(<Cards />, { siteId: "lumiere", signedInAs: email });
    await within(list()).findByText("Vous n'avez pas encore de carte de fidélité.");
    const code = freshCode("lost").toUpperCase();
    await addCardAndWait(user, code);

    const report = screen.getByRole("button", { name: "Déclarer ma carte principale perdue" });
    await user.click(report);
    expect(modal()).toHaveAccessibleName(`Déclarer la carte ${code} perdue ?`);
    await user.click(within(modal()).getByRole("button", { name: "Annuler" }));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(report).toHaveFocus();

    await user.click(report);
    await user.click(within(modal()).getByRole("button", { name: "La déclarer perdue" }));
    const status = await within(list()).findByText(`La carte ${code} a été déclarée perdue.`);
    expect(status.closest("[tabindex]")).toHaveFocus();
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(within(list()).getByRole("heading", { level: 3, name: code }).closest("li")).toHaveTextContent(
      "Déclarée perdue",
    );
    expect(screen.queryByRole("button", { name: "Déclarer ma carte principale perdue" })).toBeNull();
    // A lost card is blocked: no barcode to show at the till.
    expect(within(list()).queryByRole("img")).toBeNull();
    expect(await cardsOnRecord("lumiere", email)).toEqual([{ code, status: "lost", primary: false }]);
    await waitFor(() => expect(session().member?.cardNumber).not.toBe(code));
  });

  it("each active card shows its Code 128 barcode for the till; its full-screen view opens and closes with the keyboard", async () => {
    const email = await registeredMember("lumiere");
    const { user } = await renderScreen(<Cards />, { siteId: "lumiere", signedInAs: email });
    await within(list()).findByText("Vous n'avez pas encore de carte de fidélité.");
    const first = freshCode("till").toUpperCase();
    const second = freshCode("till").toUpperCase();
    await addCardAndWait(user, first);
    await addCardAndWait(user, second);

    for (const code of [first, second]) {
      const item = within(list()).getByRole("heading", { level: 3, name: code }).closest("li") as HTMLElement;
      const image = await within(item).findByRole("img", { name: `Carte ${code}` });
      expect(scanCode128(barsOfSvg(image))).toBe(code);
      expect(within(item).getByRole("button", { name: "Plein écran pour la caisse" })).toHaveAccessibleDescription(
        code,
      );
    }

    const item = within(list()).getByRole("heading", { level: 3, name: second }).closest("li") as HTMLElement;
    const open = within(item).getByRole("button", { name: "Plein écran pour la caisse" });
    open.focus();
    await user.keyboard("{Enter}");
    const dialog = screen.getByRole("dialog", { name: `Carte ${second} pour la caisse` });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    expect(scanCode128(barsOfSvg(within(dialog).getByRole("img", { name: `Carte ${second}` })), { scale: 3 })).toBe(
      second,
    );
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(open).toHaveFocus();
  });

  it("deleting a card is confirmed first; Escape cancels", async () => {
    const email = await registeredMember("lumiere");
    const { user, session } = await renderScreen(<Cards />, { siteId: "lumiere", signedInAs: email });
    await within(list()).findByText("Vous n'avez pas encore de carte de fidélité.");
    const first = freshCode("keep").toUpperCase();
    const second = freshCode("delete").toUpperCase();
    await addCardAndWait(user, first);
    await addCardAndWait(user, second);

    const remove = screen.getByRole("button", { name: `Supprimer la carte ${second}` });
    await user.click(remove);
    expect(modal()).toHaveAccessibleName(`Supprimer la carte ${second} ?`);
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(remove).toHaveFocus();

    await user.click(remove);
    await user.click(within(modal()).getByRole("button", { name: "Supprimer la carte" }));
    expect(await within(list()).findByText(`La carte ${second} a été supprimée.`)).toBeInTheDocument();
    expect(within(list()).queryByRole("heading", { level: 3, name: second })).toBeNull();
    expect(await cardsOnRecord("lumiere", email)).toEqual([{ code: first, status: "active", primary: true }]);
    await waitFor(() => expect(session().member?.cardNumber).toBe(first));
  });
});

describe("cards on the US site (v1)", () => {
  afterEach(() => jest.restoreAllMocks());

  it("deletes through the v1 route, and offers each active card as a wallet pass", async () => {
    const download = jest.spyOn(browserActions, "download").mockImplementation(() => undefined);
    const email = await registeredMember("starlight", { mobileNumber: "+12015550123" });
    const { user, session, recorder } = await renderRecorded(<Cards />, { siteId: "starlight", signedInAs: email });
    await within(list()).findByText("You have no loyalty card yet.");
    const code = freshCode("us").toUpperCase();
    await addCardAndWait(user, code, "Card number", "Add the card");

    expect(await within(list()).findByRole("img", { name: `Card ${code}` })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: `Add card ${code} to Apple Wallet` }));
    await waitFor(() => expect(download).toHaveBeenCalledWith(expect.anything(), `${code}.pkpass`));

    await user.click(screen.getByRole("button", { name: `Delete card ${code}` }));
    await user.click(within(modal()).getByRole("button", { name: "Delete the card" }));
    expect(await within(list()).findByText(`Card ${code} has been deleted.`)).toBeInTheDocument();
    expect(recorder.paths()).toEqual(
      expect.arrayContaining(["/Member/v3/AddCard", "/Member/DeleteCard", `/AppleWallet/CreateLoyaltyCard/STARLIGHT`]),
    );
    await waitFor(() => expect(session().member?.cardNumber).toBe(""));
  });
});
