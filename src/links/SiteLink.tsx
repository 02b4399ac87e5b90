import { Link } from "gatsby";
import { useEffect, useState, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from "react";
import { useIntl } from "react-intl";
import styled from "styled-components";
import { recordOutboundClick } from "../tracking/analytics/events";
import { loadOnce } from "../lib/lazy";
import { useSiteRuntime } from "../runtime/SiteRuntime";
import { isExternalUrl } from "./external";
import { focusFragment } from "./fragments";
import { useCurrentLocation, useLinkEnvironment, useSessionLinkBridge } from "./LinkEnvironment";
import { clicksSuppressed, resolveLink } from "./rules";

export type SiteLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  /** A site path, an absolute URL, an e-mail address, "#fragment" or a special "#…" action. */
  to: string | null | undefined;
  children: ReactNode;
  /** Spec §2 "links with icons": the icon sits at the start or the end of the label. */
  icon?: ReactNode;
  iconPosition?: "start" | "end";
  /** Keep a ticketing booking link as it is in embedded mode: the booking route's own way out. */
  keepBookingLink?: boolean;
};

const PostForm = styled.form`
  display: inline;
  button {
    font: inherit;
    color: inherit;
    background: none;
    border: 0;
    padding: 0;
    cursor: pointer;
    text-decoration: underline;
  }
`;

const IconSlot = styled.span`
  display: inline-flex;
  vertical-align: middle;
  margin-inline: 0.25em;
`;

const loadPsl = /* @__PURE__ */ loadOnce(() => import("psl"));

/** Decides after mount whether a host the build never saw is external (loads psl only then). */
function useLateExternal(hostname: string | null, domain: string): boolean | null {
  const [external, setExternal] = useState<boolean | null>(null);
  useEffect(() => {
    if (!hostname) return;
    let cancelled = false;
    void loadPsl().then((psl) => {
      if (!cancelled) setExternal(isExternalUrl(psl.default ?? psl, `https://${hostname}/`, `https://${domain}/`));
    });
    return () => {
      cancelled = true;
    };
  }, [hostname, domain]);
  return external;
}

/** Every link on the site goes through here, so the rules of spec §2/§5/§7 live in one place. */
export function SiteLink({
  to,
  children,
  target,
  title,
  className,
  icon,
  iconPosition = "start",
  onClick,
  keepBookingLink,
  ...rest
}: SiteLinkProps) {
  const intl = useIntl();
  const { domain } = useSiteRuntime();
  const env = useLinkEnvironment();
  const { pathname } = useCurrentLocation();
  const { runAction } = useSessionLinkBridge();
  const link = resolveLink(to, keepBookingLink ? { ...env, embeddingMode: "none" } : env);
  const unknownHost =
    (link.kind === "outbound" || link.kind === "form") && link.external === null ? link.hostname : null;
  const lateExternal = useLateExternal(unknownHost, domain);
  const suppressed = clicksSuppressed(pathname);

  const label = (
    <>
      {icon && iconPosition === "start" && <IconSlot aria-hidden="true">{icon}</IconSlot>}
      {children}
      {icon && iconPosition === "end" && <IconSlot aria-hidden="true">{icon}</IconSlot>}
    </>
  );

  /** Runs the caller's handler, then ours unless the page suppresses clicks (spec §2 preview prefix). */
  const handle = (ours?: (event: MouseEvent<HTMLAnchorElement>) => void) => (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (suppressed) {
      event.preventDefault();
      return;
    }
    ours?.(event);
  };

  /** A plain anchor for the links that leave navigation to the browser or to our handler. */
  const anchor = (href: string, ours?: (event: MouseEvent<HTMLAnchorElement>) => void) => (
    <a href={href} className={className} title={title} {...rest} onClick={handle(ours)}>
      {label}
    </a>
  );

  switch (link.kind) {
    case "disabled":
      return (
        <span className={className} aria-disabled="true" role="link" title={title}>
          {label}
        </span>
      );
    case "noop":
      return anchor("#", (event) => event.preventDefault());
    case "action":
      return anchor(link.href, (event) => {
        event.preventDefault();
        runAction(link.action);
      });
    case "fragment":
      return anchor(link.href, () => focusFragment(link.id));
    case "mailto":
      return anchor(link.href);
    case "internal": {
      // Active is decided on the path alone: Gatsby's own rule compares the whole href, so a link
      // carrying utm parameters would never be active.
      const active = link.href.split(/[?#]/)[0] === pathname;
      return (
        <Link
          to={link.href}
          className={[className, active ? "active" : undefined].filter(Boolean).join(" ") || undefined}
          aria-current={active ? "page" : undefined}
          title={title}
          target={target}
          {...rest}
          onClick={handle()}
        >
          {label}
        </Link>
      );
    }
    case "outbound":
    case "form": {
      const external = link.external ?? lateExternal ?? false;
      // Spec §2: external links open in a new window and say so, unless a target is given.
      const announceNewWindow = external && target === undefined;
      const newWindow = intl.formatMessage({ id: "common.newWindow" });
      const windowTarget = announceNewWindow ? "_blank" : target;
      const linkTitle = announceNewWindow ? (title ? `${title} ${newWindow}` : newWindow) : title;
      const ariaLabel = rest["aria-label"];
      const accessible = announceNewWindow && ariaLabel ? { "aria-label": `${ariaLabel} ${newWindow}` } : {};
      const hiddenNote = announceNewWindow && !ariaLabel ? <span className="visually-hidden"> {newWindow}</span> : null;
      if (link.kind === "form") {
        return (
          <PostForm
            method="post"
            action={link.action}
            target={windowTarget}
            className={className}
            onSubmit={(event) => {
              if (suppressed) event.preventDefault();
              else recordOutboundClick(link.action, env.ticketing.tokenParam);
            }}
          >
            {link.fields.map(([name, value], index) => (
              <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
            ))}
            <button type="submit" title={linkTitle} aria-label={accessible["aria-label"] ?? ariaLabel}>
              {label}
              {hiddenNote}
            </button>
          </PostForm>
        );
      }
      // Issue 43: a member's token is in the href only while the link is followed, so an address
      // copied from the page carries nothing secret. A click (Enter fires one; ctrl, shift or cmd
      // open a new tab or window) or a middle button's release, which every browser dispatches
      // before the click or auxclick it opens the link on; never the right button's, whose
      // context menu copies the href. On any other link `follow` is the href itself.
      const follow = ({ currentTarget: anchor, button }: MouseEvent<HTMLAnchorElement>) => {
        if (button < 2) {
          anchor.href = link.follow;
          setTimeout(() => (anchor.href = link.href));
        }
      };
      return (
        <a
          href={link.href}
          className={className}
          target={windowTarget}
          rel={external ? "noreferrer" : undefined}
          title={linkTitle}
          {...rest}
          {...accessible}
          onClick={handle((event) => {
            recordOutboundClick(link.href, env.ticketing.tokenParam);
            follow(event);
          })}
          onMouseUp={follow}
        >
          {label}
          {hiddenNote}
        </a>
      );
    }
  }
}
