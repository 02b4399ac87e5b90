import { renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { IntlProvider } from "react-intl";
import { loyaltyMessagesEnUS } from "../i18n/en-US";
import { LoyaltyProvider } from "../session/LoyaltyProvider";
import { installSiteRuntime } from "../../test/gatsby-mock";
import { favouritesMessagesEnUS } from "./i18n/en-US";
import { favouritesMessagesFrFR } from "./i18n/fr-FR";
import { loadRuntimes } from "../../test/render-in-loyalty";
import { useFavouritesMessage } from "./useFavouritesMessage";

jest.mock("gatsby", () => jest.requireActual("../../test/gatsby-mock"));

beforeAll(async () => {
  installSiteRuntime((await loadRuntimes()).lumiere); // BOOST_POS
});

function render() {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <IntlProvider locale="en-US" messages={{ ...loyaltyMessagesEnUS, ...favouritesMessagesEnUS }}>
      <LoyaltyProvider externalToken={null}>{children}</LoyaltyProvider>
    </IntlProvider>
  );
  return renderHook(() => useFavouritesMessage(), { wrapper }).result.current;
}

it.each([
  [
    "code 72 on a watchlist add",
    { messageId: "favourites.watchlist.error.add", failure: { kind: "provider", code: 72 } },
    "This movie can't be added to your watchlist yet (Code: 72)",
  ],
  [
    "a code without wording on a theater action",
    { messageId: "favourites.theaters.error.action", failure: { kind: "provider", code: 1 } },
    "An error has occured. (Code: 1)",
  ],
  [
    "a code without wording on the theaters load",
    { messageId: "favourites.theaters.error.load", failure: { kind: "provider", code: 1 } },
    "An error has occured while retrieving your favorite theaters. (Code: 1)",
  ],
  [
    "a network failure on a watchlist remove",
    { messageId: "favourites.watchlist.error.remove", failure: { kind: "network" } },
    "The member service cannot be reached. Check your connection and try again.",
  ],
] as const)("%s", (_name, notice, text) => {
  expect(render()(notice)).toBe(text);
});

it("the French catalogue has every id and fills the same placeholders", () => {
  expect(Object.keys(favouritesMessagesFrFR).sort()).toEqual(Object.keys(favouritesMessagesEnUS).sort());
  const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
  for (const [id, text] of Object.entries(favouritesMessagesEnUS)) {
    expect([id, placeholders(favouritesMessagesFrFR[id as keyof typeof favouritesMessagesEnUS])]).toEqual([
      id,
      placeholders(text),
    ]);
  }
});
