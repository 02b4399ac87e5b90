import { useId, useState } from "react";
import { useIntl } from "react-intl";
import styled, { css } from "styled-components";
import type { SiteLayoutConfig } from "../../config/theme";
import { SiteLink } from "../../links/SiteLink";
import type { SiteRuntime } from "../../site/model";
import { SearchForm } from "./SearchForm";
import { headerButtonCss } from "../header-button";
import { MemberAccess } from "../../loyalty/components/MemberAccess";
import { TheatrePicker } from "../../favourites/components/TheatrePicker";

/** Logo heights per size; width follows the logo's own aspect ratio. */
export const LOGO_HEIGHTS: Record<SiteLayoutConfig["logoSize"], number> = { small: 32, medium: 48, large: 64 };

const Bar = styled.header<{ $layout: SiteLayoutConfig["headerLayout"] }>`
  --focus-ring-colour: ${({ theme }) => theme.colours.readableOnHeaderBackground};
  background: ${({ theme }) => theme.colours.headerBackground};
  color: ${({ theme }) => theme.colours.readableOnHeaderBackground};
  border-bottom: 1px solid ${({ theme }) => theme.colours.visibleMuted};
  .inner {
    max-width: 1280px;
    margin: 0 auto;
    padding: 0.75rem 1rem;
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.75rem 1.5rem;
    ${({ $layout }) =>
      $layout === "centered"
        ? css`
            flex-direction: column;
          `
        : css`
            justify-content: space-between;
          `}
  }
  a {
    color: inherit;
  }
`;

const Nav = styled.nav<{ $open: boolean }>`
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: ${({ $open }) => ($open ? "flex" : "none")};
    flex-direction: column;
    gap: 0.5rem;
  }
  ${({ theme }) => theme.media.md} {
    ul {
      display: flex;
      flex-direction: row;
      gap: 1.5rem;
    }
  }
  a {
    text-decoration: none;
    font-weight: ${({ theme }) => theme.fontWeights.bold};
    padding: 0.25rem 0;
    border-bottom: 3px solid transparent;
  }
  a:hover,
  a.active {
    border-bottom-color: currentColor;
  }
`;

const MenuButton = styled.button`
  ${headerButtonCss}
  ${({ theme }) => theme.media.md} {
    display: none;
  }
`;

const Tools = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 1rem;
`;

type HeaderProps = { site: SiteRuntime; layout: SiteLayoutConfig };

/** Two layouts: "classic" (logo left, navigation right) and "centered" (logo above navigation). */
export function Header({ site, layout }: HeaderProps) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const navId = useId();
  const height = LOGO_HEIGHTS[layout.logoSize];
  const width = Math.round((site.logo.width / site.logo.height) * height);
  return (
    <Bar $layout={layout.headerLayout} data-layout={layout.headerLayout}>
      <div className="inner">
        <SiteLink to="/" aria-label={intl.formatMessage({ id: "layout.home" }, { siteName: site.name })}>
          <img src={site.logo.src} alt={site.logo.alt} width={width} height={height} />
        </SiteLink>
        <Tools>
          <MenuButton type="button" aria-expanded={open} aria-controls={navId} onClick={() => setOpen((v) => !v)}>
            {intl.formatMessage({ id: open ? "layout.menu.close" : "layout.menu.open" })}
          </MenuButton>
          <Nav id={navId} $open={open} aria-label={intl.formatMessage({ id: "layout.mainNavigation" })}>
            <ul>
              {site.navigation.header.map((link) => (
                <li key={`${link.label}${link.to}`}>
                  <SiteLink to={link.to} target={link.target}>
                    {link.label}
                  </SiteLink>
                </li>
              ))}
            </ul>
          </Nav>
          <TheatrePicker />
          {layout.hasSearch && <SearchForm />}
          <MemberAccess />
        </Tools>
      </div>
    </Bar>
  );
}
