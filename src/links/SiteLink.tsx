import { Link } from "gatsby";
import type { AnchorHTMLAttributes, ReactNode } from "react";
import { useIntl } from "react-intl";
import { useSiteRuntime } from "../site/SiteRuntime";
import { classifyTarget } from "./targets";

export type SiteLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  to: string;
  children: ReactNode;
};

/** Every link on the site goes through here, so the target rules live in one place. */
export function SiteLink({ to, children, target, title, className, ...rest }: SiteLinkProps) {
  const intl = useIntl();
  const { domain } = useSiteRuntime();
  const kind = classifyTarget(to, `https://${domain}/`);
  switch (kind.type) {
    case "empty":
      return (
        <span className={className} aria-disabled="true" role="link">
          {children}
        </span>
      );
    case "internal":
      return (
        <Link to={kind.href} className={className} activeClassName="active" title={title} target={target} {...rest}>
          {children}
        </Link>
      );
    case "external": {
      const explicitTarget = target !== undefined;
      const label = intl.formatMessage({ id: "common.newWindow" });
      return (
        <a
          href={kind.href}
          className={className}
          target={explicitTarget ? target : "_blank"}
          rel="noreferrer"
          title={explicitTarget ? title : `${title ?? ""}${title ? " " : ""}${label}`}
          {...rest}
        >
          {children}
          {!explicitTarget && <span className="visually-hidden"> {label}</span>}
        </a>
      );
    }
    default:
      return (
        <a href={kind.href} className={className} target={target} title={title} {...rest}>
          {children}
        </a>
      );
  }
}
