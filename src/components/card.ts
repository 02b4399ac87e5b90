import { css } from "styled-components";

/** A card of a list: the content's roundness on the offset background (theaters, watchlist, favourite cinemas). */
export const offsetCardCss = css`
  padding: 1rem;
  border-radius: ${({ theme }) => theme.radii.content};
  background: ${({ theme }) => theme.colours.backgroundWithOffset};
`;
