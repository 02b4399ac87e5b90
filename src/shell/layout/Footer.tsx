import { useIntl } from "react-intl";
import styled, { css } from "styled-components";
import type { SiteLayoutConfig } from "../../config/theme";
import { PostalAddress } from "../../catalogue/components/PostalAddress";
import { PRIVACY_CHOICES_MESSAGE, showPrivacyChoices } from "../../tracking/consent/privacy-choices";
import { SiteLink } from "../../links/SiteLink";
import type { SiteRuntime } from "../../runtime/site-runtime";
import { pagePath } from "../../lib/paths";

const Bar = styled.footer<{ $layout: SiteLayoutConfig["footerLayout"]; $mobileLinks: boolean }>`
  --focus-ring-colour: ${({ theme }) => theme.colours.readableOnFooterBackground};
  margin-top: 3rem;
  background: ${({ theme }) => theme.colours.footerBackground};
  color: ${({ theme }) => theme.colours.readableOnFooterBackground};
  a {
    color: inherit;
  }
  .inner {
    max-width: 1280px;
    margin: 0 auto;
    padding: 2rem 1rem;
    display: flex;
    gap: 2rem;
    ${({ $layout }) =>
      $layout === "compact"
        ? css`
            flex-wrap: wrap;
            align-items: center;
            justify-content: space-between;
          `
        : css`
            flex-direction: column;
          `}
  }
  .groups {
    display: ${({ $mobileLinks }) => ($mobileLinks ? "flex" : "none")};
    flex-wrap: wrap;
    gap: 2rem 4rem;
  }
  ${({ theme }) => theme.media.md} {
    .groups {
      display: flex;
    }
    .phone-only {
      display: none;
    }
  }
  h2 {
    font-size: 1rem;
    margin: 0 0 0.5rem;
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
    gap: 0.5rem 1rem;
    flex-direction: ${({ $layout }) => ($layout === "compact" ? "row" : "column")};
    flex-wrap: wrap;
  }
  small {
    font-size: 0.875rem;
  }
  /* The consent manager's preferences open in place: a button, drawn as the line's link is. */
  .privacy-choices {
    display: inline-block;
    min-height: 24px;
    margin: 0;
    padding: 0;
    border: 0;
    background: none;
    color: inherit;
    font: inherit;
    text-decoration: underline;
    cursor: pointer;
  }
  .venues {
    display: flex;
    flex-wrap: wrap;
    gap: 1.5rem 4rem;
  }
  .venues address {
    font-style: normal;
  }
  .venues p,
  .venues ul {
    margin: 0.5rem 0 0;
  }
  .venues ul {
    flex-direction: column;
    gap: 0.125rem;
  }
`;

type FooterProps = {
  site: SiteRuntime;
  layout: SiteLayoutConfig;
  /** Whether this page loads the consent manager at all (not in the editor's preview, PageShell). */
  consentManagerOnPage?: boolean;
};

/**
 * Two layouts: "columns" (titled link groups in columns) and "compact" (one row of links).
 * footerMobileLinks false hides the link groups on small screens. On a site with a consent
 * manager, the copyright line ends with the way back to its preferences, on every screen size.
 */
export function Footer({ site, layout, consentManagerOnPage = true }: FooterProps) {
  const intl = useIntl();
  const compact = layout.footerLayout === "compact";
  const privacyPath = site.privacyPolicyPageSlug ? pagePath(site.privacyPolicyPageSlug) : null;
  // The copyright line links the privacy policy unless a link group already does where it shows:
  // everywhere, or (footerMobileLinks false) from md up only, when the line's link is for phones.
  const privacyInGroups =
    privacyPath !== null && site.navigation.footer.some((group) => group.links.some((link) => link.to === privacyPath));
  const privacyOnLine = privacyPath !== null && !(privacyInGroups && layout.footerMobileLinks);
  const privacyChoices = consentManagerOnPage ? site.privacyChoices : null;
  return (
    <Bar $layout={layout.footerLayout} $mobileLinks={layout.footerMobileLinks} data-layout={layout.footerLayout}>
      <div className="inner">
        <div className="venues">
          {site.theaters.map((theater) => (
            <section key={theater.id} aria-labelledby={`venue-${theater.id}`}>
              {/* The compact layout has no headings (as for its link groups): the name leads in bold. */}
              {compact ? (
                <p id={`venue-${theater.id}`}>
                  <strong>{theater.name}</strong>
                </p>
              ) : (
                <h2 id={`venue-${theater.id}`}>{theater.name}</h2>
              )}
              <PostalAddress address={theater.address} />
              {theater.phone && (
                <p>
                  {intl.formatMessage(
                    { id: "layout.phoneLine" },
                    {
                      number: (
                        <a key="phone" href={`tel:${theater.phone.replace(/\s+/g, "")}`}>
                          {theater.phone}
                        </a>
                      ),
                    },
                  )}
                </p>
              )}
              {theater.openingHours.length > 0 && (
                <ul aria-label={intl.formatMessage({ id: "layout.openingHours" })}>
                  {theater.openingHours.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              )}
            </section>
          ))}
        </div>
        <nav className="groups" aria-label={intl.formatMessage({ id: "layout.footerNavigation" })}>
          {site.navigation.footer.map((group) => (
            <section key={group.title} aria-label={compact ? group.title : undefined}>
              {!compact && <h2>{group.title}</h2>}
              <ul>
                {group.links.map((link) => (
                  <li key={`${link.label}${link.to}`}>
                    <SiteLink to={link.to} target={link.target}>
                      {link.label}
                    </SiteLink>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </nav>
        <small>
          {intl.formatMessage({ id: "layout.copyright" }, { year: new Date().getFullYear(), siteName: site.name })}
          {privacyOnLine && (
            <span className={privacyInGroups ? "phone-only" : undefined}>
              {" · "}
              <SiteLink to={privacyPath}>{intl.formatMessage({ id: "layout.privacy" })}</SiteLink>
            </span>
          )}
          {privacyChoices && (
            <>
              {" · "}
              <button type="button" className="privacy-choices" onClick={() => showPrivacyChoices()}>
                {intl.formatMessage({ id: PRIVACY_CHOICES_MESSAGE[privacyChoices] })}
              </button>
            </>
          )}
        </small>
      </div>
    </Bar>
  );
}
