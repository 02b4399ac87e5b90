// Spec §6 beta viewer: "Share this film" is shown only when the site's betaFeaturesEnabled is on.
// Off, nothing is rendered and its code is never fetched; on, the code loads after hydration into
// a slot reserved by the server render, so the button appearing moves nothing.
import { useEffect, useState, type ComponentType } from "react";
import styled from "styled-components";
import { toggleButtonCss } from "../components/toggle-button";
import type { ShareFilmProps } from "./ShareFilm";

const Slot = styled.div`
  min-height: 44px;
  margin: 0.5rem 0;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem 1rem;
  ${toggleButtonCss()}
  button {
    display: inline-flex;
    align-items: center;
    gap: 0.4rem;
  }
  .manual {
    display: inline-flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.5rem;
  }
  input {
    font: inherit;
    min-width: min(24rem, 100%);
  }
`;

type BetaShareFilmProps = ShareFilmProps & { betaFeaturesEnabled: boolean };

export function BetaShareFilm({ betaFeaturesEnabled, title, path }: BetaShareFilmProps) {
  const [ShareFilm, setShareFilm] = useState<ComponentType<ShareFilmProps> | null>(null);
  useEffect(() => {
    if (!betaFeaturesEnabled) return;
    let live = true;
    import(/* webpackChunkName: "beta-share-film" */ "./ShareFilm").then(
      (module) => {
        if (live) setShareFilm(() => module.ShareFilm);
      },
      () => console.warn("Share this film: the code could not be loaded"),
    );
    return () => {
      live = false;
    };
  }, [betaFeaturesEnabled]);
  if (!betaFeaturesEnabled) return null;
  return <Slot>{ShareFilm && <ShareFilm title={title} path={path} />}</Slot>;
}
