// A loyalty card at the till (issue 46): its number as a Code 128 barcode, the number as text
// under it, and a full-screen view for the cashier's scanner. The barcode's code (the encoder, the
// drawing, the full-screen view) is a chunk of its own, loaded by the screens that show a card
// (the overview, the cards), never in a first load. It is drawn from the number already in memory:
// nothing is fetched, so it works offline once the screen is there. While it loads, an empty box of
// the barcode's size and an unseen button of the full-screen button's size hold their places (the
// button's 56 px once moved the rest of the overview down); if it cannot load (offline, a deploy in
// between), the number stays as text.
import { Suspense } from "react";
import { useIntl } from "react-intl";
import { Button } from "../../../components/forms/fields";
import { FeatureBoundary, lazyFeature } from "../../../lib/lazy-feature";
import { CardNumberText, CodeFrame } from "./card-code-frame";

const CardBarcodeView = lazyFeature(() => import("./CardBarcodeView"));

const numberOnly = (cardNumber: string) => <CardNumberText>{cardNumber}</CardNumberText>;

export function CardTillCode({ cardNumber }: { readonly cardNumber: string }) {
  const intl = useIntl();
  return (
    <FeatureBoundary retryKey={cardNumber} unavailable={() => numberOnly(cardNumber)}>
      <Suspense
        fallback={
          <>
            <CodeFrame aria-hidden="true" />
            {numberOnly(cardNumber)}
            <Button type="button" disabled aria-hidden="true" tabIndex={-1} style={{ visibility: "hidden" }}>
              {intl.formatMessage({ id: "account.cards.code.fullScreen" })}
            </Button>
          </>
        }
      >
        <CardBarcodeView cardNumber={cardNumber} />
      </Suspense>
    </FeatureBoundary>
  );
}
