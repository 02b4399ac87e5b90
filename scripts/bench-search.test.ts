// Issue 45's bar: the search index the build publishes stays within 150 KB gzip at 5,000 films.
import { buildSearchIndex, parseSearchIndex } from "../src/catalogue/search-index";
import { INDEX_BUDGET_GZIP_BYTES, syntheticFilms, weightOf } from "./bench-search";

it("the search index of 5,000 films is within 150 KB gzip, and reads back whole", () => {
  const films = syntheticFilms(5000);
  const file = buildSearchIndex(films);
  const weight = weightOf(JSON.stringify(file));
  console.log(
    `search index, 5,000 films: ${(weight.rawBytes / 1024).toFixed(1)} KB raw, ${(weight.gzipBytes / 1024).toFixed(1)} KB gzip`,
  );
  expect(weight.gzipBytes).toBeLessThanOrEqual(INDEX_BUDGET_GZIP_BYTES);
  expect(parseSearchIndex(JSON.parse(JSON.stringify(file)))?.map((f) => f.path)).toEqual(
    films.map((f) => `/films/${f.slug}/`).sort((a, b) => a.localeCompare(b, "en", { numeric: true })),
  );
});
