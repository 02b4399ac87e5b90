/** @jest-environment jsdom */
// The film list's pre-paint rule, run as the browser's parser runs it: which addresses hide the
// list's parts, and that the page's release shows them again.
import {
  FILMS_LIST_ATTRIBUTE,
  FILMS_QUERY_STYLE_ID,
  filmsQueryPrepaintScript,
  queryOf,
  releaseFilmsQueryPrepaint,
} from "./films-query-prepaint";

/** Runs the script on /films/ with `search` in the address; says whether the rule is in place. */
function runAt(search: string): boolean {
  window.history.replaceState(null, "", `/films/${search}`);
  // Indirect eval: the script runs in the global scope, as an inline script does.
  (0, eval)(filmsQueryPrepaintScript);
  return document.getElementById(FILMS_QUERY_STYLE_ID) !== null;
}

afterEach(() => releaseFilmsQueryPrepaint());

// The page shows results exactly when its query is not empty, and the script hides the list exactly then.
it.each`
  search                               | query
  ${"?q=lac"}                          | ${"lac"}
  ${"?q=ombres%20lac&utm_source=news"} | ${"ombres lac"}
  ${"?utm_source=news&q=Orbite"}       | ${"Orbite"}
  ${"?q=%20%20"}                       | ${""}
  ${"?q="}                             | ${""}
  ${"?query=lac"}                      | ${""}
  ${""}                                | ${""}
`(
  "with $search in the address the page searches for $query, and the list is hidden before paint if it does",
  ({ search, query }: { search: string; query: string }) => {
    expect(queryOf(search)).toBe(query);
    expect(runAt(search)).toBe(query !== "");
  },
);

it("hides exactly the list's parts, and the release shows them again", () => {
  document.body.innerHTML = `<h1>Films</h1><ul ${FILMS_LIST_ATTRIBUTE}><li>Orbite basse</li></ul>`;
  runAt("?q=orbite");
  const list = document.querySelector("ul")!;
  expect(getComputedStyle(list).visibility).toBe("hidden");
  expect(getComputedStyle(document.querySelector("h1")!).visibility).not.toBe("hidden");
  releaseFilmsQueryPrepaint();
  expect(getComputedStyle(list).visibility).not.toBe("hidden");
});

it("runs once however many times the parser meets it (one rule)", () => {
  runAt("?q=lac");
  runAt("?q=lac");
  expect(document.querySelectorAll(`#${FILMS_QUERY_STYLE_ID}`)).toHaveLength(1);
});
