import { FormattedMessage } from "react-intl";
import styled from "styled-components";

export const MAIN_CONTENT_ID = "main-content";

const Skip = styled.a`
  position: absolute;
  left: 1rem;
  top: -100px;
  z-index: 100;
  padding: 0.75rem 1rem;
  background: ${({ theme }) => theme.colours.background};
  color: ${({ theme }) => theme.colours.readablePrimary};
  border-radius: ${({ theme }) => theme.radii.buttons};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  &:focus {
    top: 1rem;
  }
`;

/** First focusable element of every page (WCAG 2.4.1). */
export function SkipLink() {
  return (
    <Skip href={`#${MAIN_CONTENT_ID}`}>
      <FormattedMessage id="layout.skipToContent" />
    </Skip>
  );
}
