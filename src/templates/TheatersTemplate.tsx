import type { HeadProps } from "gatsby";
import { useIntl } from "react-intl";
import styled from "styled-components";
import { offsetCardCss } from "../components/card";
import { mapsUrl } from "../catalogue/address";
import { shellTemplate } from "../shell/PageShell";
import { PostalAddress } from "../catalogue/components/PostalAddress";
import { SeoHead } from "../shell/SeoHead";
import { SiteLink } from "../links/SiteLink";
import { MakeMyTheater } from "../member/favourites/components/MakeMyTheater";
import { useSiteRuntime } from "../runtime/SiteRuntime";
import type { TheatersPageContext } from "../site/contexts";

const List = styled.ul`
  list-style: none;
  padding: 0;
  display: grid;
  gap: 1rem;
  ${({ theme }) => theme.media.md} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
  > li {
    display: flex;
    flex-direction: column;
    gap: 0.75rem;
    min-width: 0;
    ${offsetCardCss}
  }
  h2 {
    margin: 0;
    font-size: 1.2rem;
  }
  a {
    color: ${({ theme }) => theme.colours.readablePrimary};
  }
  address {
    font-style: normal;
  }
  /* The map link: a touch target of its own under the address. */
  .map {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
  }
  h3 {
    margin: 0 0 0.25rem;
    font-size: 1rem;
  }
  .amenities ul {
    display: flex;
    flex-wrap: wrap;
    gap: 0.35rem;
    list-style: none;
    margin: 0;
    padding: 0;
  }
  .amenities li {
    border: 1px solid ${({ theme }) => theme.colours.visibleMuted};
    border-radius: ${({ theme }) => theme.radii.buttons};
    padding: 0.15rem 0.6rem;
    font-size: 0.85rem;
  }
  /* The choice sits at the foot of each card, whatever the cards above it hold. */
  .choice {
    margin-top: auto;
  }
`;

function TheaterList({ pageContext }: { pageContext: TheatersPageContext }) {
  const intl = useIntl();
  const site = useSiteRuntime();
  return (
    <>
      <h1>{intl.formatMessage({ id: "theaters.title" })}</h1>
      <List>
        {pageContext.theaters.map((t) => (
          <li key={t.id}>
            <h2>{t.path ? <SiteLink to={t.path}>{t.name}</SiteLink> : t.name}</h2>
            <div>
              <PostalAddress address={t.address} />
              {/* An outbound link: SiteLink opens it in a new window and says so (spec §2). */}
              <SiteLink
                className="map"
                to={mapsUrl(t.address, site.country.iso31661A2)}
                aria-label={`${intl.formatMessage({ id: "theater.map" })}: ${t.name}`}
              >
                {intl.formatMessage({ id: "theater.map" })}
              </SiteLink>
            </div>
            {t.amenities.length > 0 && (
              <section className="amenities" aria-labelledby={`amenities-${t.id}`}>
                <h3 id={`amenities-${t.id}`}>{intl.formatMessage({ id: "theater.amenities" })}</h3>
                <ul>
                  {t.amenities.map((amenity) => (
                    <li key={amenity}>{amenity}</li>
                  ))}
                </ul>
              </section>
            )}
            <MakeMyTheater className="choice" theater={t} nameTheater />
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
