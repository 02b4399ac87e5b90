import { HISTORY_FIRST_PAGE, historyRequest, historyView } from "./history-page";

const rows = (count: number) => Array.from({ length: count }, (_, index) => index);

describe("history pages", () => {
  it("the first request asks for one more than it shows; 'all' sends no limit", () => {
    expect(historyRequest("recent")).toEqual({ maxResults: HISTORY_FIRST_PAGE + 1 });
    expect(historyRequest("all")).toEqual({});
  });

  it.each([
    [0, 0, false],
    [4, 4, false],
    [HISTORY_FIRST_PAGE, HISTORY_FIRST_PAGE, false],
    [HISTORY_FIRST_PAGE + 1, HISTORY_FIRST_PAGE, true],
  ])("recent: %i answered → %i shown, more: %s", (answered, shown, hasMore) => {
    const view = historyView(rows(answered), "recent");
    expect(view.shown).toHaveLength(shown);
    expect(view.hasMore).toBe(hasMore);
  });

  it("all: everything, nothing more", () => {
    expect(historyView(rows(42), "all")).toEqual({ shown: rows(42), hasMore: false });
  });

  it("keeps the provider's order (newest first)", () => {
    expect(historyView(["c", "b", "a"], "recent").shown).toEqual(["c", "b", "a"]);
  });
});
