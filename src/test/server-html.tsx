// What a visitor's browser does with a server-rendered section, for component tests: the server's
// HTML parsed into a container of the document, its inline script run as the parser runs it
// (before the first paint), then React hydrating that HTML. Shared by the home page's next
// showtimes and the film page's programme, whose scripts must show what React then shows.
import { act, type ReactElement } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";

export interface ServerHtmlStage {
  /** This test's container, in the document. */
  readonly container: HTMLDivElement;
  /** Puts `element`'s server HTML in the container and runs its inline script (the first `script` matches) as the parser would. */
  parse(element: ReactElement, script?: string): void;
  /** Hydrates the container's HTML with `element`; the root is unmounted after the test. */
  hydrate(element: ReactElement): Promise<void>;
}

/** A fresh container for each test of the file (or describe), unmounted and removed after it. */
export function withServerHtmlStage(): ServerHtmlStage {
  let container: HTMLDivElement | null = null;
  let root: Root | null = null;
  beforeEach(() => {
    container = document.createElement("div");
    document.body.append(container);
  });
  afterEach(() => {
    act(() => root?.unmount());
    root = null;
    container?.remove();
    container = null;
  });
  const current = (): HTMLDivElement => {
    if (!container) throw new Error("server-html: no container outside a test");
    return container;
  };
  return {
    get container() {
      return current();
    },
    parse(element, script = "script") {
      const target = current();
      target.innerHTML = renderToString(element);
      // innerHTML does not run scripts; a parser-inserted copy in the same place does.
      const inline = target.querySelector(script)!;
      const running = document.createElement("script");
      running.textContent = inline.textContent;
      inline.replaceWith(running);
    },
    async hydrate(element) {
      await act(async () => {
        root = hydrateRoot(current(), element);
      });
    },
  };
}
