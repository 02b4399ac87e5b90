// The account's front page: who the member is in the club (level, points, card, membership end),
// the way to every other screen, the loyalty card as a barcode for the till and as a wallet pass,
// and the payment provider's customer portal. Just after sign-up it opens with a welcome
// (WelcomePanel), which then shows the card for the till in place of its own section.
import { useState } from "react";
import { useIntl } from "react-intl";
import styled from "styled-components";
import { Button, FormStatus } from "../../../components/forms/fields";
import { SiteLink } from "../../../links/SiteLink";
import { getLoyaltyCardWalletPass, getPaymentPortalSession, type WalletProvider } from "../../provider/api";
import { useFailureMessage } from "../../sign-in/useFailureMessage";
import { browserActions } from "../browser-actions";
import { memberFeatures } from "../member-features";
import { ACCOUNT_SCREENS, accountPath, isOffered } from "../routes";
import { isWelcomeState } from "../welcome";
import { CardTillCode } from "./CardTillCode";
import { ScreenSection, useAccountFormat, useAlert, useSignedInMember, WalletPassButtons } from "./member-kit";
import { WelcomePanel } from "./WelcomePanel";

const Details = styled.dl`
  display: grid;
  grid-template-columns: fit-content(50%) minmax(0, 1fr);
  gap: 0.4rem 1.25rem;
  margin: 0;
  dt {
    font-weight: ${({ theme }) => theme.fontWeights.bold};
  }
  dd {
    margin: 0;
  }
`;

const Links = styled.ul`
  margin: 0;
  padding-left: 1.25rem;
  li {
    margin: 0.3rem 0;
  }
`;

function PaymentPortal() {
  const intl = useIntl();
  const { client, sessionRef } = useSignedInMember();
  const failureMessage = useFailureMessage();
  const alert = useAlert();
  const [opening, setOpening] = useState(false);

  const open = async () => {
    const session = sessionRef.current;
    if (!session || opening) return;
    setOpening(true);
    alert.show(null);
    const result = await getPaymentPortalSession(client, session);
    if (!result.ok) {
      setOpening(false);
      alert.show(failureMessage(result.failure, intl.formatMessage({ id: "account.overview.payment.failed" })));
      return;
    }
    // Same tab: the portal is a step of managing this account, and it sends the member back.
    browserActions.go(result.value.url);
  };

  return (
    <ScreenSection aria-labelledby="account-overview-payment">
      <h2 id="account-overview-payment">{intl.formatMessage({ id: "account.overview.payment" })}</h2>
      <p>{intl.formatMessage({ id: "account.overview.payment.intro" })}</p>
      <Button type="button" $variant="primary" aria-busy={opening} onClick={() => void open()}>
        {intl.formatMessage({ id: "account.overview.payment.open" })}
      </Button>
      {alert.element}
      <FormStatus message={opening ? intl.formatMessage({ id: "account.overview.payment.opening" }) : null} />
    </ScreenSection>
  );
}

export default function Overview() {
  const intl = useIntl();
  const format = useAccountFormat();
  const { member, session, client, config, sessionRef } = useSignedInMember();
  // The account renders only in the browser, once the session is read: history is there.
  const [welcome] = useState(() => isWelcomeState(window.history.state));
  if (!member || !session) return null;
  const features = memberFeatures(config);
  const offer = { includeWatchlist: config.includeWatchlist, cypherVersion: session.cypherVersion };
  const screens = ACCOUNT_SCREENS.filter(
    (entry) => entry.inNavigation && entry.screen !== "overview" && isOffered(entry.screen, offer),
  );
  const cardNumber = member.cardNumber;

  const fetchCardPass = async (walletProvider: WalletProvider) => {
    const current = sessionRef.current ?? session;
    return getLoyaltyCardWalletPass(client, current, { walletProvider, cardNumber });
  };

  return (
    <>
      {welcome && <WelcomePanel firstName={member.firstName} cardNumber={cardNumber} offer={offer} />}
      <ScreenSection aria-labelledby="account-overview-membership">
        <h2 id="account-overview-membership">{intl.formatMessage({ id: "account.overview.membership" })}</h2>
        <Details>
          <dt>{intl.formatMessage({ id: "account.overview.name" })}</dt>
          <dd>
            {intl.formatMessage(
              { id: "account.overview.fullName" },
              { firstName: member.firstName, lastName: member.lastName },
            )}
          </dd>
          {member.levelName && (
            <>
              <dt>{intl.formatMessage({ id: "account.overview.level" })}</dt>
              <dd>{member.levelName}</dd>
            </>
          )}
          <dt>{intl.formatMessage({ id: "account.overview.points" })}</dt>
          <dd>{format.points(member.pointsBalance)}</dd>
          <dt>{intl.formatMessage({ id: "account.overview.card" })}</dt>
          <dd>{cardNumber || intl.formatMessage({ id: "account.overview.noCard" })}</dd>
          <dt>{intl.formatMessage({ id: "account.overview.membershipEnd" })}</dt>
          <dd>
            {member.expiresAt
              ? format.date(member.expiresAt)
              : intl.formatMessage({ id: "account.overview.neverExpires" })}
          </dd>
        </Details>
      </ScreenSection>

      {cardNumber && !welcome && (
        <ScreenSection aria-labelledby="account-overview-till">
          <h2 id="account-overview-till">{intl.formatMessage({ id: "account.overview.till" })}</h2>
          <CardTillCode cardNumber={cardNumber} />
        </ScreenSection>
      )}

      {/* Spec §7: the pass needs the circuit in its path (member-features.ts). */}
      {cardNumber && features.walletPasses && (
        <ScreenSection aria-labelledby="account-overview-wallet">
          <h2 id="account-overview-wallet">{intl.formatMessage({ id: "account.overview.wallet" })}</h2>
          <WalletPassButtons
            fetchPass={fetchCardPass}
            labels={{
              AppleWallet: intl.formatMessage({ id: "account.wallet.card.apple" }),
              GoogleWallet: intl.formatMessage({ id: "account.wallet.card.google" }),
            }}
          />
        </ScreenSection>
      )}

      <ScreenSection aria-labelledby="account-overview-manage">
        <h2 id="account-overview-manage">{intl.formatMessage({ id: "account.overview.manage" })}</h2>
        <Links>
          {screens.map((entry) => (
            <li key={entry.screen}>
              <SiteLink to={accountPath(entry.screen)}>
                {intl.formatMessage({ id: `account.screen.${entry.screen}` })}
              </SiteLink>
            </li>
          ))}
        </Links>
      </ScreenSection>

      <PaymentPortal />
    </>
  );
}
