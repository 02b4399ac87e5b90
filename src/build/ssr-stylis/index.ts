// stylis as styled-components sees it in the HTML renderer (gatsby-node.ts swaps it in for
// styled-components' own import): the real module, with compile and serialize remembered (./memo.ts).
import * as stylis from "stylis";
import { memoizedStylis } from "./memo";

// The four names below shadow the star export's: a module's own exports win (ES2015 §15.2.1.16.3).
/* eslint-disable import-x/export */
export * from "stylis";
export const { compile, serialize, middleware, rulesheet } = memoizedStylis(stylis);
/* eslint-enable import-x/export */
