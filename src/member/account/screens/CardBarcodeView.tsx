// The barcode's own chunk (loaded by CardTillCode): a card number's Code 128 barcode drawn as an
// SVG, the number under it, and the full-screen view to hold up to the till's scanner.
import { useEffect, useId, useMemo, useState, type CSSProperties } from "react";
import { useIntl } from "react-intl";
import styled from "styled-components";
import { Dialog } from "../../../components/Dialog";
import { Button } from "../../../components/forms/fields";
import { cardBarcode, type CardBarcode } from "../card-barcode";
import { CardNumberText, CodeFrame, FullScreenCodeFrame } from "./card-code-frame";

/** The bars' height in the drawing's units; the box sets the real height (the bars stretch to it). */
const BAR_HEIGHT = 50;

/**
 * The barcode as an SVG: a white ground over the whole symbol, quiet zones included, and one black
 * rectangle a bar. Black on white whatever the theme. It stretches to its box, quiet zones and all;
 * `--code-width` lets the box give it a whole number of pixels a module (card-code-frame.tsx), and
 * crispEdges snaps the bars' edges to pixels.
 */
function BarcodeImage({ barcode, name }: { readonly barcode: CardBarcode; readonly name: string }) {
  return (
    <svg
      role="img"
      aria-label={name}
      viewBox={`0 0 ${barcode.width} ${BAR_HEIGHT}`}
      preserveAspectRatio="none"
      shapeRendering="crispEdges"
      style={{ "--code-width": `${barcode.width}px` } as CSSProperties}
      focusable="false"
    >
      <rect x={0} y={0} width={barcode.width} height={BAR_HEIGHT} fill="#fff" />
      {barcode.bars.map((bar) => (
        <rect key={bar.x} x={bar.x} y={0} width={bar.width} height={BAR_HEIGHT} fill="#000" />
      ))}
    </svg>
  );
}

/**
 * Keeps the screen on while the full-screen view is open (the Screen Wake Lock API, where the
 * browser has it; a refusal or its absence changes nothing). A page cannot raise the screen's
 * brightness: no browser lets a web page set it, so the view asks for what it can (the screen
 * kept on, black on white over the whole screen) and the member turns the brightness up.
 */
function useScreenKeptOn(): void {
  useEffect(() => {
    const wakeLock = (navigator as Partial<Navigator>).wakeLock;
    if (!wakeLock) return;
    let lock: WakeLockSentinel | null = null;
    let closed = false;
    const request = () => {
      wakeLock.request("screen").then(
        (granted) => {
          if (closed) void granted.release().catch(() => undefined);
          else lock = granted;
        },
        () => undefined,
      );
    };
    // The browser lets go of the lock when the page is hidden; it is asked for again on return.
    const onVisibility = () => {
      if (document.visibilityState === "visible") request();
    };
    request();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      closed = true;
      document.removeEventListener("visibilitychange", onVisibility);
      void lock?.release().catch(() => undefined);
      lock = null;
    };
  }, []);
}

const TillNumber = styled(CardNumberText)`
  margin: 1rem 0 auto;
  font-size: clamp(1.25rem, 6vw, 2.5rem);
  text-align: center;
`;

const Hint = styled.p`
  margin: 0 0 1rem;
`;

function TillView({
  barcode,
  cardNumber,
  onClose,
}: {
  readonly barcode: CardBarcode;
  readonly cardNumber: string;
  onClose(): void;
}) {
  const intl = useIntl();
  useScreenKeptOn();
  return (
    <Dialog
      fullScreen
      title={intl.formatMessage({ id: "account.cards.code.title" }, { code: cardNumber })}
      closeLabel={intl.formatMessage({ id: "account.cards.close" })}
      onClose={onClose}
    >
      <Hint>{intl.formatMessage({ id: "account.cards.code.hint" })}</Hint>
      <FullScreenCodeFrame>
        <BarcodeImage
          barcode={barcode}
          name={intl.formatMessage({ id: "account.cards.code.name" }, { code: cardNumber })}
        />
      </FullScreenCodeFrame>
      <TillNumber>{cardNumber}</TillNumber>
    </Dialog>
  );
}

export default function CardBarcodeView({ cardNumber }: { readonly cardNumber: string }) {
  const intl = useIntl();
  const numberId = useId();
  const [open, setOpen] = useState(false);
  const result = useMemo(() => cardBarcode(cardNumber), [cardNumber]);
  // A number Code 128 cannot write (a character outside printable ASCII): the number alone.
  if (!result.ok) return <CardNumberText>{cardNumber}</CardNumberText>;
  return (
    <>
      <CodeFrame>
        <BarcodeImage
          barcode={result.barcode}
          name={intl.formatMessage({ id: "account.cards.code.name" }, { code: cardNumber })}
        />
      </CodeFrame>
      <CardNumberText id={numberId}>{cardNumber}</CardNumberText>
      <Button type="button" aria-describedby={numberId} onClick={() => setOpen(true)}>
        {intl.formatMessage({ id: "account.cards.code.fullScreen" })}
      </Button>
      {open && <TillView barcode={result.barcode} cardNumber={cardNumber} onClose={() => setOpen(false)} />}
    </>
  );
}
