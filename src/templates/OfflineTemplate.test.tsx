// The offline page is sent without scripts (gatsby-ssr.tsx): what it offers must work as plain
// HTML. Rendered to a string as the build does, then read as the browser would show it.
import { screen, within } from "@testing-library/react";
import type { PageProps } from "gatsby";
import { renderToString } from "react-dom/server";
import { ServerStyleSheet } from "styled-components";
import { OFFLINE_PAGE_PATH } from "../offline/paths";
import type { PageContext } from "../runtime/page-context";
import { installSiteRuntime } from "../test/gatsby-mock";
import { plannedPage } from "../test/site-runtime";
import OfflineTemplate from "./OfflineTemplate";

jest.mock("gatsby", () => jest.requireActual("../test/gatsby-mock"));

const TEXTS = {
  lumiere: { navigation: "Navigation principale", title: "Vous êtes hors ligne", retry: "Réessayer" },
  starlight: { navigation: "Main navigation", title: "You are offline", retry: "Try again" },
} as const;

/** The offline page's HTML, with its styles, as the document's body. */
async function showOfflinePage(siteId: keyof typeof TEXTS) {
  const { runtime, pageContext } = await plannedPage<PageContext>(siteId, OFFLINE_PAGE_PATH);
  installSiteRuntime(runtime);
  const props = {
    pageContext,
    location: { pathname: OFFLINE_PAGE_PATH, search: "", hash: "" },
  } as unknown as PageProps<object, PageContext>;
  const sheet = new ServerStyleSheet();
  try {
    const html = renderToString(sheet.collectStyles(<OfflineTemplate {...props} />));
    document.head.innerHTML = sheet.getStyleTags();
    document.body.innerHTML = html;
  } finally {
    sheet.seal();
  }
  return { runtime, texts: TEXTS[siteId] };
}

afterEach(() => {
  document.head.innerHTML = "";
  document.body.innerHTML = "";
});

describe("the offline page works without scripts", () => {
  it.each(["lumiere", "starlight"] as const)(
    "%s: the header's navigation is plain links, shown; no control that needs a script",
    async (siteId) => {
      const { runtime, texts } = await showOfflinePage(siteId);
      const header = screen.getByRole("banner");
      const navigation = within(header).getByRole("navigation", { name: texts.navigation });
      // Shown without the menu button (not display: none, as the closed phone menu is).
      const links = within(navigation).getAllByRole("link");
      expect(links.map((link) => link.textContent)).toEqual(
        expect.arrayContaining(runtime.navigation.header.map((link) => link.label)),
      );
      // No menu or member button, no theater picker, no search: none would do anything here.
      expect(screen.queryAllByRole("button")).toEqual([]);
      expect(within(header).queryByRole("search")).not.toBeInTheDocument();
      expect(within(header).queryByRole("combobox")).not.toBeInTheDocument();
      expect(document.querySelector("form, select, input")).toBeNull();
    },
  );

  it.each(["lumiere", "starlight"] as const)(
    "%s: the page itself links only to trying again (a page not kept would bring this page back)",
    async (siteId) => {
      const { texts } = await showOfflinePage(siteId);
      const main = within(screen.getByRole("main"));
      expect(main.getByRole("heading", { level: 1 })).toHaveTextContent(texts.title);
      // Queried as elements: the testing library's roles leave out a link with an empty href.
      const links = [...screen.getByRole("main").querySelectorAll("a")];
      expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([[texts.retry, ""]]);
    },
  );
});
