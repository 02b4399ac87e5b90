import { Link } from "gatsby";
import { useEffect, useState, type AnchorHTMLAttributes, type ReactNode } from "react";
import { useIntl } from "react-intl";
import { useSiteRuntime } from "../site/SiteRuntime";
import { isExternalUrl } from "./external";
import { classifyTarget } from "./targets";

export type SiteLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  to: string;
  children: ReactNode;
};

/** Every link on the site goes through here, so the target rules live in one place. */
export function SiteLink({ to, children, target, title, className, ...rest }: SiteLinkProps) {
  const intl = useIntl();
  const { domain, linkHosts } = useSiteRuntime();
  const classified = classifyTarget(to, linkHosts);
  // A host the build never saw: decide after mount, loading the public-suffix list only then.
  const [lateExternal, setLateExternal] = useState<boolean | null>(null);
  const unknownHref = classified.type === "unknownHost" ? classified.href : null;
  useEffect(() => {
    if (!unknownHref) return;
    let cancelled = false;
    void import("psl").then((psl) => {
      if (!cancelled) setLateExternal(isExternalUrl(psl.default ?? psl, unknownHref, `https://${domain}/`));
    });
    return () => {
      cancelled = true;
    };
  }, [unknownHref, domain]);
  const kind =
    classified.type === "unknownHost" ? { type: lateExternal ? ("external" as const) : ("sameSite" as const), href: classified.href } : classified;
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
