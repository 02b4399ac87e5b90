import { programmePrepaintScript } from "../programme-prepaint";

/**
 * The programme's pre-paint rule (programme-prepaint.ts) as the first child of the element that
 * carries OFFERED_AFTER_START_ATTRIBUTE: it hides the shows passed since the build before the list
 * is parsed. Run by the browser's parser only: React never runs a script it renders, and hydration
 * keeps the server's text, so the browser's bundle leaves the text out (Gatsby defines
 * BUILD_STAGE; webpack drops the branch not taken, and the string with it).
 */
export function PrepaintScript({ opensOnNextDay = false }: { opensOnNextDay?: boolean }) {
  return (
    <script
      dangerouslySetInnerHTML={{
        __html: process.env.BUILD_STAGE === "build-javascript" ? "" : programmePrepaintScript(opensOnNextDay),
      }}
      suppressHydrationWarning
    />
  );
}
