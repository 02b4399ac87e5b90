import { useCurrentLocation } from "../../links/LinkEnvironment";
import { useMemberSession } from "../session/LoyaltyProvider";
import { ContinueAsDialog } from "../sign-in/ContinueAsDialog";
import { TicketingHandoff } from "./TicketingHandoff";

/**
 * What HandoffGate loads: the question a held ?token= asks (issue 43) and the ticketing hand-off
 * of ?return= (spec §4), which waits for that answer.
 */
export default function MemberHandoffs() {
  const { search } = useCurrentLocation();
  const { arrival } = useMemberSession();
  return (
    <>
      {arrival && <ContinueAsDialog key={arrival} token={arrival} />}
      {new URLSearchParams(search).has("return") && <TicketingHandoff />}
    </>
  );
}
