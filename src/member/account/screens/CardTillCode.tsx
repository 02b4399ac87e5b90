// A loyalty card at the till (issue 46): its number as a Code 128 barcode, the number as text
// under it, and a full-screen view for the cashier's scanner. The barcode's code (the encoder, the
// drawing, the full-screen view) is a chunk of its own, loaded by the screens that show a card
// (the overview, the cards), never in a first load. It is drawn from the number already in memory:
// nothing is fetched, so it works offline once the screen is there. While it loads, an empty box of
// the barcode's size holds its place; if it cannot load (offline, a deploy in between), the number
// stays as text and nothing else changes.
import { Suspense } from "react";
import { FeatureBoundary, lazyFeature } from "../../../lib/lazy-feature";
import { CardNumberText, CodeFrame } from "./card-code-frame";

const CardBarcodeView = lazyFeature(() => import("./CardBarcodeView"));

const numberOnly = (cardNumber: string) => <CardNumberText>{cardNumber}</CardNumberText>;

export function CardTillCode({ cardNumber }: { readonly cardNumber: string }) {
  return (
    <FeatureBoundary retryKey={cardNumber} unavailable={() => numberOnly(cardNumber)}>
      <Suspense
        fallback={
          <>
            <CodeFrame aria-hidden="true" />
            {numberOnly(cardNumber)}
          </>
        }
      >
        <CardBarcodeView cardNumber={cardNumber} />
      </Suspense>
    </FeatureBoundary>
  );
}
