// The trailer's player, loaded by the facade's first click (TrailerFacade.tsx). A video host's
// player waits for the visitor's consent where the site has a consent manager (trailerMayLoad):
// until then the box says why and offers the consent choices and the host's own page.
import { useEffect, useState } from "react";
import { useIntl } from "react-intl";
import styled from "styled-components";
import { toggleButtonCss } from "../../components/toggle-button";
import { SiteLink } from "../../links/SiteLink";
import { isConsentGranted, whenConsentGranted } from "../../tracking/consent/consent-signal";
import { showPrivacyChoices } from "../../tracking/consent/privacy-choices";
import { TRAILER_HOST_NAMES, trailerMayLoad, trailerPlayerUrl, type Trailer, type TrailerHost } from "../trailer";

const Player = styled.div`
  position: absolute;
  inset: 0;
  iframe,
  video {
    display: block;
    width: 100%;
    height: 100%;
    border: 0;
    background: #000;
  }
`;

/** In the flow, unlike the player: a message longer than the box makes the box taller. */
const ConsentNeeded = styled.div`
  box-sizing: border-box;
  min-height: 100%;
  display: flex;
  flex-direction: column;
  justify-content: center;
  gap: 0.75rem;
  padding: 1rem;
  p {
    margin: 0;
  }
  .choices {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.5rem 1rem;
    ${toggleButtonCss()}
  }
`;

export type TrailerPlayerProps = {
  readonly trailer: Trailer;
  readonly trailerUrl: string;
  readonly title: string;
  /** The site loads a consent manager (the footer's privacy choices link): the host's player waits for consent. */
  readonly consentManager: boolean;
};

/** Whether consent stands, following the consent runtime's signal; true at once where none is asked. */
function useConsentGranted(asked: boolean): boolean {
  const [granted, setGranted] = useState(() => !asked || isConsentGranted());
  useEffect(() => {
    if (granted) return undefined;
    // The click asked for the trailer: consent given later (the choices below) plays it then.
    const stop = whenConsentGranted(() => setGranted(true));
    return () => void stop();
  }, [granted]);
  return granted;
}

/**
 * Focus follows what replaces the facade (the message, then the player once consent comes), unless
 * the visitor has gone elsewhere on the page meanwhile. A ref callback: each new element is focused
 * as it arrives.
 */
function focusOnArrival(node: HTMLElement | null): void {
  if (!node) return;
  const doc = node.ownerDocument;
  const active = doc.activeElement;
  if (!active || active === doc.body || node.closest("[data-trailer]")?.contains(active)) node.focus();
}

export default function TrailerPlayer({ trailer, trailerUrl, title, consentManager }: TrailerPlayerProps) {
  const intl = useIntl();
  const granted = useConsentGranted(consentManager && trailer.kind !== "mp4");
  const plays = trailerMayLoad(trailer, { manager: consentManager, granted });
  const name = intl.formatMessage({ id: "trailer.player" }, { title });

  if (trailer.kind === "mp4") {
    return (
      <Player>
        {/* The click that opened it is the gesture autoplay needs. */}
        <video ref={focusOnArrival} src={trailer.url} aria-label={name} controls autoPlay playsInline />
      </Player>
    );
  }
  if (plays) {
    return (
      <Player>
        <iframe
          ref={focusOnArrival}
          src={trailerPlayerUrl(trailer)}
          title={name}
          // Full screen through `allow` alone: with allowfullscreen too, Chromium warns that one wins.
          allow="autoplay; fullscreen; picture-in-picture"
          // YouTube's embeds refuse a request without the page's origin as referrer.
          referrerPolicy="strict-origin-when-cross-origin"
        />
      </Player>
    );
  }
  const host = TRAILER_HOST_NAMES[trailer.kind satisfies TrailerHost];
  return (
    <ConsentNeeded>
      <p ref={focusOnArrival} tabIndex={-1}>
        {intl.formatMessage({ id: "trailer.consentNeeded" }, { host })}
      </p>
      <div className="choices">
        <button type="button" onClick={() => showPrivacyChoices()}>
          {intl.formatMessage({ id: "trailer.consentChoices" })}
        </button>
        <SiteLink to={trailerUrl}>{intl.formatMessage({ id: "trailer.watchOnHost" }, { host })}</SiteLink>
      </div>
    </ConsentNeeded>
  );
}
