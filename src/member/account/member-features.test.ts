import {
  getItemsAvailable,
  getEVoucherConcessions,
  getLoyaltyCardWalletPass,
  getETicketWalletPass,
  searchMember,
} from "../provider/api";
import { createLoyaltyClient } from "../provider/client";
import { normaliseLoyaltyConfig, type LoyaltyConfig } from "../config";
import { RouteBuildError } from "../provider/routes";
import { fakeFetch, v3Session } from "../../test/loyalty-fakes";
import { memberFeatures, type MemberFeatures } from "./member-features";

const site = { circuitId: "", currentCinemaId: "" };
// Memberships on sale everywhere, so that the paid activation is decided by the ids alone.
const CONFIGS: Record<string, LoyaltyConfig> = {
  "French single site (no circuit)": normaliseLoyaltyConfig(
    { version: 3, provider: "BOOST_POS", cinemaId: "LUM01", includeActivation: true },
    site,
  ),
  "US circuit (no cinema)": normaliseLoyaltyConfig(
    { version: 1, provider: "NONE", circuitId: "STARLIGHT", includeActivation: true },
    site,
  ),
  "both ids": normaliseLoyaltyConfig(
    { version: 3, provider: "BOOST_POS", circuitId: "C1", cinemaId: "LUM01", includeActivation: true },
    site,
  ),
};

const ok = { json: { peachCode: 0, items: [], concessions: [], memberId: "1", url: "https://wallet.example/save" } };
const answers = {
  "/Member/GetItemsAvailableToValidatedLoyaltyMember/C1": ok,
  "/Member/GetItemsAvailableToValidatedLoyaltyMember/STARLIGHT": ok,
  "/Member/MemberSearch/C1": ok,
  "/Member/MemberSearch/STARLIGHT": ok,
  "/Concession/GetAllEVoucherConcessions/LUM01": ok,
  "/Member/GetMembershipList/LUM01/": ok,
  "/Member/UsernameReminder/C1/a%40example.com": ok,
  "/Member/UsernameReminder/STARLIGHT/a%40example.com": ok,
  "/AppleWallet/CreateLoyaltyCard/C1": ok,
  "/AppleWallet/CreateLoyaltyCard/STARLIGHT": ok,
  "/AppleWallet/GetETicket/C1/ORD-1": ok,
  "/AppleWallet/GetETicket/STARLIGHT/ORD-1": ok,
};

/** Whether the client can build the route at all (a RouteBuildError says it cannot). */
async function builds(call: () => Promise<unknown>): Promise<boolean> {
  try {
    await call();
    return true;
  } catch (error) {
    if (error instanceof RouteBuildError) return false;
    throw error;
  }
}

describe.each(Object.entries(CONFIGS))("%s", (_name, config) => {
  const client = createLoyaltyClient({ config, brand: "Cypher", fetchImpl: fakeFetch(answers).fetchImpl });
  const features = memberFeatures(config);
  const probes: Record<keyof MemberFeatures, () => Promise<unknown>> = {
    walletPasses: async () => {
      await getLoyaltyCardWalletPass(client, v3Session, { walletProvider: "AppleWallet", cardNumber: "CYP1" });
      await getETicketWalletPass(client, v3Session, { walletProvider: "AppleWallet", ticketId: "ORD-1" });
    },
    itemsAvailable: () => getItemsAvailable(client, v3Session),
    memberSearch: () => searchMember(client, "a@example.com", null),
    eVouchers: () => getEVoucherConcessions(client),
    // Straight through the client: the screens' wrappers turn a route they cannot build into a failure.
    paidActivation: () => client.call("membershipList"),
    usernameReminder: () => client.call("usernameReminder", { params: { email: "a@example.com" } }),
  };

  it.each(Object.keys(probes) as (keyof MemberFeatures)[])(
    "%s is offered exactly when its route can be built",
    async (feature) => {
      expect(await builds(probes[feature])).toBe(features[feature]);
    },
  );
});

it("a site that sells no memberships never runs the paid activation", () => {
  expect(
    memberFeatures(
      normaliseLoyaltyConfig({ version: 3, provider: "BOOST_POS", circuitId: "C1", cinemaId: "LUM01" }, site),
    ).paidActivation,
  ).toBe(false);
});
