import type { HeadProps, PageProps } from "gatsby";
import { Fragment, useEffect, useState } from "react";
import { useIntl } from "react-intl";
import { ACCOUNT_DELETED_MESSAGE_ID, isAccountDeletedState } from "../member/account/account-deleted";
import { FormStatus } from "../components/forms/fields";
import styled from "styled-components";
import { FilmCard, FilmGrid } from "../catalogue/components/FilmCard";
import { EAGER_GRID_POSTERS } from "../catalogue/components/FilmPoster";
import { NextShowtimes, NextShowtimesPaintHint } from "../catalogue/components/NextShowtimes";
import type { ContentBlock } from "../config/pages";
import { PageShell } from "../shell/PageShell";
import { SeoHead } from "../shell/SeoHead";
import { useConfigText } from "../shell/useConfigText";
import { SiteLink } from "../links/SiteLink";
import { useSiteRuntime } from "../runtime/SiteRuntime";
import { filmsOfBlock, type FilmSummary, type GenericPageContext } from "../site/contexts";

const Hero = styled.section`
  padding: 2.5rem 1.5rem;
  margin-bottom: 2rem;
  border-radius: ${({ theme }) => theme.radii.content};
  background: ${({ theme }) => theme.colours.primary};
  color: ${({ theme }) => theme.colours.readableOnPrimary};
  h1 {
    margin: 0 0 0.75rem;
    font-size: clamp(1.75rem, 4vw, 3rem);
  }
  p {
    max-width: 60ch;
    font-size: 1.1rem;
  }
  a {
    display: inline-block;
    margin-top: 0.5rem;
    padding: 0.6rem 1.2rem;
    border-radius: ${({ theme }) => theme.radii.buttons};
    background: ${({ theme }) => theme.colours.background};
    color: ${({ theme }) => theme.colours.readablePrimary};
    font-weight: ${({ theme }) => theme.fontWeights.bold};
    text-decoration: none;
    --focus-ring-colour: ${({ theme }) => theme.colours.readableOnPrimary};
  }
`;

const Section = styled.section`
  margin-bottom: 2.5rem;
  p {
    max-width: 70ch;
    line-height: 1.6;
  }
  a {
    color: ${({ theme }) => theme.colours.readablePrimary};
  }
  address {
    font-style: normal;
  }
`;

function TheaterBlock({ title, anchor }: { title?: string; anchor?: string }) {
  const site = useSiteRuntime();
  const text = useConfigText();
  return (
    <Section id={anchor}>
      {title && <h2>{text(title)}</h2>}
      <ul>
        {site.theaters.map((t) => (
          <li key={t.id}>{t.path ? <SiteLink to={t.path}>{t.name}</SiteLink> : t.name}</li>
        ))}
      </ul>
    </Section>
  );
}

type BlockProps = {
  block: ContentBlock;
  films: FilmSummary[];
  isFirst: boolean;
  /** The page's first film grid: its first posters load at once. */
  firstFilms: boolean;
};

function Block({ block, films, isFirst, firstFilms }: BlockProps) {
  const intl = useIntl();
  const text = useConfigText();
  switch (block.type) {
    case "hero": {
      const Heading = isFirst ? "h1" : "h2";
      return (
        <Hero>
          <Heading>{text(block.title)}</Heading>
          {block.text && <p>{text(block.text)}</p>}
          {block.link && <SiteLink to={block.link.to}>{text(block.link.label)}</SiteLink>}
        </Hero>
      );
    }
    case "text":
      return (
        <Section id={block.anchor}>
          {block.title && <h2>{text(block.title)}</h2>}
          {block.body.split(/\n\s*\n/).map((paragraph, i) => (
            <p key={i}>{text(paragraph)}</p>
          ))}
          {block.links.length > 0 && (
            <ul>
              {block.links.map((link) => (
                <li key={`${link.label}${link.to}`}>
                  <SiteLink to={link.to} target={link.target}>
                    {text(link.label)}
                  </SiteLink>
                </li>
              ))}
            </ul>
          )}
        </Section>
      );
    case "films": {
      const selected = filmsOfBlock(films, block);
      return (
        <Section id={block.anchor}>
          {block.title && <h2>{text(block.title)}</h2>}
          {selected.length === 0 ? (
            <p>{intl.formatMessage({ id: "films.empty" })}</p>
          ) : (
            <FilmGrid>
              {selected.map((film, i) => (
                <li key={film.id}>
                  <FilmCard film={film} priority={firstFilms && i < EAGER_GRID_POSTERS} />
                </li>
              ))}
            </FilmGrid>
          )}
        </Section>
      );
    }
    case "theaters":
      return <TheaterBlock title={block.title} anchor={block.anchor} />;
  }
}

/** Said on the page a member lands on after deleting their account (location state, not the URL). */
function AccountDeletedNotice({ state }: { state: unknown }) {
  const intl = useIntl();
  // Read after hydration: the static HTML never carries it.
  const [shown, setShown] = useState(false);
  useEffect(() => setShown(isAccountDeletedState(state)), [state]);
  return shown ? <FormStatus message={intl.formatMessage({ id: ACCOUNT_DELETED_MESSAGE_ID })} /> : null;
}

/**
 * The home page's next showtimes, shown right after the page's opening block (none without one).
 * The page and its head both ask here: the head's paint hint names an element of the list.
 */
const nextShowtimesOf = ({ page, programme }: GenericPageContext) => (page.blocks.length > 0 ? programme : undefined);

export default function GenericTemplate({ pageContext, location }: PageProps<object, GenericPageContext>) {
  const { page, films } = pageContext;
  const nextShowtimes = nextShowtimesOf(pageContext);
  const startsWithHero = page.blocks[0]?.type === "hero";
  const firstFilmsBlock = page.blocks.findIndex((block) => block.type === "films");
  return (
    <PageShell pageContext={pageContext} captchaSiteKey={page.captchaSiteKey}>
      <AccountDeletedNotice state={location.state} />
      {/* Every page has one h1: the hero's title, else the page title. */}
      {!startsWithHero && <h1>{page.title}</h1>}
      {page.blocks.map((block, i) => (
        <Fragment key={i}>
          <Block block={block} films={films} isFirst={i === 0} firstFilms={i === firstFilmsBlock} />
          {/* The home page's next showtimes come right after its opening block. */}
          {i === 0 && nextShowtimes && <NextShowtimes {...nextShowtimes} />}
        </Fragment>
      ))}
    </PageShell>
  );
}

export function Head({ pageContext }: HeadProps<object, GenericPageContext>) {
  const { page, noindex } = pageContext;
  return (
    <>
      <SeoHead
        pageContext={pageContext}
        title={page.title}
        description={page.description || undefined}
        isHome={page.slug === "" && !noindex}
        noindex={noindex}
      />
      {nextShowtimesOf(pageContext) && <NextShowtimesPaintHint />}
    </>
  );
}
