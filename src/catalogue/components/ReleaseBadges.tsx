import { useIntl } from "react-intl";
import styled from "styled-components";
import type { ReleaseFlag } from "../types";

const List = styled.ul`
  display: flex;
  gap: 0.375rem;
  list-style: none;
  margin: 0;
  padding: 0;
  li {
    font-size: 0.75rem;
    font-weight: ${({ theme }) => theme.fontWeights.bold};
    text-transform: uppercase;
    letter-spacing: 0.04em;
    padding: 0.2rem 0.5rem;
    border-radius: ${({ theme }) => theme.radii.buttons};
  }
  li[data-flag="NEW"] {
    background: ${({ theme }) => theme.colours.accent};
    color: ${({ theme }) => theme.colours.readableOnAccent};
  }
  li[data-flag="PREVIEW"] {
    background: ${({ theme }) => theme.colours.highlight};
    color: ${({ theme }) => theme.colours.readableOnHighlight};
  }
`;

export function ReleaseBadges({ flags }: { flags: readonly ReleaseFlag[] }) {
  const intl = useIntl();
  if (flags.length === 0) return null;
  return (
    <List>
      {flags.map((flag) => (
        <li key={flag} data-flag={flag}>
          {intl.formatMessage({ id: `film.badge.${flag}` })}
        </li>
      ))}
    </List>
  );
}
