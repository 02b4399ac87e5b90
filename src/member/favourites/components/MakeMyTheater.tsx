// Issue 42: "Make this my theater" on a circuit's theater list and theater pages. It sets the chosen
// theater through the one existing mechanism (SelectedTheaterProvider: state + selectedTheaterId
// cookie, spec §4), which the header's picker shows. A toggle button (aria-pressed) whose label never
// changes (WAI-ARIA APG); the chosen theater reads "Your theater" beside it. On a theater page it is
// the offer to switch, never a switch: rendered from the first paint (a notice that appeared once
// the cookie was read pushed the programme down: CLS 0.066 on a phone), the header keeping the
// visitor's choice until they press it.
import { useId, useState } from "react";
import { useIntl } from "react-intl";
import styled from "styled-components";
import { toggleButtonCss } from "../../../components/toggle-button";
import { useSelectedTheater } from "../SelectedTheaterProvider";

const Choice = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem 1rem;
  ${toggleButtonCss()}
  /* Filled with the primary once pressed: the ring that stands out from it. */
  button[aria-pressed="true"] {
    --focus-ring-colour: ${({ theme }) => theme.colours.focusRingOnPrimary};
  }
  .yours {
    font-weight: ${({ theme }) => theme.fontWeights.bold};
  }
`;

export type MakeMyTheaterProps = {
  theater: { id: string; name: string };
  /** The theater list names each button's theater to screen readers; a theater page needs not. */
  nameTheater?: boolean;
  /** A theater page says in a live region that the theater is now the visitor's, once they pressed it. */
  announce?: boolean;
  className?: string;
};

/** The button, pressed when the theater is the visitor's; "Your theater" shown beside it then. */
export function MakeMyTheater({ theater, nameTheater = false, announce = false, className }: MakeMyTheaterProps) {
  const intl = useIntl();
  const id = useId();
  const { selectedTheaterId, chooseTheater } = useSelectedTheater();
  const [pressed, setPressed] = useState(false);
  const chosen = selectedTheaterId === theater.id;
  const label = intl.formatMessage({ id: "favourites.selectedTheater.make" });
  return (
    <Choice className={className}>
      <button
        type="button"
        aria-pressed={chosen}
        aria-describedby={chosen ? id : undefined}
        // The visible label first, so speech input finds the button by what it shows (WCAG 2.5.3).
        aria-label={nameTheater ? `${label}: ${theater.name}` : undefined}
        onClick={() => {
          if (chosen) return;
          chooseTheater(theater.id);
          setPressed(true);
        }}
      >
        {label}
      </button>
      {chosen && (
        <span className="yours" id={id}>
          {intl.formatMessage({ id: "favourites.selectedTheater.yours" })}
        </span>
      )}
      {announce && (
        <p role="status" className="visually-hidden">
          {pressed && chosen
            ? intl.formatMessage({ id: "favourites.selectedTheater.switched" }, { theater: theater.name })
            : ""}
        </p>
      )}
    </Choice>
  );
}
