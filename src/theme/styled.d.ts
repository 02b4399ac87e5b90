// Lets `props.theme` in every styled component be typed as our SiteTheme.
import "styled-components";
import type { SiteTheme } from "./theme";

declare module "styled-components" {
  // An interface (not a type alias) is required for declaration merging.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface DefaultTheme extends SiteTheme {}
}
