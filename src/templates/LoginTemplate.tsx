import type { HeadProps, PageProps } from "gatsby";
import { useIntl } from "react-intl";
import styled from "styled-components";
import { PageShell } from "../components/PageShell";
import { SeoHead } from "../components/SeoHead";
import { LoginForm } from "../loyalty/components/LoginForm";
import { useMemberSession } from "../loyalty/LoyaltyProvider";
import type { LoginPageContext } from "./contexts";

const Columns = styled.div`
  display: grid;
  gap: 2rem;
  ${({ theme }) => theme.media.md} {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  }
  aside {
    padding: 1.25rem;
    border-radius: ${({ theme }) => theme.radii.content};
    background: ${({ theme }) => theme.colours.backgroundWithOffset};
  }
  .signed-in button {
    font: inherit;
    cursor: pointer;
    background: transparent;
    color: inherit;
    border: 1px solid currentColor;
    border-radius: ${({ theme }) => theme.radii.buttons};
    padding: 0.45rem 0.9rem;
  }
`;

function MemberSignIn() {
  const intl = useIntl();
  // No spinner while a sign-in runs: the form stays mounted so its error and fields survive.
  const { member, logout, config } = useMemberSession();
  if (member) {
    const name = [member.firstName, member.lastName].filter(Boolean).join(" ") || member.email;
    return (
      <div className="signed-in">
        <p role="status">{intl.formatMessage({ id: "member.login.signedIn" }, { name })}</p>
        <button type="button" onClick={() => void logout()}>
          {intl.formatMessage({ id: "member.menu.signOut" })}
        </button>
      </div>
    );
  }
  return (
    <Columns>
      <section aria-labelledby="sign-in-heading">
        <h2 id="sign-in-heading">{intl.formatMessage({ id: "member.login.title" })}</h2>
        <p>{intl.formatMessage({ id: "member.login.intro" })}</p>
        <LoginForm />
      </section>
      {config.guestSignupTabText && (
        <aside>
          <h2>{config.guestSignupTabButton || intl.formatMessage({ id: "member.login.signupTab" })}</h2>
          <p>{config.guestSignupTabText}</p>
        </aside>
      )}
    </Columns>
  );
}

/** The login page at settings.loginPage.slug (spec §2). */
export default function LoginTemplate({ pageContext }: PageProps<object, LoginPageContext>) {
  return (
    <PageShell pageContext={pageContext}>
      <LoginHeading title={pageContext.page?.title ?? null} />
      <MemberSignIn />
    </PageShell>
  );
}

function LoginHeading({ title }: { title: string | null }) {
  const intl = useIntl();
  return <h1>{title ?? intl.formatMessage({ id: "member.login.title" })}</h1>;
}

export function Head({ pageContext }: HeadProps<object, LoginPageContext>) {
  return <SeoHead pageContext={pageContext} title={pageContext.page?.title ?? { id: "member.login.title" }} />;
}
