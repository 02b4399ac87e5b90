// The member session for the whole page, as React reads it: the session (state, storage, refresh
// schedule, calls) is session/controller.ts, made once per mount and started after hydration, so
// the server render always shows a logged-out visitor. Exports only hooks.
import { startTransition, useEffect, useMemo, useState, useSyncExternalStore } from "react";
import { requiredContext } from "../../lib/required-context";
import type { ReactNode } from "react";
import { SessionLinkProvider, type SessionLinkBridge } from "../../links/LinkEnvironment";
import { useSiteRuntime } from "../../runtime/SiteRuntime";
import { withCurrentCinema } from "../config";
import { createMemberSessionController, shownSession } from "./controller";
import type { MemberSessionOptions, MemberSessionValue } from "./controller";

export { ACCOUNT_EXPIRED_CODE, externalTokenOf } from "./controller";
export type { LoginDialogControl, MemberSessionValue, Outcome } from "./controller";

const [MemberSessionContext, useMemberSession] = requiredContext<MemberSessionValue>(
  "useMemberSession",
  "LoyaltyProvider",
);
export { useMemberSession };

/** Read once, when the provider mounts, but for the current theater. */
export interface LoyaltyProviderProps extends Pick<
  MemberSessionOptions,
  "client" | "externalToken" | "now" | "refreshMemory" | "tokenHandover"
> {
  readonly children: ReactNode;
  readonly currentCinemaId?: MemberSessionOptions["currentCinemaId"];
}

const systemNow = () => new Date();
const unsubscribed = () => () => undefined;

export function LoyaltyProvider({ children, currentCinemaId = null, now = systemNow, ...given }: LoyaltyProviderProps) {
  const { loyalty: siteConfig, loyaltyBrand: brand } = useSiteRuntime();
  const [controller] = useState(() =>
    createMemberSessionController({ ...given, now, config: siteConfig, brand, currentCinemaId }),
  );
  // Read by every call when it is made, so a client outlives theater changes (a visitor who picks
  // another theater, a client-side navigation to another theater's page).
  controller.setCurrentCinemaId(currentCinemaId);
  // A store's changes always render at once (useSyncExternalStore), never in a transition: the
  // controller is read once it has started, and a guest's first read is the transition.
  const [reading, setReading] = useState(false);
  const { state, ready, loginDialog, arrival } = useSyncExternalStore(
    reading ? controller.subscribe : unsubscribed,
    reading ? controller.getSnapshot : controller.getServerSnapshot,
    controller.getServerSnapshot,
  );
  useEffect(() => {
    // Nothing urgent for a guest: a render React may interrupt (see useNow).
    if (controller.start() === "guest") startTransition(() => setReading(true));
    else setReading(true);
    return controller.dispose;
  }, [controller]);

  const config = useMemo(() => withCurrentCinema(siteConfig, currentCinemaId), [siteConfig, currentCinemaId]);
  const { status, member, session, expired } = shownSession(state, config, now());
  const { loginError } = state;
  const value = useMemo<MemberSessionValue>(
    () => ({
      ...controller.actions,
      status,
      member,
      session,
      expired,
      ready,
      loginError,
      config,
      loginDialog,
      arrival,
    }),
    [controller, status, member, session, expired, ready, loginError, config, loginDialog, arrival],
  );
  const token = session?.token ?? null;
  const bridge = useMemo<SessionLinkBridge>(
    () => ({ token, runAction: controller.runLinkAction }),
    [token, controller],
  );

  return (
    <MemberSessionContext.Provider value={value}>
      <SessionLinkProvider value={bridge}>{children}</SessionLinkProvider>
    </MemberSessionContext.Provider>
  );
}
