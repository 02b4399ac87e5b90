import { useIntl } from "react-intl";
import styled from "styled-components";
import type { Poster } from "../types";

const Frame = styled.div`
  /* Reserves the poster's box before the image loads: no layout shift. */
  aspect-ratio: 2 / 3;
  width: 100%;
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radii.content};
  background: ${({ theme }) => theme.colours.backgroundWithOffset};
  display: grid;
  place-items: center;
  img {
    display: block;
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
  span {
    padding: 1rem;
    text-align: center;
    color: ${({ theme }) => theme.colours.textAlt};
  }
`;

/**
 * How many posters of a film grid load at once (the rest wait until scrolled near): the first row
 * on a desktop, two rows on a phone. A lazy poster in view is a late largest paint (Lighthouse's
 * lcp-lazy-loaded).
 */
export const EAGER_GRID_POSTERS = 4;

type FilmPosterProps = { poster: Poster | null; title: string; priority?: boolean; decorative?: boolean };

export function FilmPoster({ poster, title, priority = false, decorative = false }: FilmPosterProps) {
  const intl = useIntl();
  return (
    <Frame>
      {poster ? (
        <img
          src={poster.src}
          width={poster.width}
          height={poster.height}
          alt={decorative ? "" : intl.formatMessage({ id: "film.posterAlt" }, { title })}
          loading={priority ? "eager" : "lazy"}
          decoding="async"
          fetchPriority={priority ? "high" : undefined}
        />
      ) : (
        <span>{intl.formatMessage({ id: "film.noPoster" })}</span>
      )}
    </Frame>
  );
}
