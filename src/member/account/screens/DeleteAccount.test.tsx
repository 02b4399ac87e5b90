// Account deletion against the sandbox provider through the real proxy.
import { setTimeout as sleep } from "node:timers/promises";
import { act, screen, waitFor, within } from "@testing-library/react";
import { restoreSession } from "../../session/persistence";
import type * as GatsbyMock from "../../../test/gatsby-mock";
import DeleteAccount, { SIGN_OUT_FALLBACK_MS } from "./DeleteAccount";
import {
  registeredMember,
  renderRecorded,
  renderScreen,
  signInAnswer,
  withSandboxProvider,
} from "../../../test/screen-harness";

jest.mock("gatsby", () => jest.requireActual("../../../test/gatsby-mock"));

const sandbox = withSandboxProvider();
const gatsby = jest.requireMock<typeof GatsbyMock>("gatsby");

afterEach(() => {
  jest.restoreAllMocks();
  jest.useRealTimers();
});

describe("deleting the account on the French site (v3)", () => {
  it("the confirmation names what is lost; cancelling (button or Escape) keeps the account and returns the focus", async () => {
    const { user } = await renderScreen(<DeleteAccount />, { siteId: "lumiere", signedInAs: "active.v3@example.com" });
    const open = screen.getByRole("button", { name: "Supprimer mon compte" });
    await user.click(open);
    const dialog = screen.getByRole("alertdialog", { name: "Supprimer votre compte ?" });
    const losses = within(dialog).getByRole("list", { name: "Vous perdrez définitivement :" });
    expect(
      within(losses)
        .getAllByRole("listitem")
        .map((item) => item.textContent?.replace(/[\u00a0\u202f]/g, " ")),
    ).toEqual([
      "votre solde de 1 250 points",
      "vos cartes de fidélité, dont la carte CYP0000000001",
      "l'historique de vos commandes et de vos points",
      "votre liste de films",
      "vos cinémas favoris et leurs lettres d'information",
    ]);
    await user.click(within(dialog).getByRole("button", { name: "Conserver mon compte" }));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(open).toHaveFocus();

    await user.click(open);
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(open).toHaveFocus();
    expect((await signInAnswer("lumiere", "active.v3@example.com")).ok).toBe(true);
  });

  it("confirming deletes the member, heads home with the news, and ends the session as the screen goes: sign-in then answers 30", async () => {
    const email = await registeredMember("lumiere");
    const navigated = gatsby.navigations.length;
    const { user, session, unmount, recorder } = await renderRecorded(<DeleteAccount />, {
      siteId: "lumiere",
      signedInAs: email,
    });
    await user.click(screen.getByRole("button", { name: "Supprimer mon compte" }));
    await user.click(
      within(screen.getByRole("alertdialog")).getByRole("button", { name: "Supprimer définitivement mon compte" }),
    );

    expect(await screen.findByText("Votre compte a été supprimé et vous avez été déconnecté·e.")).toHaveAttribute(
      "role",
      "status",
    );
    // Read from the mock's record: a spy cannot replace an export of a compiled ES module.
    expect(gatsby.navigations.slice(navigated)).toEqual(["/"]);
    expect(gatsby.navigationOptions.slice(navigated)).toEqual([{ replace: true, state: { accountDeleted: true } }]);
    const deletion = recorder.sent.find((call) => call.route.startsWith("/Member/v3/Delete/"));
    expect(new URL(deletion?.route ?? "", "http://upstream.invalid").searchParams.get("memberId")).toBe(
      session().member?.memberId,
    );
    expect(await signInAnswer("lumiere", email)).toEqual({
      ok: false,
      failure: expect.objectContaining({ kind: "provider", code: 30 }),
    });

    // The home page replaces the account page: the session ends, nothing stays stored.
    unmount();
    await waitFor(() => expect(restoreSession()).toBeNull());
    await waitFor(() => expect(recorder.paths()).toContain("/Member/v3/Logout"));
  });

  it("should the page stay, the session still ends after a while", async () => {
    const email = await registeredMember("lumiere");
    // Only the clock's timers are fake, so the calls to the sandbox run on Node's own ticks.
    jest.useFakeTimers({ advanceTimers: true, doNotFake: ["nextTick", "setImmediate", "queueMicrotask"] });
    const { user, session } = await renderScreen(<DeleteAccount />, { siteId: "lumiere", signedInAs: email });
    await user.click(screen.getByRole("button", { name: "Supprimer mon compte" }));
    await user.click(
      within(screen.getByRole("alertdialog")).getByRole("button", { name: "Supprimer définitivement mon compte" }),
    );
    await screen.findByText("Votre compte a été supprimé et vous avez été déconnecté·e.");
    expect(session().member).not.toBeNull();
    // The fallback timer is set by an effect after the message renders: let effects run first.
    await act(async () => undefined);
    act(() => jest.advanceTimersByTime(SIGN_OUT_FALLBACK_MS));
    // The sign-out is a real call to the sandbox, which may itself use timers: keep the fake clock
    // (it moves with real time) and poll on the real one, as waitFor would poll on the fake one.
    // Up to 10 s: on a loaded 2-core runner the sandbox's sign-out took more than 5 (one run in the full suite).
    for (let waited = 0; session().member !== null && waited < 10_000; waited += 50) await act(() => sleep(50));
    expect(session().member).toBeNull();
  });

  it("a deletion the provider refuses is reported in the dialog, focused; the member stays", async () => {
    const email = await registeredMember("lumiere");
    const { user, session } = await renderScreen(<DeleteAccount />, { siteId: "lumiere", signedInAs: email });
    await user.click(screen.getByRole("button", { name: "Supprimer mon compte" }));
    sandbox().forceNextError("/Member/v3/Delete/", 1);
    const dialog = screen.getByRole("alertdialog");
    await user.click(within(dialog).getByRole("button", { name: "Supprimer définitivement mon compte" }));
    const alert = await within(dialog).findByRole("alert");
    expect(alert).toHaveTextContent("Votre compte n'a pas pu être supprimé. Veuillez réessayer.");
    expect(alert).toHaveFocus();
    expect(session().member?.email).toBe(email);
    expect((await signInAnswer("lumiere", email)).ok).toBe(true);
  });
});

describe("deleting the account on the US site (v1)", () => {
  it("names only what a version 1 member has, and deletes with the v1 session", async () => {
    const email = await registeredMember("starlight", { mobileNumber: "+12015550123" });
    const { user } = await renderScreen(<DeleteAccount />, { siteId: "starlight", signedInAs: email });
    await user.click(screen.getByRole("button", { name: "Delete my account" }));
    const dialog = screen.getByRole("alertdialog", { name: "Delete your account?" });
    expect(
      within(dialog)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["your balance of 0 points", "your loyalty cards", "your order and points history"]);
    await user.click(within(dialog).getByRole("button", { name: "Delete my account permanently" }));
    expect(await screen.findByText("Your account has been deleted and you have been signed out.")).toHaveAttribute(
      "role",
      "status",
    );
    expect(await signInAnswer("starlight", email)).toEqual({
      ok: false,
      failure: expect.objectContaining({ kind: "provider", code: 30 }),
    });
  });
});
