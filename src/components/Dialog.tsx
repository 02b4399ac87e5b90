import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { createPortal } from "react-dom";
import styled from "styled-components";

const Backdrop = styled.div<{ $fullScreen: boolean }>`
  position: fixed;
  inset: 0;
  z-index: 1000;
  display: grid;
  place-items: center;
  padding: ${({ $fullScreen }) => ($fullScreen ? "0" : "1rem")};
  background: rgba(0, 0, 0, 0.55);
`;

const Panel = styled.div<{ $fullScreen: boolean }>`
  position: relative;
  width: min(32rem, 100%);
  max-height: calc(100vh - 2rem);
  overflow: auto;
  padding: 1.5rem;
  border-radius: ${({ theme }) => theme.radii.content};
  background: ${({ theme }) => theme.colours.background};
  color: ${({ theme }) => theme.colours.text};
  ${({ $fullScreen }) =>
    $fullScreen &&
    // The whole screen, black on white whatever the theme (a barcode shown to a scanner).
    `
    width: 100%;
    height: 100%;
    max-height: none;
    box-sizing: border-box;
    display: flex;
    flex-direction: column;
    border-radius: 0;
    background: #fff;
    color: #000;
    > h2 {
      padding-right: 6rem;
    }
  `}
  h2 {
    margin-top: 0;
  }
  .close {
    position: absolute;
    top: 0.75rem;
    right: 0.75rem;
    font: inherit;
    background: transparent;
    color: inherit;
    border: 1px solid currentColor;
    border-radius: ${({ theme }) => theme.radii.buttons};
    padding: 0.25rem 0.6rem;
    cursor: pointer;
  }
`;

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

type DialogProps = {
  title: string;
  closeLabel: string;
  onClose(): void;
  children: ReactNode;
  role?: "dialog" | "alertdialog";
  dismissible?: boolean;
  /**
   * The corner button that closes it. A question whose own buttons are its answers has none: there
   * Escape (when dismissible) gives the answer that changes nothing.
   */
  closeButton?: boolean;
  /** The element that says what the dialog is about (aria-describedby), as an alert dialog should have. */
  descriptionId?: string;
  /** The whole screen, black on white in every theme (the loyalty card shown at the till). */
  fullScreen?: boolean;
};

/**
 * A modal dialog rendered into #modal-root (spec §2): focus moves into it, Tab stays inside,
 * Escape closes it, and focus goes back to what opened it.
 */
export function Dialog({
  title,
  closeLabel,
  onClose,
  children,
  role = "dialog",
  dismissible = true,
  closeButton = true,
  descriptionId,
  fullScreen = false,
}: DialogProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const [root, setRoot] = useState<HTMLElement | null>(null);
  useEffect(() => setRoot(document.getElementById("modal-root") ?? document.body), []);
  // Kept in a ref so a parent re-render does not re-run the focus effect below.
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (!root) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const first =
      panel.current?.querySelector<HTMLElement>("input") ?? panel.current?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? panel.current)?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape" && dismissible) {
        event.preventDefault();
        onCloseRef.current();
      }
      if (event.key !== "Tab" || !panel.current) return;
      const items = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const firstItem = items[0];
      const lastItem = items[items.length - 1];
      if (!firstItem || !lastItem) return;
      if (event.shiftKey && document.activeElement === firstItem) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && document.activeElement === lastItem) {
        event.preventDefault();
        firstItem.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      if (opener?.isConnected) opener.focus();
    };
  }, [root, dismissible]);

  if (!root) return null;
  return createPortal(
    <Backdrop
      $fullScreen={fullScreen}
      onMouseDown={(event) => dismissible && event.target === event.currentTarget && onClose()}
    >
      <Panel
        ref={panel}
        $fullScreen={fullScreen}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        tabIndex={-1}
      >
        <h2 id={titleId}>{title}</h2>
        {dismissible && closeButton && (
          <button type="button" className="close" onClick={onClose}>
            {closeLabel}
          </button>
        )}
        {children}
      </Panel>
    </Backdrop>,
    root,
  );
}
