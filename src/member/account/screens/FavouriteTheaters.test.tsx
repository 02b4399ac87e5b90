// Favourite cinemas against the sandbox provider through the real proxy: the newsletter switch keeps
// the focus while its change is saved (WCAG 2.4.3) and the screen's status line says it was saved
// (4.1.3).
import { screen, waitFor } from "@testing-library/react";
import { withFocusFixup } from "../../../test/focus-fixup";
import {
  recordingSandboxFetch,
  registeredMember,
  renderScreen,
  sandboxClient,
  siteRuntime,
  withSandboxProvider,
} from "../../../test/screen-harness";
import FavouriteTheaters from "./FavouriteTheaters";
import { holdRoute } from "../../../test/held-route";

jest.mock("gatsby", () => jest.requireActual("../../../test/gatsby-mock"));

withSandboxProvider();
withFocusFixup();

const UPDATE = "/Member/v3/UpdateFavoriteCinemas";

describe("favourite cinemas on the French site (v3)", () => {
  it("Space on a newsletter switch: it keeps the focus, a press while saving is ignored, and the save is said", async () => {
    const theater = (await siteRuntime("lumiere")).theaters[0]!;
    const email = await registeredMember("lumiere");
    const recorder = recordingSandboxFetch();
    const update = holdRoute(UPDATE, recorder.fetchImpl);
    const { user } = await renderScreen(<FavouriteTheaters />, {
      siteId: "lumiere",
      signedInAs: email,
      client: (config) => sandboxClient(config, update.fetchImpl),
    });
    await user.click(await screen.findByRole("button", { name: `Ajouter ${theater.name} à mes cinémas favoris` }));
    const newsletter = await screen.findByRole("checkbox", { name: `Recevoir la newsletter de ${theater.name}` });
    expect(newsletter).toBeChecked();
    await waitFor(() => expect(screen.getByRole("status")).toBeEmptyDOMElement());
    const status = screen.getByRole("status");

    newsletter.focus();
    await user.keyboard(" ");
    await waitFor(() => expect(update.sent()).toBe(1));
    expect(status).toHaveTextContent("Enregistrement de vos cinémas favoris…");
    // Still focusable while the change is saved: said unavailable, not disabled.
    expect(newsletter).toHaveAttribute("aria-disabled", "true");
    expect(newsletter).not.toBeDisabled();
    expect(document.activeElement).toBe(newsletter);
    // A press meanwhile changes nothing and sends nothing: the switch shows the provider's answer.
    await user.keyboard(" ");
    expect(newsletter).toBeChecked();
    update.release();

    await waitFor(() =>
      expect(status).toHaveTextContent(`Votre préférence pour la newsletter de ${theater.name} a été enregistrée.`),
    );
    expect(screen.getByRole("status")).toBe(status);
    expect(newsletter).not.toBeChecked();
    expect(newsletter).not.toHaveAttribute("aria-disabled");
    expect(document.activeElement).toBe(newsletter);
    expect(update.sent()).toBe(1);
    expect(recorder.sent.filter((call) => call.path === UPDATE).map((call) => call.body)).toEqual([
      { favoriteCinemas: [{ boxofficeCinemaId: theater.theaterCode, subscribeToNewsletter: false }] },
    ]);

    // The next change of the list takes the news away.
    await user.click(screen.getByRole("button", { name: `Retirer ${theater.name} de mes cinémas favoris` }));
    await waitFor(() => expect(screen.queryByRole("checkbox")).toBeNull());
    expect(status).toBeEmptyDOMElement();
  });
});
