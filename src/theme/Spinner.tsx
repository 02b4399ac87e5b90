import styled, { keyframes } from "styled-components";
import { REDUCED_MOTION, SPINNER } from "./scales";
import { visuallyHiddenCss } from "./ThemeProvider";

export type SpinnerProps = {
  /** Announced to assistive technology. Pass a localised string; defaults to the spec's "Loading". */
  title?: string;
  /** Diameter in px. */
  size?: number;
  className?: string;
};

const rotate = keyframes`
  to { transform: rotate(360deg); }
`;

const Ring = styled.span<{ $size: number }>`
  display: inline-block;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border-radius: 50%;
  /* currentColor: the ring takes the surrounding text colour, which the tokens
     already make readable on whatever surface the spinner sits on. */
  border: ${({ $size }) => Math.max(2, Math.round($size / 8))}px solid currentColor;
  border-right-color: transparent;
  animation: ${rotate} ${SPINNER.rotationMs}ms linear infinite;

  ${REDUCED_MOTION} {
    /* Without motion the partial ring still reads as "busy", and the text is announced. */
    animation: none;
  }
`;

const Label = styled.span`
  ${visuallyHiddenCss}
`;

/**
 * role="status" is a polite live region, so the label is announced when the
 * spinner appears without stealing focus. The label is real text (not
 * aria-label) because live regions announce content, not attributes.
 */
export function Spinner({ title = SPINNER.title, size = 32, className }: SpinnerProps) {
  return (
    <span role="status" className={className} title={title}>
      <Ring aria-hidden="true" $size={size} />
      <Label>{title}</Label>
    </span>
  );
}
