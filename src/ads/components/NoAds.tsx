// What a site that shows no ads builds instead of AdSlots.tsx (gatsby-node.ts swaps the module):
// the same components, rendering nothing, so such a site ships none of the ad code.
import type {
  AdsBottom as Bottom,
  AdsFloating as Floating,
  AdsInPage as InPage,
  AdsSetup as Setup,
  AdsTop as Top,
} from "./AdSlots";

export function AdsTop(_: Parameters<typeof Top>[0]): null {
  return null;
}
export function AdsInPage(_: Parameters<typeof InPage>[0]): null {
  return null;
}
export function AdsBottom(_: Parameters<typeof Bottom>[0]): null {
  return null;
}
export function AdsFloating(_: Parameters<typeof Floating>[0]): null {
  return null;
}
export function AdsSetup(_: Parameters<typeof Setup>[0]): null {
  return null;
}
