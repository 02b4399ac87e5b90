// The overview's welcome after sign-up (issue 46, src/member/account/welcome.ts): the new card as
// a number and as a code for the till, then two next steps. It takes the focus when it appears, so
// a screen reader starts there rather than at the top of a page it did not ask for.
import { useEffect, useRef } from "react";
import { useIntl } from "react-intl";
import styled from "styled-components";
import { SiteLink } from "../../../links/SiteLink";
import { accountPath, type AccountOffer } from "../routes";
import { welcomeSteps, type WelcomeStep } from "../welcome";
import { CardTillCode } from "./CardTillCode";

const Panel = styled.section`
  margin-bottom: 2rem;
  padding: 1rem 1.25rem;
  border-radius: ${({ theme }) => theme.radii.content};
  border-left: 0.35rem solid ${({ theme }) => theme.colours.visiblePrimary};
  background: ${({ theme }) => theme.colours.backgroundWithOffset};
  > h2 {
    margin-top: 0;
  }
  > h2:focus {
    outline: none;
  }
  h3 {
    margin: 1rem 0 0.4rem;
    font-size: 1.05rem;
  }
  ul {
    margin: 0;
    padding-left: 1.25rem;
  }
  li {
    margin: 0.3rem 0;
  }
`;

/** Where each step leads: an account screen, or the programme (films are kept from their cards). */
const STEP_PATHS: Readonly<Record<WelcomeStep, string>> = {
  cinemas: accountPath("cinemas"),
  watchlist: "/films/",
  programme: "/films/",
  rewards: accountPath("rewards"),
};

export function WelcomePanel({
  firstName,
  cardNumber,
  offer,
}: {
  readonly firstName: string;
  readonly cardNumber: string;
  readonly offer: AccountOffer;
}) {
  const intl = useIntl();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Panel aria-labelledby="account-welcome-title">
      <h2 id="account-welcome-title" ref={heading} tabIndex={-1}>
        {intl.formatMessage({ id: "account.overview.welcome.title" }, { name: firstName })}
      </h2>
      {cardNumber ? (
        <>
          <p>{intl.formatMessage({ id: "account.overview.welcome.card" }, { cardNumber })}</p>
          <CardTillCode cardNumber={cardNumber} />
        </>
      ) : (
        <p>{intl.formatMessage({ id: "account.overview.welcome.noCard" })}</p>
      )}
      <h3>{intl.formatMessage({ id: "account.overview.welcome.next" })}</h3>
      <ul>
        {welcomeSteps(offer).map((step) => (
          <li key={step}>
            <SiteLink to={STEP_PATHS[step]}>
              {intl.formatMessage({ id: `account.overview.welcome.step.${step}` })}
            </SiteLink>
          </li>
        ))}
      </ul>
    </Panel>
  );
}
