import { Suspense } from "react";
import { lazyFeature } from "../../lib/lazy-feature";
import { useCurrentLocation } from "../../links/LinkEnvironment";
import { useMemberSession } from "../session/LoyaltyProvider";

const MemberHandoffs = lazyFeature(() => import("./MemberHandoffs"));

/**
 * The hand-offs only matter on a page opened with ?return= (spec §4), or with a ?token= held until
 * the member signed in answers "Continue as …?" (issue 43); only then is their code loaded.
 */
export function HandoffGate() {
  const { search } = useCurrentLocation();
  const { arrival } = useMemberSession();
  if (!arrival && !new URLSearchParams(search).has("return")) return null;
  return (
    <Suspense fallback={null}>
      <MemberHandoffs />
    </Suspense>
  );
}
