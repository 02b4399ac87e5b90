// Issue 42: "Make this my theater" on a circuit's theater list and theater pages. It sets the chosen
// theater through the one existing mechanism (SelectedTheaterProvider: state + selectedTheaterId
// cookie, spec §4), which the header's picker shows. A toggle button (aria-pressed) whose label never
// changes (WAI-ARIA APG); the chosen theater reads "Your theater" beside it.
import { useId, useState } from "react";
import { useIntl } from "react-intl";
import styled from "styled-components";
import { toggleButtonCss } from "../../../components/toggle-button";
import { useSiteRuntime } from "../../../runtime/SiteRuntime";
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
  className?: string;
};

/** The button, pressed when the theater is the visitor's; "Your theater" shown beside it then. */
export function MakeMyTheater({ theater, nameTheater = false, className }: MakeMyTheaterProps) {
  const intl = useIntl();
  const id = useId();
  const { selectedTheaterId, chooseTheater } = useSelectedTheater();
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
          if (!chosen) chooseTheater(theater.id);
        }}
      >
        {label}
      </button>
      {chosen && (
        <span className="yours" id={id}>
          {intl.formatMessage({ id: "favourites.selectedTheater.yours" })}
        </span>
      )}
    </Choice>
  );
}

const Notice = styled.aside`
  margin: 0 0 1.5rem;
  padding: 0.75rem 1rem;
  border-radius: ${({ theme }) => theme.radii.content};
  border-inline-start: 4px solid ${({ theme }) => theme.colours.primary};
  background: ${({ theme }) => theme.colours.backgroundWithOffset};
  p {
    margin: 0 0 0.5rem;
  }
`;

/**
 * A theater page's offer to switch (never a switch): shown once the visitor's stored choice is
 * known, when it is another theater or none. Accepting keeps the notice, saying so in a live region,
 * so focus stays on the pressed button; the header's picker changes only then.
 */
export function SwitchTheaterNotice({ theater }: { theater: { id: string; name: string } }) {
  const intl = useIntl();
  const { selectedTheaterId, selectionKnown } = useSelectedTheater();
  const offered = useOfferedOnce(selectionKnown, selectedTheaterId, theater.id);
  if (!offered) return null;
  const { chosen } = offered;
  const switched = selectedTheaterId === theater.id;
  const label = intl.formatMessage({ id: "favourites.selectedTheater.label" });
  return (
    <Notice aria-label={label}>
      <p>
        {chosen
          ? intl.formatMessage(
              { id: "favourites.selectedTheater.offerSwitch" },
              { chosen: chosen.name, theater: theater.name },
            )
          : intl.formatMessage({ id: "favourites.selectedTheater.offerChoose" }, { theater: theater.name })}
      </p>
      <MakeMyTheater theater={theater} />
      <p role="status" className={switched ? undefined : "visually-hidden"}>
        {switched ? intl.formatMessage({ id: "favourites.selectedTheater.switched" }, { theater: theater.name }) : ""}
      </p>
    </Notice>
  );
}

/**
 * The offer as it stood when the visitor's choice became known: it stays on screen after they
 * accept (so the button keeps focus and the status is read), and never appears for a visitor whose
 * theater this already was.
 */
function useOfferedOnce(known: boolean, selectedTheaterId: string | null, theaterId: string): Offer | null {
  const site = useSiteRuntime();
  // undefined: not decided yet (the choice is not known); null: no offer.
  const [offer, setOffer] = useState<Offer | null | undefined>(undefined);
  if (known && offer === undefined) {
    // Decided during render, once (React's "storing information from previous renders").
    const next =
      selectedTheaterId === theaterId
        ? null
        : { chosen: site.theaters.find((t) => t.id === selectedTheaterId) ?? null };
    setOffer(next);
    return next;
  }
  return offer ?? null;
}

type Offer = { chosen: { id: string; name: string } | null };
