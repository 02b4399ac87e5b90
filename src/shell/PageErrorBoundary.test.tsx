import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { PageErrorBoundary } from "./PageErrorBoundary";
import { SERVER_ERROR_PATH } from "../lib/paths";
import { chunkLoadError, quietConsoleErrors } from "../test/chunk-load";

function Broken(): never {
  throw new Error("film is null");
}

const consoleError = quietConsoleErrors();

describe("spec §8: a page that fails falls back to the 500 page", () => {
  it("a render error sends the visitor to /500/ and is logged", () => {
    const leave = jest.fn();
    render(
      <PageErrorBoundary pathname="/films/1-x/" leave={leave}>
        <Broken />
      </PageErrorBoundary>,
    );
    expect(leave).toHaveBeenCalledWith(SERVER_ERROR_PATH);
    expect(consoleError()).toHaveBeenCalledWith(expect.stringContaining("film is null"), expect.anything());
    expect(screen.getByRole("alert")).toHaveTextContent("Something went wrong");
  });

  it("on the 500 page itself it stays, with a plain message in the page's language", () => {
    document.documentElement.lang = "fr-FR";
    const leave = jest.fn();
    render(
      <PageErrorBoundary pathname={SERVER_ERROR_PATH} leave={leave}>
        <Broken />
      </PageErrorBoundary>,
    );
    expect(leave).not.toHaveBeenCalled();
    expect(screen.getByRole("alert")).toHaveTextContent("Une erreur est survenue.");
    document.documentElement.lang = "";
  });

  it("a page that renders is left alone", () => {
    const leave = jest.fn();
    render(
      <PageErrorBoundary pathname="/" leave={leave}>
        <h1>Accueil</h1>
      </PageErrorBoundary>,
    );
    expect(screen.getByRole("heading")).toHaveTextContent("Accueil");
    expect(leave).not.toHaveBeenCalled();
  });
});

describe("a chunk that did not load is not a page failure (offline, a deploy in between)", () => {
  it("stays at the page's address and offers to try again, which renders the page again", async () => {
    document.documentElement.lang = "fr-FR";
    let missing = true;
    function NeedsChunk() {
      if (missing) throw chunkLoadError(651);
      return <h1>Films</h1>;
    }
    const leave = jest.fn();
    render(
      <PageErrorBoundary pathname="/films/" leave={leave}>
        <NeedsChunk />
      </PageErrorBoundary>,
    );
    expect(leave).not.toHaveBeenCalled();
    expect(screen.getByRole("alert")).toHaveTextContent("Une partie de cette page n'a pas pu être chargée.");
    expect(consoleError()).toHaveBeenCalledWith(expect.stringContaining("page code failed to load"));

    missing = false;
    await userEvent.click(screen.getByRole("button", { name: "Réessayer" }));
    expect(screen.getByRole("heading")).toHaveTextContent("Films");
    expect(leave).not.toHaveBeenCalled();
    document.documentElement.lang = "";
  });
});
