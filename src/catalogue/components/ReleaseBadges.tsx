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

// Not named `flags`: Babel's usage-based polyfilling takes any `flags` property for RegExp#flags
// and would ship core-js's RegExp flags polyfill (about 3 KB gzip) to every page showing badges.
export function ReleaseBadges({ releaseFlags }: { releaseFlags: readonly ReleaseFlag[] }) {
  const intl = useIntl();
  if (releaseFlags.length === 0) return null;
  return (
    <List>
      {releaseFlags.map((flag) => (
        <li key={flag} data-flag={flag}>
          {intl.formatMessage({ id: `film.badge.${flag}` })}
        </li>
      ))}
    </List>
  );
}
