import type { HeadProps } from "gatsby";
import { useIntl } from "react-intl";
import styled from "styled-components";
import { shellTemplate } from "../shell/PageShell";
import { PostalAddress } from "../catalogue/components/PostalAddress";
import { SeoHead } from "../shell/SeoHead";
import { SiteLink } from "../links/SiteLink";
import type { TheatersPageContext } from "../site/contexts";

const List = styled.ul`
  list-style: none;
  padding: 0;
  display: grid;
  gap: 1rem;
  ${({ theme }) => theme.media.md} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
  li {
    padding: 1rem;
    border-radius: ${({ theme }) => theme.radii.content};
    background: ${({ theme }) => theme.colours.backgroundWithOffset};
  }
  h2 {
    margin: 0 0 0.5rem;
    font-size: 1.2rem;
  }
  a {
    color: ${({ theme }) => theme.colours.readablePrimary};
  }
  address {
    font-style: normal;
  }
`;

function TheaterList({ pageContext }: { pageContext: TheatersPageContext }) {
  const intl = useIntl();
  return (
    <>
      <h1>{intl.formatMessage({ id: "theaters.title" })}</h1>
      <List>
        {pageContext.theaters.map((t) => (
          <li key={t.id}>
            <h2>{t.path ? <SiteLink to={t.path}>{t.name}</SiteLink> : t.name}</h2>
            <PostalAddress address={t.address} />
          </li>
        ))}
      </List>
    </>
  );
}

export default shellTemplate(TheaterList);

export function Head({ pageContext }: HeadProps<object, TheatersPageContext>) {
  return (
    <SeoHead
      pageContext={pageContext}
      title={{ id: "theaters.title" }}
      description={{ id: "theaters.metaDescription" }}
    />
  );
}
