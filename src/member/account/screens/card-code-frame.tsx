// The pieces the loyalty card's barcode is shown in, shared by the screens' part (CardTillCode,
// in the screens' chunks) and the barcode's own chunk (CardBarcodeView), so that the placeholder
// shown while the barcode loads takes exactly the room the barcode will.
import styled from "styled-components";

/**
 * The barcode's box: the column's width (up to a card's worth), a fixed height, white whatever
 * the theme (a scanner reads dark bars on a light ground; the dark theme's colours would invert
 * them). The same box, empty, is the placeholder while the barcode's code loads: nothing moves.
 */
export const CodeFrame = styled.div`
  box-sizing: border-box;
  display: flex;
  justify-content: center;
  width: 100%;
  max-width: 26rem;
  height: 6rem;
  background: #fff;
  svg {
    display: block;
    width: 100%;
    height: 100%;
  }
  /* On a screen of one device pixel a CSS pixel, a fractional module is drawn 2 or 3 pixels wide:
     there the width is a whole number of pixels a module (--code-width: the code's modules, in
     px), if the browser can round. Denser screens (phones) fill the width: an edge moves by half
     a device pixel at most, a small part of a module there. */
  @supports (width: round(down, 100%, 1px)) {
    /* (A var() makes any value pass the parser: without round() it would leave no width at all.) */
    @media (max-resolution: 1.5dppx) {
      svg {
        width: max(min(100%, var(--code-width)), round(down, 100%, var(--code-width)));
      }
    }
  }
`;

/** The full-screen view's box: the whole width and as tall as leaves room for the number. */
export const FullScreenCodeFrame = styled(CodeFrame)`
  max-width: none;
  height: clamp(6rem, 50vw, 60vh);
  margin: auto 0 0;
`;

/** The card number as text, under its barcode (and alone when the barcode cannot be shown). */
export const CardNumberText = styled.p`
  margin: 0.35rem 0 0.75rem;
  font-variant-numeric: tabular-nums;
  letter-spacing: 0.08em;
  overflow-wrap: anywhere;
`;
