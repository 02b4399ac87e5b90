// Spec §4 "Selected theatre" on circuit sites: the visitor's theatre, kept in the
// selectedTheaterId cookie. A native select: keyboard and screen readers know it already.
import { useId } from "react";
import { useIntl } from "react-intl";
import styled from "styled-components";
import { useSiteRuntime } from "../../site/SiteRuntime";
import { useSelectedTheatre } from "../SelectedTheatreProvider";

const Picker = styled.div`
  display: flex;
  align-items: center;
  gap: 0.5rem;
  label {
    font-size: 0.9rem;
  }
  select {
    font: inherit;
    min-height: 44px;
    max-width: 14rem;
    padding: 0.3rem 0.5rem;
    border-radius: ${({ theme }) => theme.radii.buttons};
    border: 1px solid currentColor;
    background: ${({ theme }) => theme.colours.headerBackground};
    color: inherit;
  }
`;

export function TheatrePicker() {
  const intl = useIntl();
  const id = useId();
  const site = useSiteRuntime();
  const { selectedTheatreId, chooseTheatre } = useSelectedTheatre();
  if (site.isSingleLocation || site.theaters.length < 2) return null;
  // The picker shows the visitor's own choice: a theatre page is about that theatre, but opening
  // it neither changes nor appears to change what the visitor chose (issue 17).
  const chosen = site.theaters.find((t) => t.id === selectedTheatreId) ?? null;
  return (
    <Picker>
      <label htmlFor={id}>{intl.formatMessage({ id: "favourites.selectedTheatre.label" })}</label>
      <select
        id={id}
        value={chosen?.id ?? ""}
        onChange={(event) => event.target.value && chooseTheatre(event.target.value)}
      >
        {!chosen && <option value="">{intl.formatMessage({ id: "favourites.selectedTheatre.placeholder" })}</option>}
        {site.theaters.map((theatre) => (
          <option key={theatre.id} value={theatre.id}>
            {theatre.name}
          </option>
        ))}
      </select>
    </Picker>
  );
}
