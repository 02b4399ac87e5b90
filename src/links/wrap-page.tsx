import type { ReactElement } from "react";
import { CurrentLocationProvider, type CurrentLocation } from "./LinkEnvironment";

/** wrapPageElement for gatsby-browser and gatsby-ssr: every page knows where it is. */
export function wrapPageWithLocation({
  element,
  props,
}: {
  element: ReactElement;
  props: { location: Partial<CurrentLocation> };
}) {
  const location = { pathname: props.location.pathname ?? "/", search: props.location.search ?? "" };
  return <CurrentLocationProvider location={location}>{element}</CurrentLocationProvider>;
}
