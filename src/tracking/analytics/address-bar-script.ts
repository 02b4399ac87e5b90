// Issue 44: the private parameters leave the address bar before any third party's script runs.
// The consent manager loads from the document head (consent-head.ts), before the site's own
// scripts, so the cleaning is the head's first script: inline, run as the parser meets it, before
// the router (which then reads the cleaned address) and before any vendor. Written at build for a
// site, with its own ticketing token parameter (settings.loyalty.tokenParam) beside the shared
// list. It does what withoutPrivateParams does to the address (private-params.address-bar.test.ts
// holds them to the same table) and keeps the opened query in the history entry's state
// (openedQuery), where the reset screen and the token hand-over read it.
import { OPENED_QUERY_STATE, PRIVATE_PARAMS } from "./private-params";

/** The inline script; `extraParams` are the site's own private parameter names (its token parameter). */
export function privateParamsScript(extraParams: readonly string[] = []): string {
  const names = [...new Set([...PRIVATE_PARAMS, ...extraParams].map((name) => name.toLowerCase()))];
  // ES5 and short: it is first-load code on every page. A name is compared decoded ("+" a space)
  // and in lower case; the kept pairs stay as written, the fragment too; an emptied query goes.
  return (
    `!function(l,h){var p=${JSON.stringify(names)},s=l.search,q=s.slice(1).split("&"),` +
    `k=q.filter(function(x){var n=x.split("=",1)[0].replace(/\\+/g," ");try{n=decodeURIComponent(n)}catch(e){}` +
    `return p.indexOf(n.toLowerCase())<0});if(s&&k.length<q.length){k=k.filter(String).join("&");` +
    `h.replaceState(Object.assign({},h.state,{${JSON.stringify(OPENED_QUERY_STATE)}:s}),"",` +
    `l.pathname+(k?"?"+k:"")+l.hash)}}(location,history)`
  );
}
