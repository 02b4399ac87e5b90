// How the page's React tree takes over the server-rendered HTML. Gatsby hydrates in one go: on a
// film page that is a single main-thread task of hundreds of milliseconds on a phone, during which
// a tap waits (Lighthouse's total blocking time). Hydrating inside a transition lets React yield to
// the browser every few milliseconds instead, as Next.js does; the HTML is on screen either way.
// A page whose server HTML is empty (a client-only route) is rendered, not hydrated, as Gatsby does.
import { startTransition, type ReactNode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";

export function hydrateInTransition(element: ReactNode, container: Element | null): void {
  if (!container) return;
  const wrapper = container.querySelector("#gatsby-focus-wrapper");
  if (wrapper && wrapper.children.length > 0) {
    startTransition(() => {
      hydrateRoot(container, element);
    });
    return;
  }
  createRoot(container).render(element);
}
