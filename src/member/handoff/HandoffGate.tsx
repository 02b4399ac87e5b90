import { Suspense } from "react";
import { lazyFeature } from "../../lib/lazy-feature";
import { useCurrentLocation } from "../../links/LinkEnvironment";

const TicketingHandoff = lazyFeature<object>(() =>
  import("./TicketingHandoff").then((m) => ({ default: m.TicketingHandoff })),
);

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
