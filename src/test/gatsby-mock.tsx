// A stand-in for the "gatsby" module in component tests: Link renders a plain anchor (keeping
// Gatsby's click rule: a prevented click does not navigate), the static query answers with the
// runtime a test installs, and navigate is a spy.
import type { AnchorHTMLAttributes, MouseEvent } from "react";
import { messagesFor } from "../i18n/catalogues";
import { compileMessages, type CompiledMessages } from "../i18n/compile";
import type { SiteRuntime } from "../runtime/site-runtime";

let runtime: SiteRuntime | null = null;
export const navigations: string[] = [];

export function installSiteRuntime(next: SiteRuntime): void {
  runtime = next;
}

// As the build gives them (compiled), once per locale.
const compiled = new Map<SiteRuntime["locale"], CompiledMessages>();

export function useStaticQuery(): { siteSettings: { runtime: SiteRuntime; compiledMessages: CompiledMessages } } {
  if (!runtime) throw new Error("gatsby mock: call installSiteRuntime() first");
  const { locale } = runtime;
  if (!compiled.has(locale)) compiled.set(locale, compileMessages(messagesFor(locale), locale));
  return { siteSettings: { runtime, compiledMessages: compiled.get(locale)! } };
}

export const graphql = (): string => "";
/** The sites build without a path prefix (gatsby-config.ts). */
export const withPrefix = (path: string): string => path;

/** The history state each navigate call asked for (undefined: none), beside `navigations`. */
export const navigationStates: unknown[] = [];
/** Each navigate call's options whole (undefined: none): what `replace` asked for. */
export const navigationOptions: unknown[] = [];

export async function navigate(to: string, options?: { replace?: boolean; state?: unknown }): Promise<void> {
  navigations.push(to);
  navigationStates.push(options?.state);
  navigationOptions.push(options);
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
          void navigate(to);
        }
      }}
    />
  );
}
