import { lazy, Suspense } from "react";
import { useCurrentLocation } from "../../links/LinkEnvironment";

const TicketingHandoff = lazy(() => import("./TicketingHandoff").then((m) => ({ default: m.TicketingHandoff })));

/** The hand-off only matters on a page opened with ?return= (spec §4); only then is its code loaded. */
export function HandoffGate() {
  const { search } = useCurrentLocation();
  if (!new URLSearchParams(search).has("return")) return null;
  return (
    <Suspense fallback={null}>
      <TicketingHandoff />
    </Suspense>
  );
}
