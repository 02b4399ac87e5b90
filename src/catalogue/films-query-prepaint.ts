// The film list opened by a search's address (/films/?q=…, a shared link, or a search sent before
// the scripts ran): its HTML is the whole list, built without a query, and the page reads the
// query once hydrated, then shows the status line and the films answering it. Left visible, the
// whole list moved as the status line took the filters' place and the results replaced it (layout
// shift 0.12 on the French site on a phone, 0.09 on the US circuit). So a small inline script,
// before the list, hides the list's parts (FILMS_LIST_ATTRIBUTE) when the address has a query,
// and the page removes that rule in the render that shows the results, before it is painted:
// hidden parts take their room but never count as moving, and the results then appear in place.
// Nothing is hidden without a query, nor without scripts (the inline script is one).

/** On each part of the list a query replaces: the filters, the "only at" box, the grid. */
export const FILMS_LIST_ATTRIBUTE = "data-films-list";
/** The style element the script adds, removed once the query is shown. */
export const FILMS_QUERY_STYLE_ID = "films-query-prepaint";

/**
 * The query of an address's search part, as the page reads it (FilmsTemplate): `q`, trimmed;
 * empty when there is none.
 */
export const queryOf = (search: string): string => (new URLSearchParams(search).get("q") ?? "").trim();

/**
 * Plain ES5 the parser runs where the script stands: with a query in the address, a rule hiding
 * the list's parts until the page shows the results (releaseFilmsQueryPrepaint). The same reading
 * of the query as queryOf: a blank `q` is no search.
 */
export const filmsQueryPrepaintScript = `(function(){try{
var q=new URLSearchParams(location.search).get("q");
if(!q||!q.trim()||document.getElementById("${FILMS_QUERY_STYLE_ID}"))return;
var s=document.createElement("style");s.id="${FILMS_QUERY_STYLE_ID}";
s.textContent="[${FILMS_LIST_ATTRIBUTE}]{visibility:hidden!important}";
document.head.appendChild(s);}catch(e){}})()`;

/** Shows the list's parts again: called by the render that shows the query's results. */
export function releaseFilmsQueryPrepaint(doc: Document = document): void {
  doc.getElementById(FILMS_QUERY_STYLE_ID)?.remove();
}
