import type { ReactElement } from "react";
import { EmbeddingModeProvider } from "../embedding/EmbeddingModeProvider";
import { CurrentLocationProvider, type CurrentLocation } from "./LinkEnvironment";

/** wrapPageElement for gatsby-browser and gatsby-ssr: every page knows where it is, and whether its tab is embedded. */
export function wrapPageWithLocation({
  element,
  props,
}: {
  element: ReactElement;
  props: { location: Partial<CurrentLocation> };
}) {
  const location = { pathname: props.location.pathname ?? "/", search: props.location.search ?? "" };
  return (
    <CurrentLocationProvider location={location}>
      <EmbeddingModeProvider search={location.search}>{element}</EmbeddingModeProvider>
    </CurrentLocationProvider>
  );
}
