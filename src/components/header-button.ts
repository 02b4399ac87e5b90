import { css } from "styled-components";

/** The outlined buttons of the header bar (mobile menu, member access). */
export const headerButtonCss = css`
  font: inherit;
  color: inherit;
  background: transparent;
  border: 1px solid currentColor;
  border-radius: ${({ theme }) => theme.radii.buttons};
  padding: 0.4rem 0.8rem;
  cursor: pointer;
`;
