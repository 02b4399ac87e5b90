// Spec §4 "Selected theater" on circuit sites: the visitor's theater, kept in the
// selectedTheaterId cookie. A native select: keyboard and screen readers know it already.
import { useId } from "react";
import { useIntl } from "react-intl";
import styled from "styled-components";
import { useSiteRuntime } from "../../../runtime/SiteRuntime";
import { useSelectedTheater } from "../SelectedTheaterProvider";

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

export function TheaterPicker() {
  const intl = useIntl();
  const id = useId();
  const site = useSiteRuntime();
  const { selectedTheaterId, chooseTheater } = useSelectedTheater();
  if (site.isSingleLocation || site.theaters.length < 2) return null;
  // The picker shows the visitor's own choice: a theater page is about that theater, but opening
  // it neither changes nor appears to change what the visitor chose (issue 17).
  const chosen = site.theaters.find((t) => t.id === selectedTheaterId) ?? null;
  return (
    <Picker>
      <label htmlFor={id}>{intl.formatMessage({ id: "favourites.selectedTheater.label" })}</label>
      <select
        id={id}
        value={chosen?.id ?? ""}
        onChange={(event) => event.target.value && chooseTheater(event.target.value)}
      >
        {!chosen && <option value="">{intl.formatMessage({ id: "favourites.selectedTheater.placeholder" })}</option>}
        {site.theaters.map((theater) => (
          <option key={theater.id} value={theater.id}>
            {theater.name}
          </option>
        ))}
      </select>
    </Picker>
  );
}
