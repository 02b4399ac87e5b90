import { Fragment } from "react";
import { useSiteRuntime } from "../../runtime/SiteRuntime";
import { addressLines } from "../address";
import type { Theater } from "../types";

/** A theater's address in an <address>, one line per line, in the way of the site's country. */
export function PostalAddress({ address, className }: { address: Theater["address"]; className?: string }) {
  const site = useSiteRuntime();
  return (
    <address className={className}>
      {addressLines(address, site.country.iso31661A2).map((line, i) => (
        <Fragment key={line}>
          {i > 0 && <br />}
          {line}
        </Fragment>
      ))}
    </address>
  );
}
