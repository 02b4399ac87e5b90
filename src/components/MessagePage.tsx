import type { ReactNode } from "react";
import { useIntl } from "react-intl";

type MessagePageProps = {
  titleId: string;
  textId: string;
  /** Where the visitor can go from here. */
  children: ReactNode;
};

/** The body of a page that only explains something went wrong: its title, why, and a way on. */
export function MessagePage({ titleId, textId, children }: MessagePageProps) {
  const intl = useIntl();
  return (
    <>
      <h1>{intl.formatMessage({ id: titleId })}</h1>
      <p>{intl.formatMessage({ id: textId })}</p>
      {children}
    </>
  );
}
