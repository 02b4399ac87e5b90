import fc from "fast-check";
import { filmsOfBlock, filmsOfBlocks, type FilmSelection, type FilmSummary } from "./contexts";

/** Only what the selection reads: the play week and whether a day of showtimes is scheduled. */
const film = (id: number, current: boolean, scheduled: boolean) =>
  ({
    id,
    playWeek: current ? "CURRENT_PLAYWEEK" : "NEXT_PLAYWEEK",
    nextDay: scheduled ? { date: "2026-11-25" } : null,
  }) as unknown as FilmSummary;

const ids = (films: readonly FilmSummary[]) => films.map((f) => f.id);

describe("filmsOfBlocks: the films a page's blocks can list", () => {
  const catalogue = [
    film(1, true, true),
    film(2, false, false),
    film(3, true, true),
    film(4, true, false), // current but nothing scheduled: neither now showing nor coming soon
    film(5, false, true),
    film(6, true, true),
    film(7, false, false),
  ];

  it.each<[string, { selection: FilmSelection; limit?: number }[], number[]]>([
    ["no film block, no films", [], []],
    ["now showing, first two", [{ selection: "nowShowing", limit: 2 }], [1, 3]],
    ["coming soon, no limit", [{ selection: "comingSoon" }], [2, 5, 7]],
    [
      "two blocks, in catalogue order",
      [
        { selection: "nowShowing", limit: 8 },
        { selection: "comingSoon", limit: 1 },
      ],
      [1, 2, 3, 6],
    ],
    ["all, first three", [{ selection: "all", limit: 3 }], [1, 2, 3]],
  ])("%s", (_case, blocks, expected) => {
    expect(ids(filmsOfBlocks(catalogue, blocks))).toEqual(expected);
  });

  it("each block lists the same films from them as from the whole catalogue (property)", () => {
    const summaries = fc
      .array(fc.tuple(fc.boolean(), fc.boolean()), { minLength: 0, maxLength: 60 })
      .map((flags) => flags.map(([current, scheduled], i) => film(i + 1, current, scheduled)));
    const block = fc.record(
      {
        selection: fc.constantFrom<FilmSelection>("nowShowing", "comingSoon", "all"),
        limit: fc.integer({ min: 1, max: 30 }),
      },
      { requiredKeys: ["selection"] },
    );
    fc.assert(
      fc.property(summaries, fc.array(block, { maxLength: 4 }), (films, blocks) => {
        const kept = filmsOfBlocks(films, blocks);
        for (const b of blocks) expect(ids(filmsOfBlock(kept, b))).toEqual(ids(filmsOfBlock(films, b)));
      }),
      { numRuns: 500 },
    );
  });
});
