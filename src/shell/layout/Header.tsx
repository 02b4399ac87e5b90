import { useCallback, useId, useRef, useState } from "react";
import { useIntl } from "react-intl";
import styled, { css } from "styled-components";
import type { SiteLayoutConfig } from "../../config/theme";
import { SiteLink } from "../../links/SiteLink";
import type { SiteRuntime } from "../../runtime/site-runtime";
import { SearchForm } from "./SearchForm";
import { headerButtonCss } from "../../components/header-button";
import { MemberAccess } from "../../member/sign-in/MemberAccess";
import { TheaterPicker } from "../../member/favourites/components/TheaterPicker";
import { useDisclosureDismissal } from "../../lib/use-disclosure-dismissal";

/** Logo heights per size; width follows the logo's own aspect ratio. */
export const LOGO_HEIGHTS: Record<SiteLayoutConfig["logoSize"], number> = { small: 32, medium: 48, large: 64 };

const Bar = styled.header<{ $layout: SiteLayoutConfig["headerLayout"] }>`
  --focus-ring-colour: ${({ theme }) => theme.colours.readableOnHeaderBackground};
  /* The logo keeps its own colours on the theme's plate, never the header's (global.css). */
  --logo-plate: ${({ theme }) => theme.colours.logoPlate};
  --logo-pad: ${({ theme }) => (theme.colours.logoPlate === theme.colours.headerBackground ? 0 : "4px 8px")};
  /* The plate follows the site's content roundness (spec §3): square on a NONE site. */
  --logo-radius: ${({ theme }) => theme.radii.content};
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
    gap: 0.25rem;
  }
  ${({ theme }) => theme.media.md} {
    ul {
      display: flex;
      flex-direction: row;
      gap: 1.5rem;
    }
  }
  a {
    display: inline-block;
    text-decoration: none;
    font-weight: ${({ theme }) => theme.fontWeights.bold};
    padding: 0.25rem 0;
    border-bottom: 3px solid transparent;
  }
  a:hover,
  a.active {
    border-bottom-color: currentColor;
  }
  ${({ theme }) => theme.media.md} {
    li.phone-only {
      display: none;
    }
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

type HeaderProps = {
  site: SiteRuntime;
  layout: SiteLayoutConfig;
  /**
   * For a page sent without scripts (the offline page): the navigation as plain links, always
   * shown, and none of the controls that need JavaScript (menu and member buttons, theater
   * picker, search, which would only bring back the offline page).
   */
  scriptless?: boolean;
  /**
   * False on the film list, whose own box is the page's search: one search box on a page
   * (issue 45), the same before and after the query is read.
   */
  search?: boolean;
};

/** Two layouts: "classic" (logo left, navigation right) and "centered" (logo above navigation). */
export function Header({ site, layout, scriptless = false, search = true }: HeaderProps) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const navId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const nav = useRef<HTMLElement>(null);
  const picker = useRef<HTMLDivElement>(null);

  // The phone menu is a disclosure (WAI-ARIA disclosure navigation). On a phone the theater picker
  // opens with it (global.css), so the picker is part of it: tabbing from the button through the
  // links to the picker keeps it open.
  const close = useCallback(() => setOpen(false), []);
  useDisclosureDismissal(open, close, menuButton, [nav, picker]);
  // A site that hides its footer links on phones (footerMobileLinks false) would leave a page only
  // the footer links to out of reach there: the phone menu carries those links instead.
  const headerTargets = new Set(site.navigation.header.map((link) => link.to));
  const phoneOnly = layout.footerMobileLinks
    ? []
    : site.navigation.footer.flatMap((group) => group.links).filter((link) => !headerTargets.has(link.to));
  const height = LOGO_HEIGHTS[layout.logoSize];
  const width = Math.round((site.logo.width / site.logo.height) * height);
  return (
    // The phone layout (two rows; navigation and theater picker under the menu button) is static
    // CSS in src/theme/global.css, out of the first-load JavaScript.
    <Bar
      className="site-header"
      $layout={layout.headerLayout}
      data-layout={layout.headerLayout}
      data-menu={open ? "open" : "closed"}
    >
      <div className="inner">
        <SiteLink
          to="/"
          className="logo"
          aria-label={intl.formatMessage({ id: "layout.home" }, { siteName: site.name })}
        >
          <img src={site.logo.src} alt={site.logo.alt} width={width} height={height} />
        </SiteLink>
        <Tools className="tools">
          {!scriptless && (
            <MenuButton
              ref={menuButton}
              type="button"
              className="menu-button"
              aria-expanded={open}
              aria-controls={navId}
              onClick={() => setOpen((v) => !v)}
            >
              {intl.formatMessage({ id: open ? "layout.menu.close" : "layout.menu.open" })}
            </MenuButton>
          )}
          <Nav
            ref={nav}
            id={navId}
            $open={open || scriptless}
            aria-label={intl.formatMessage({ id: "layout.mainNavigation" })}
          >
            <ul>
              {site.navigation.header.map((link) => (
                <li key={`${link.label}${link.to}`}>
                  <SiteLink to={link.to} target={link.target}>
                    {link.label}
                  </SiteLink>
                </li>
              ))}
              {phoneOnly.map((link) => (
                <li key={`phone-${link.label}${link.to}`} className="phone-only">
                  <SiteLink to={link.to} target={link.target}>
                    {link.label}
                  </SiteLink>
                </li>
              ))}
            </ul>
          </Nav>
          {!scriptless && (
            <>
              <div ref={picker} className="picker">
                <TheaterPicker />
              </div>
              {layout.hasSearch && search && <SearchForm />}
              <div className="member">
                <MemberAccess />
              </div>
            </>
          )}
        </Tools>
      </div>
    </Bar>
  );
}
