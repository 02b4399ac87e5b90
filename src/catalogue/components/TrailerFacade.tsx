import { Suspense, useState } from "react";
import { useIntl } from "react-intl";
import styled from "styled-components";
import { FeatureUnavailable } from "../../components/FeatureUnavailable";
import { loadOnce } from "../../lib/lazy";
import { FeatureBoundary, lazyFeature } from "../../lib/lazy-feature";
import { useSiteRuntime } from "../../runtime/SiteRuntime";
import type { Trailer } from "../trailer";
import type { Poster } from "../types";

// The player, its consent rule and its messages load on the first click (or when the pointer or
// focus reaches the button): a film page's first load carries only this facade (issue 45).
const loadPlayer = /* @__PURE__ */ loadOnce(() => import("./TrailerPlayer"));
const TrailerPlayer = /* @__PURE__ */ lazyFeature(loadPlayer);

/**
 * A 16:9 box from the first paint, so neither the facade nor the player that replaces it moves
 * anything. What fills it (picture, button, player) covers it; a message may make it taller.
 */
const Frame = styled.div`
  position: relative;
  aspect-ratio: 16 / 9;
  width: 100%;
  max-width: 48rem;
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radii.content};
  background: ${({ theme }) => theme.colours.backgroundWithOffset};
  > img,
  > .play {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
  }
  > img {
    object-fit: contain;
  }
  > [role="alert"] {
    padding: 1rem;
  }
  > .play {
    display: flex;
    flex-direction: column;
    align-items: center;
    justify-content: center;
    gap: 0.75rem;
    padding: 1rem;
    border: 0;
    font: inherit;
    cursor: pointer;
    background: linear-gradient(rgb(0 0 0 / 0.1), rgb(0 0 0 / 0.45));
    svg,
    span {
      background: ${({ theme }) => theme.colours.primary};
      color: ${({ theme }) => theme.colours.readableOnPrimary};
    }
    svg {
      width: 4rem;
      height: 4rem;
      padding: 1rem 0.85rem 1rem 1.15rem;
      border-radius: 50%;
    }
    span {
      padding: 0.35rem 0.85rem;
      border-radius: ${({ theme }) => theme.radii.buttons};
      font-weight: ${({ theme }) => theme.fontWeights.bold};
      text-align: center;
    }
    &:focus-visible {
      outline: 3px solid ${({ theme }) => theme.colours.readablePrimary};
      outline-offset: -3px;
    }
  }
`;

type TrailerFacadeProps = {
  readonly trailer: Trailer;
  /** The catalogue's URL: the link out to the host's page when the player must wait. */
  readonly trailerUrl: string;
  readonly title: string;
  /** The film's own poster: the host's thumbnail would be a request to it before any click. */
  readonly poster: Poster | null;
};

/** The trailer's poster frame and play button; nothing comes from the video host until the click. */
export function TrailerFacade({ trailer, trailerUrl, title, poster }: TrailerFacadeProps) {
  const intl = useIntl();
  const { privacyChoices } = useSiteRuntime();
  const [opened, setOpened] = useState(false);
  // The page's poster is already loaded above: this copy costs nothing and says nothing new.
  const picture = poster && (
    <img src={poster.src} width={poster.width} height={poster.height} alt="" decoding="async" />
  );
  const warm = () => void loadPlayer().catch(() => undefined);
  // The button stays until the player's code is there, so focus never falls to the page between.
  // A failed load opens too: the boundary below then says so and offers to try again.
  const open = () => {
    const show = () => setOpened(true);
    void loadPlayer().then(show, show);
  };

  if (!opened) {
    return (
      <Frame data-trailer="">
        {picture}
        <button type="button" className="play" onClick={open} onPointerEnter={warm} onFocus={warm}>
          <svg aria-hidden="true" focusable="false" viewBox="0 0 10 12">
            <path d="M0 0v12l10-6z" fill="currentColor" />
          </svg>
          <span>{intl.formatMessage({ id: "trailer.play" }, { title })}</span>
        </button>
      </Frame>
    );
  }
  return (
    <Frame data-trailer="">
      <FeatureBoundary
        unavailable={(retry) => (
          <FeatureUnavailable messageId="trailer.unavailable" retryId="trailer.retry" retry={retry} />
        )}
      >
        <Suspense fallback={picture}>
          <TrailerPlayer
            trailer={trailer}
            trailerUrl={trailerUrl}
            title={title}
            consentManager={privacyChoices !== null}
          />
        </Suspense>
      </FeatureBoundary>
    </Frame>
  );
}
