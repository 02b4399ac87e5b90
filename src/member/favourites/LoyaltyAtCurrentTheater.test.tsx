import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { normaliseLoyaltyConfig } from "../config";
import { useMemberSession } from "../session/LoyaltyProvider";
import { fakeFetch } from "../../test/loyalty-fakes";
import type { SiteRuntime } from "../../site/model";
import { installSiteRuntime } from "../../test/gatsby-mock";
import { LoyaltyAtCurrentTheater } from "./LoyaltyAtCurrentTheater";
import { SelectedTheaterProvider, useSelectedTheater } from "./SelectedTheaterProvider";
import { builtRuntime } from "../../test/site-runtime";

jest.mock("gatsby", () => jest.requireActual("../../test/gatsby-mock"));

// The US circuit (starlight-downtown SL001, -riverside SL002, -north SL003) with each v3 override provider.
let starlight: SiteRuntime;
beforeAll(async () => {
  starlight = await builtRuntime("starlight");
});

function clearCookie() {
  document.cookie = "selectedTheaterId=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/";
}
const realFetch = globalThis.fetch;
beforeEach(clearCookie);
afterEach(() => {
  clearCookie();
  globalThis.fetch = realFetch;
});

const PROVIDERS = ["BOOST_POS", "BOOST_POS_WITHOUT_LOYALTY", "TAPOS", "CGR"] as const;

/** The page's providers as PageShell composes them, the client being the real lazy one over a fake fetch. */
async function renderPage(provider: (typeof PROVIDERS)[number], pageTheaterId: string | null) {
  const loyalty = normaliseLoyaltyConfig(
    { provider, cinemaId: "SL001" },
    { circuitId: "STARLIGHT", currentCinemaId: "" },
  );
  installSiteRuntime({ ...starlight, loyalty });
  const fake = fakeFetch({ "/Member/v3/RewardsListing": { json: { peachCode: 0 } } });
  globalThis.fetch = fake.fetchImpl;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <SelectedTheaterProvider theaterId={pageTheaterId}>
      <LoyaltyAtCurrentTheater>{children}</LoyaltyAtCurrentTheater>
    </SelectedTheaterProvider>
  );
  const hook = renderHook(() => ({ session: useMemberSession(), theater: useSelectedTheater() }), { wrapper });
  const rewardsRoute = async () => {
    await act(async () => {
      await hook.result.current.session.client.call("rewards", { session: "tok" });
    });
    return fake.calls.at(-1)?.body.reqMetadata.route ?? "";
  };
  return { ...hook, rewardsRoute };
}

describe.each(PROVIDERS)("%s on the US circuit: member calls carry the current theater (spec §4)", (provider) => {
  it("on a theater page, that theater, even when the visitor chose another", async () => {
    document.cookie = "selectedTheaterId=starlight-north; path=/";
    const { result, rewardsRoute } = await renderPage(provider, "starlight-riverside");
    expect(await rewardsRoute()).toContain("CypherCinemaId=SL002");
    expect(result.current.session.config.cinemaId).toBe("SL002");
  });

  it("elsewhere, the stored choice; a new choice applies to the next call", async () => {
    document.cookie = "selectedTheaterId=starlight-north; path=/";
    const { result, rewardsRoute } = await renderPage(provider, null);
    expect(await rewardsRoute()).toContain("CypherCinemaId=SL003");
    act(() => result.current.theater.chooseTheater("starlight-riverside"));
    expect(await rewardsRoute()).toContain("CypherCinemaId=SL002");
    expect(result.current.session.config.cinemaId).toBe("SL002");
  });

  it("without a current theater, the configured cinema", async () => {
    const { rewardsRoute } = await renderPage(provider, null);
    expect(await rewardsRoute()).toContain("CypherCinemaId=SL001");
  });
});
