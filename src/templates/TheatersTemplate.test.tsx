// The circuit's theater list (issue 42): each theater's address, a map link that opens in a new
// window, its amenities when its config has some, and "Make this my theater", which sets the
// visitor's theater (the header's picker follows) and shows the current choice as pressed.
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import type { PageProps } from "gatsby";
import { readSelectedTheaterId } from "../member/favourites/selected-theater";
import type { SiteRuntime } from "../site/model";
import { installSiteRuntime } from "../test/gatsby-mock";
import { plannedPage } from "../test/site-runtime";
import type { TheatersPageContext } from "../site/contexts";
import TheatersTemplate from "./TheatersTemplate";

jest.mock("gatsby", () => jest.requireActual("../test/gatsby-mock"));

let runtime: SiteRuntime;
let pageContext: TheatersPageContext;
beforeAll(async () => {
  ({ runtime, pageContext } = await plannedPage<TheatersPageContext>("starlight", "/theaters/"));
});

function clearCookie() {
  document.cookie = "selectedTheaterId=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/";
}
beforeEach(clearCookie);
afterEach(clearCookie);

async function renderList() {
  installSiteRuntime(runtime);
  const props = { pageContext, location: { pathname: "/theaters/", search: "" } } as PageProps<
    object,
    TheatersPageContext
  >;
  render(<TheatersTemplate {...props} />);
  await act(async () => undefined);
}

const main = () => within(screen.getByRole("main"));
/** A theater's card: the list item its heading is in. */
const card = (name: string) => within(main().getByRole("heading", { level: 2, name }).closest("li")!);

describe("the theater list of a circuit (Starlight)", () => {
  it("lists every theater with its address and a map link that opens in a new window", async () => {
    await renderList();
    expect(
      main()
        .getAllByRole("heading", { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(["Starlight Downtown", "Starlight Riverside", "Starlight North Lamar"]);
    const downtown = card("Starlight Downtown");
    expect(downtown.getByText(/401 Main Street/).closest("address")).toHaveTextContent(
      "401 Main StreetAustin, TX 78701",
    );
    const map = downtown.getByRole("link", { name: /^View on map: Starlight Downtown \(Opens in a new window\)$/ });
    expect(map).toHaveAttribute(
      "href",
      "https://www.google.com/maps/search/?api=1&query=401%20Main%20Street%2C%20Austin%2C%20TX%2078701",
    );
    expect(map).toHaveAttribute("target", "_blank");
    expect(map).toHaveAttribute("rel", "noreferrer");
  });

  it("shows a theater's amenities when its config has some, and no empty heading otherwise", async () => {
    await renderList();
    const amenities = card("Starlight Downtown").getByRole("region", { name: "Amenities" });
    expect(
      within(amenities)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Recliner seats", "Dolby Atmos", "Bar & kitchen", "Free parking"]);
    expect(card("Starlight Riverside").queryByRole("region", { name: "Amenities" })).toBeNull();
  });

  it("offers each theater as the visitor's, none pressed for a visitor who has not chosen", async () => {
    await renderList();
    const buttons = main().getAllByRole("button", { name: /^Make this my theater: / });
    expect(buttons.map((b) => b.getAttribute("aria-pressed"))).toEqual(["false", "false", "false"]);
    expect(main().queryByText("Your theater")).toBeNull();
  });

  it("shows the visitor's theater as pressed, 'Your theater'", async () => {
    document.cookie = "selectedTheaterId=starlight-riverside; path=/";
    await renderList();
    const riverside = card("Starlight Riverside").getByRole("button", { name: /Make this my theater/ });
    expect(riverside).toHaveAttribute("aria-pressed", "true");
    expect(riverside).toHaveAccessibleDescription("Your theater");
    expect(card("Starlight Downtown").getByRole("button")).toHaveAttribute("aria-pressed", "false");
  });

  it("a press makes it the visitor's theater: stored, pressed, and the header's picker follows", async () => {
    document.cookie = "selectedTheaterId=starlight-riverside; path=/";
    await renderList();
    const picker = screen.getByRole("combobox", { name: "Choose your theater" });
    expect(picker).toHaveValue("starlight-riverside");
    const north = card("Starlight North Lamar").getByRole("button", { name: /Make this my theater/ });
    fireEvent.click(north);
    expect(north).toHaveAttribute("aria-pressed", "true");
    expect(card("Starlight North Lamar").getByText("Your theater")).toBeInTheDocument();
    expect(card("Starlight Riverside").getByRole("button")).toHaveAttribute("aria-pressed", "false");
    expect(readSelectedTheaterId()).toBe("starlight-north");
    expect(picker).toHaveValue("starlight-north");
  });
});
