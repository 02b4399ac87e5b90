// The card's barcode loads as a chunk of its own. While it loads, an empty box of its size holds its
// place beside the number; offline (the chunk does not arrive) the number stays, alone, and nothing
// else on the page is touched; a number Code 128 cannot write is shown as text only.
import { render, screen, waitFor } from "@testing-library/react";
import { IntlProvider } from "react-intl";
import { messagesFor } from "../../../i18n/catalogues";
import { reloadFailedFeatures } from "../../../lib/lazy-feature";
import { quietConsoleErrors } from "../../../test/chunk-load";
import { builtRuntime } from "../../../test/site-runtime";
import { SiteThemeProvider } from "../../../theme/ThemeProvider";
import { CardTillCode } from "./CardTillCode";

/** Whether the barcode's chunk can be fetched; while not, importing it fails as webpack's does. */
let mockChunkReachable = false;
jest.mock("./CardBarcodeView", () => {
  if (!mockChunkReachable) throw jest.requireActual("../../../test/chunk-load").chunkLoadError(812);
  return jest.requireActual("./CardBarcodeView");
});

// React reports the error the feature's boundary catches.
quietConsoleErrors();

async function renderCode(cardNumber: string) {
  const runtime = await builtRuntime("lumiere");
  return render(
    <IntlProvider locale={runtime.locale} messages={messagesFor(runtime.locale)}>
      <SiteThemeProvider theme={runtime.siteTheme}>
        <main>
          <p>Page content</p>
          <CardTillCode cardNumber={cardNumber} />
        </main>
      </SiteThemeProvider>
    </IntlProvider>,
  );
}

const placeholder = (container: HTMLElement) => container.querySelector<HTMLElement>('[aria-hidden="true"]');

// In this order: the chunk's import is kept once it has loaded (src/lib/lazy.ts).
describe("the card's barcode chunk", () => {
  it("does not arrive: the number stays as text, with no alert and nothing else changed", async () => {
    const { container } = await renderCode("CYP0000000001");
    expect(placeholder(container)).not.toBeNull();
    await waitFor(() => expect(placeholder(container)).toBeNull());
    expect(screen.getByText("CYP0000000001")).toBeInTheDocument();
    expect(screen.getByText("Page content")).toBeInTheDocument();
    expect(screen.queryByRole("img")).toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("loads: the placeholder and the barcode take the same box, the number stays under it", async () => {
    mockChunkReachable = true;
    reloadFailedFeatures();
    const { container } = await renderCode("CYP0000000001");
    const box = placeholder(container);
    expect(box).not.toBeNull();
    expect(box).toBeEmptyDOMElement();
    expect(box?.nextElementSibling).toHaveTextContent(/^CYP0000000001$/);

    const image = await screen.findByRole("img", { name: "Carte CYP0000000001" });
    expect(placeholder(container)).toBeNull();
    // The same styled box (so the same size) around the barcode as the placeholder was.
    expect(image.parentElement?.className).toBe(box?.className);
    expect(image.parentElement?.nextElementSibling).toHaveTextContent(/^CYP0000000001$/);
  });

  it.each([
    ["an accented letter", "CARTÉ-1"],
    ["a euro sign", "CYP€1"],
  ])("a number with %s, which Code 128 cannot write, is shown as text only", async (_label, cardNumber) => {
    const { container } = await renderCode(cardNumber);
    await waitFor(() => expect(placeholder(container)).toBeNull());
    expect(screen.getByText(cardNumber)).toBeInTheDocument();
    expect(screen.queryByRole("img")).toBeNull();
    expect(screen.queryByRole("button")).toBeNull();
  });
});
