import { navigate } from "gatsby";
import { useEffect, useRef, useState } from "react";
import { useIntl } from "react-intl";
import styled from "styled-components";
import { useCurrentLocation } from "../../links/LinkEnvironment";
import { useSiteRuntime } from "../../runtime/SiteRuntime";
import { Spinner } from "../../theme/Spinner";
import { HANDOFF_REDIRECT_DELAY_MS, handoffTarget, invalidTokenPath, planHandoff, returnRefusal } from "./handoff";
import { useMemberSession } from "../session/LoyaltyProvider";
import { searchWithoutToken } from "../sign-in/continue-as";
import { OPENED_QUERY_STATE, openedQuery, REQUEST_DATA_PARAM } from "../../tracking/analytics/private-params";
import { Dialog } from "../../components/Dialog";

const OverlayBody = styled.div`
  display: grid;
  justify-items: center;
  gap: 1rem;
  text-align: center;
  a {
    display: inline-block;
    padding: 0.6rem 1.2rem;
    border-radius: ${({ theme }) => theme.radii.buttons};
    background: ${({ theme }) => theme.colours.primary};
    color: ${({ theme }) => theme.colours.readableOnPrimary};
    font-weight: ${({ theme }) => theme.fontWeights.bold};
    text-decoration: none;
  }
`;

type Stage =
  { kind: "idle" } | { kind: "overlay"; url: string } | { kind: "post"; action: string; fields: [string, string][] };

/**
 * Spec §4 "Ticketing hand-off for a logged-in member": a member arriving with ?return= is sent to
 * the ticketing service with their token, once the token has been validated. Version 1: overlay,
 * then a GET after 5 s; version 3: an auto-submitted POST form. An invalid token signs the member
 * out and lands on the login page with the query kept.
 */
export function TicketingHandoff() {
  const intl = useIntl();
  const site = useSiteRuntime();
  const { search } = useCurrentLocation();
  const { status, session, member, config, validateToken, arrival } = useMemberSession();
  const [stage, setStage] = useState<Stage>({ kind: "idle" });
  const started = useRef<string | null>(null);
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const form = useRef<HTMLFormElement>(null);

  const returnPath = new URLSearchParams(search).get("return");
  const ticketingUrl = site.ticketingUrl;
  // A return that would leave the ticketing service's host or path is never followed (issue 43):
  // the visitor is told why, once, rather than left wondering.
  const refusal = returnRefusal(ticketingUrl, returnPath);
  const [refusalSeen, setRefusalSeen] = useState(false);

  useEffect(() => {
    // A ?token= held for the member's answer (issue 43) decides first whose session goes to ticketing.
    if (
      arrival ||
      status !== "loggedIn" ||
      !session ||
      !returnPath ||
      started.current === `${returnPath}|${session.token}`
    )
      return;
    const plan = planHandoff({ session, member, config, ticketingUrl, returnPath });
    if (plan === "none") return;
    const handoff = `${returnPath}|${session.token}`;
    started.current = handoff;
    let cancelled = false;
    void validateToken().then((valid) => {
      if (!valid) {
        // The logout an invalid token makes has already rendered this screen again (the session
        // is a store, whose changes render at once) and so cancelled this run: the redirect holds
        // while this hand-off is still the page's one.
        // The query is kept (spec §4): its private part (issue 44: `requestData`, for the hand-off
        // once the member has signed in there) in the login page's history entry, as the page
        // started; not the token just refused.
        if (mounted.current && started.current === handoff)
          void navigate(invalidTokenPath(site.loginPageSlug, search), {
            replace: true,
            state: { [OPENED_QUERY_STATE]: searchWithoutToken(openedQuery()) },
          });
        return;
      }
      if (cancelled) return;
      const target = handoffTarget(plan, {
        ticketingUrl,
        returnPath,
        tokenParam: config.tokenParam,
        token: session.token,
        // Private (issue 44): out of the address bar as the page started, kept in its history entry.
        requestData: new URLSearchParams(openedQuery()).get(REQUEST_DATA_PARAM),
      });
      if (!target) return;
      setStage(
        target.method === "GET"
          ? { kind: "overlay", url: target.url }
          : { kind: "post", action: target.action, fields: target.fields },
      );
    });
    return () => {
      cancelled = true;
    };
  }, [arrival, status, session, member, config, ticketingUrl, returnPath, validateToken, site.loginPageSlug, search]);

  useEffect(() => {
    if (stage.kind === "post") form.current?.submit();
    if (stage.kind !== "overlay") return;
    const timer = window.setTimeout(() => window.location.assign(stage.url), HANDOFF_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [stage]);

  // One dialog at a time: the "Continue as …?" question first.
  if (arrival) return null;
  if (refusal && !refusalSeen) {
    return (
      <Dialog
        title={intl.formatMessage({ id: "member.handoff.refusedTitle" })}
        closeLabel={intl.formatMessage({ id: "member.login.close" })}
        onClose={() => setRefusalSeen(true)}
        role="alertdialog"
      >
        <p>{intl.formatMessage({ id: "member.handoff.refusedOutside" })}</p>
      </Dialog>
    );
  }
  if (stage.kind === "post") {
    return (
      <form ref={form} method="post" action={stage.action} hidden>
        {stage.fields.map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
      </form>
    );
  }
  if (stage.kind === "overlay") {
    return (
      <Dialog
        title={intl.formatMessage({ id: "member.handoff.title" })}
        closeLabel=""
        onClose={() => undefined}
        dismissible={false}
      >
        <OverlayBody>
          <p role="status">{intl.formatMessage({ id: "member.handoff.redirecting" })}</p>
          <Spinner title={intl.formatMessage({ id: "common.loading" })} />
          <a href={stage.url}>{intl.formatMessage({ id: "member.handoff.clickHere" })}</a>
        </OverlayBody>
      </Dialog>
    );
  }
  return null;
}
