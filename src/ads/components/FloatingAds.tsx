// The pulse promo and the interstitial (spec §2), loaded on demand by AdSlots.tsx: none of this is
// in a visitor's first-load JavaScript, and the ads setup waits for it, so both elements are on the
// page when the ad library looks for them. Issue 44: neither buries the page. On a phone the pulse
// ends the page instead of floating over it; on a wide screen it floats with room kept for it at
// the page's end and a close button; the interstitial opens under the header, has a close
// button, closes by itself and shows once a visit (interstitial-visit.ts).
import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import { useIntl } from "react-intl";
import styled from "styled-components";
import { interstitialShownThisVisit, rememberInterstitialShown } from "../interstitial-visit";
import { ELEMENT_ID_OF_POSITION } from "../mappings";

const PULSE_OFFSET = "1rem";
/** The pulse's close button (2.75rem, a 44 px target) and the gap under it. */
const PULSE_CLOSE_BAR = "3rem";

/** The nominal pulse (200x120), reserved where the browser cannot say what the pulse shows. */
const PULSE_NOMINAL_HEIGHT = 120;

/** A 44 px high target, its name the words it shows ("Close ad"; the × is decoration). */
const CloseButton = styled.button`
  min-height: 2.75rem;
  padding: 0 0.75rem;
  font: inherit;
  font-size: 0.875rem;
  color: inherit;
  background: #fff;
  border: 1px solid currentColor;
  border-radius: 4px;
  cursor: pointer;
`;

/**
 * Below the md breakpoint the pulse is no overlay (issue 44: fixed, it hid showtime buttons and
 * card details): it ends the page, after the footer, in a box of its nominal height against the
 * right edge, so it covers nothing and is at the screen's bottom-right corner once the visitor
 * reaches the end. From md up it is fixed at the bottom-right corner (spec §2), outside the flow,
 * its close button above the ad; the fixed box takes clicks only on the button and where an ad is,
 * as the library may size it before anything shows.
 */
const Pulse = styled.aside`
  display: flex;
  justify-content: flex-end;
  height: ${PULSE_NOMINAL_HEIGHT}px;
  overflow: hidden;
  margin: ${PULSE_OFFSET};
  ${({ theme }) => theme.media.md} {
    display: block;
    position: fixed;
    right: ${PULSE_OFFSET};
    bottom: ${PULSE_OFFSET};
    z-index: 40;
    height: auto;
    overflow: visible;
    margin: 0;
    pointer-events: none;
    /* The close button dark on white on every site (16:1), as the interstitial's, its focus ring dark. */
    color: #1a1a1a;
    --focus-ring-colour: #1a1a1a;
    & > * > *,
    & > button {
      pointer-events: auto;
    }
    /* Above the ad, out of the box's flow: the box is the ad's alone, so nothing in it moves as the
       button shows (no layout shift). */
    & > button {
      position: absolute;
      right: 0;
      bottom: calc(100% + ${PULSE_CLOSE_BAR} - 2.75rem);
      white-space: nowrap;
    }
  }
`;

/** The height of what the pulse shows: 0 while the library has drawn nothing in it. */
function useShownHeight(ref: RefObject<HTMLElement | null>): number {
  const [height, setHeight] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (typeof ResizeObserver === "undefined") {
      setHeight(PULSE_NOMINAL_HEIGHT);
      return;
    }
    const observer = new ResizeObserver(() => setHeight(Math.ceil(element.getBoundingClientRect().height)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return height;
}

/**
 * While the fixed pulse shows, the page ends with room for it (the ad's height, its close button,
 * its offset and as much again between them), so that at the end of the scroll nothing of the page
 * (the footer's last links among it) is under the pulse. Owned by the pulse: the room goes when the
 * pulse is empty (a blocked library, slots cleared), closed, not rendered or in the page's flow (a
 * phone). On the body, which React does not render, set and restored here (no site-wide stylesheet
 * knows of ads).
 */
function useRoomAtTheEnd(height: number): void {
  useEffect(() => {
    if (height === 0) return;
    const { style } = document.body;
    const before = style.paddingBottom;
    style.paddingBottom = `calc(${height}px + ${PULSE_CLOSE_BAR} + 2 * ${PULSE_OFFSET})`;
    return () => {
      style.paddingBottom = before;
    };
  }, [height]);
}

/**
 * `wide`: the viewport is md or wider, where the pulse is fixed. There it floats over the page as it
 * scrolls (spec §2), so issue 44's bar ("never covers a link or button") is met two ways, the
 * simplest that hold whatever the ad's size: the page keeps room for it at its end (useRoomAtTheEnd),
 * so scrolled to the end nothing is under it; and while it shows a close button above the ad (a
 * real button, in the keyboard's order after the footer, named in the site's language) takes it
 * away for the rest of this page, room and all. A smaller collapsed tab would still lie over
 * whatever scrolls under it. The next page shows it again, as the library fills it again. On a
 * phone it is in the page's flow, over nothing: no button.
 */
export function PulsePromo({ label, wide }: { label: string; wide: boolean }) {
  const intl = useIntl();
  const slot = useRef<HTMLDivElement>(null);
  const [closed, setClosed] = useState(false);
  const height = useShownHeight(slot);
  const floating = wide && !closed && height > 0;
  useRoomAtTheEnd(floating ? height : 0);
  // Where the keyboard came from (the footer's last control): focus goes back there as the button
  // goes, not to the top of the page.
  const focusBefore = useRef<Element | null>(null);
  const close = () => {
    const before = focusBefore.current;
    setClosed(true);
    if (before instanceof HTMLElement && before.isConnected) before.focus();
  };
  if (closed) return null;
  return (
    <Pulse data-ad-slot="pulse" aria-label={label}>
      {wide && (
        // In place from the start (no layout shift when it shows), hidden (so neither seen nor
        // focused) until the library has drawn something.
        <CloseButton
          type="button"
          onClick={close}
          onFocus={(event) => {
            focusBefore.current = event.relatedTarget;
          }}
          style={floating ? undefined : { visibility: "hidden" }}
        >
          {intl.formatMessage({ id: "ads.pulse.close" })} <span aria-hidden="true">×</span>
        </CloseButton>
      )}
      <div ref={slot} id={ELEMENT_ID_OF_POSITION.pulse} />
    </Pulse>
  );
}

/**
 * How long the interstitial stays when nobody touches it. Long enough to read a short ad (some
 * twenty words at 200 a minute take 6 s) and for a keyboard user to reach its close button, the
 * first stop after the header's controls; far short of the 20 s after which issue 44 found it
 * still over the page. The time starts again once the pointer and the focus have left it, so it
 * never disappears from under a click or from a keyboard user reading it.
 */
export const INTERSTITIAL_CLOSES_AFTER_MS = 8_000;

/**
 * Right after the header, in the page's flow but taking no room: the interstitial lies over the
 * start of the page and scrolls with it, and never over the header's controls, however tall the
 * header grows (the phone menu pushes the page down, this with it). The member menu (z-index 20)
 * opens over it.
 */
const Anchor = styled.div`
  position: relative;
  z-index: 10;
  height: 0;
`;

/**
 * Until the library has drawn, nothing to see and nothing that takes a click (the library may size
 * its element first); the panel has its final shape from the start, close bar included, so nothing
 * in it moves as it opens (no layout shift). Then a panel with a close button in the same colours
 * on every site, dark on white (16:1), and a dark focus ring on the white. Never wider than the
 * page: on a 320 px phone the ad is clipped rather than the page widened.
 */
const Panel = styled.aside<{ $open: boolean }>`
  position: absolute;
  top: 0.5rem;
  left: 0.5rem;
  right: 0.5rem;
  box-sizing: border-box;
  width: fit-content;
  max-width: calc(100% - 1rem);
  margin: 0 auto;
  padding: 0.5rem;
  color: #1a1a1a;
  background: #fff;
  border: 1px solid #1a1a1a;
  border-radius: 4px;
  box-shadow: 0 4px 16px rgba(0, 0, 0, 0.3);
  --focus-ring-colour: #1a1a1a;
  ${({ $open }) => ($open ? "" : "visibility: hidden; pointer-events: none;")}
`;

const CloseBar = styled.div`
  display: flex;
  justify-content: flex-end;
  margin-bottom: 0.5rem;
`;

const Slot = styled.div`
  max-width: 100%;
  overflow: hidden;
`;

type Stage = "waiting" | "open" | "closed";

/**
 * The interstitial (spec §2). Its element waits, empty, for the library; once something is drawn
 * in it, the visit has had its interstitial and the panel opens. It closes with its button, with
 * Escape anywhere on the page (a dialog keeps its own Escape), by itself after
 * INTERSTITIAL_CLOSES_AFTER_MS, or when the library clears it (a new ad page). It never takes the
 * focus; a visitor who took the focus into it gets it back where it was when it closes.
 */
export function Interstitial() {
  const intl = useIntl();
  // Decided when the page mounts it: a later page of the visit has none.
  const [stage, setStage] = useState<Stage>(() => (interstitialShownThisVisit() ? "closed" : "waiting"));
  const [focusInside, setFocusInside] = useState(false);
  const [pointerInside, setPointerInside] = useState(false);
  const panel = useRef<HTMLElement>(null);
  const slot = useRef<HTMLDivElement>(null);
  const focusBefore = useRef<Element | null>(null);

  const close = useCallback(() => {
    if (panel.current?.contains(document.activeElement)) {
      const before = focusBefore.current;
      if (before instanceof HTMLElement && before.isConnected) before.focus();
      else if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    }
    setStage("closed");
  }, []);

  useEffect(() => {
    const element = slot.current;
    if (stage === "closed" || !element) return;
    const check = () => {
      if (element.childElementCount > 0) {
        rememberInterstitialShown();
        setStage("open");
      } else if (stage === "open") close();
    };
    check();
    const observer = new MutationObserver(check);
    observer.observe(element, { childList: true });
    return () => observer.disconnect();
  }, [stage, close]);

  const held = focusInside || pointerInside;
  useEffect(() => {
    if (stage !== "open" || held) return;
    const timer = setTimeout(close, INTERSTITIAL_CLOSES_AFTER_MS);
    return () => clearTimeout(timer);
  }, [stage, held, close]);

  useEffect(() => {
    if (stage !== "open") return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      if (event.target instanceof Element && event.target.closest('dialog, [role="dialog"], [role="alertdialog"]'))
        return;
      close();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [stage, close]);

  if (stage === "closed") return null;
  const open = stage === "open";
  return (
    <Anchor>
      <Panel
        ref={panel}
        $open={open}
        data-ad-slot="interstitial"
        aria-label={intl.formatMessage({ id: "ads.interstitial.label" })}
        onFocus={(event) => {
          if (event.currentTarget.contains(event.relatedTarget)) return;
          focusBefore.current = event.relatedTarget;
          setFocusInside(true);
        }}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget)) setFocusInside(false);
        }}
        onPointerEnter={() => setPointerInside(true)}
        onPointerLeave={() => setPointerInside(false)}
      >
        <CloseBar>
          <CloseButton type="button" onClick={close}>
            {intl.formatMessage({ id: "ads.interstitial.close" })} <span aria-hidden="true">×</span>
          </CloseButton>
        </CloseBar>
        <Slot ref={slot} id={ELEMENT_ID_OF_POSITION.interstitial} />
      </Panel>
    </Anchor>
  );
}
