import type { HeadProps, PageProps } from "gatsby";
import { useIntl } from "react-intl";
import { PageShell } from "../components/PageShell";
import { SeoHead } from "../components/SeoHead";
import type { LoginPageContext } from "./contexts";

function LoginPlaceholder({ title }: { title: string | null }) {
  const intl = useIntl();
  return (
    <>
      <h1>{title ?? intl.formatMessage({ id: "login.placeholder" })}</h1>
      <p>{intl.formatMessage({ id: "login.placeholder" })}</p>
    </>
  );
}

/** The login page at settings.loginPage.slug; the member sign-in form replaces the placeholder. */
export default function LoginTemplate({ pageContext }: PageProps<object, LoginPageContext>) {
  return (
    <PageShell pageContext={pageContext}>
      <LoginPlaceholder title={pageContext.page?.title ?? null} />
    </PageShell>
  );
}

export function Head({ pageContext }: HeadProps<object, LoginPageContext>) {
  return <SeoHead pageContext={pageContext} title={pageContext.page?.title ?? { id: "login.placeholder" }} />;
}
