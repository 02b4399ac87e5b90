// A stand-in for the "gatsby" module in component tests: Link renders a plain anchor (keeping
// Gatsby's click rule: a prevented click does not navigate), the static query answers with the
// runtime a test installs, and navigate is a spy.
import type { AnchorHTMLAttributes, MouseEvent } from "react";
import { messagesFor, type Messages } from "../i18n/catalogues";
import type { SiteRuntime } from "../site/model";

let runtime: SiteRuntime | null = null;
export const navigations: string[] = [];

export function installSiteRuntime(next: SiteRuntime): void {
  runtime = next;
}

export function useStaticQuery(): { siteSettings: { runtime: SiteRuntime; messages: Messages } } {
  if (!runtime) throw new Error("gatsby mock: call installSiteRuntime() first");
  return { siteSettings: { runtime, messages: messagesFor(runtime.locale) } };
}

export const graphql = (): string => "";

export async function navigate(to: string): Promise<void> {
  navigations.push(to);
}

type LinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { to: string };

export function Link({ to, onClick, ...rest }: LinkProps) {
  return (
    <a
      {...rest}
      href={to}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        onClick?.(event);
        if (!event.defaultPrevented) {
          event.preventDefault();
          navigations.push(to);
        }
      }}
    />
  );
}
