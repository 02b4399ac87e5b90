import { css } from "styled-components";

/**
 * The page's outlined buttons that can be "on": film-list filters, the watchlist toggle,
 * favourite cinemas. `selector` names the on state (aria-pressed, or a data attribute where a
 * changing label already says what a press does).
 */
export const toggleButtonCss = (selector = '[aria-pressed="true"]') => css`
  button {
    font: inherit;
    cursor: pointer;
    min-height: 44px;
    padding: 0.4rem 1rem;
    border-radius: ${({ theme }) => theme.radii.buttons};
    border: 2px solid ${({ theme }) => theme.colours.readablePrimary};
    background: transparent;
    color: ${({ theme }) => theme.colours.readablePrimary};
  }
  button${selector} {
    background: ${({ theme }) => theme.colours.primary};
    border-color: ${({ theme }) => theme.colours.primary};
    color: ${({ theme }) => theme.colours.readableOnPrimary};
  }
`;
