import { programmePrepaintScript } from "../programme-prepaint";

/**
 * A script run by the browser's parser only, where it stands in the HTML: React never runs a script
 * it renders, and hydration keeps the server's text. So the caller hands the browser's bundle an
 * empty text: `process.env.BUILD_STAGE === "build-javascript" ? "" : source` at the call site (Gatsby
 * defines BUILD_STAGE; webpack drops the branch not taken, and the string with it — inside this
 * component the string would already be in the bundle).
 */
export function ParserScript({ html }: { html: string }) {
  return <script dangerouslySetInnerHTML={{ __html: html }} suppressHydrationWarning />;
}

/**
 * The programme's pre-paint rule (programme-prepaint.ts) as the first child of the element that
 * carries OFFERED_AFTER_START_ATTRIBUTE: it hides the shows passed since the build before the list
 * is parsed.
 */
export function PrepaintScript({ opensOnNextDay = false }: { opensOnNextDay?: boolean }) {
  return (
    <ParserScript
      html={process.env.BUILD_STAGE === "build-javascript" ? "" : programmePrepaintScript(opensOnNextDay)}
    />
  );
}
