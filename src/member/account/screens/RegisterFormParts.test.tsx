// The sign-up box acknowledging the privacy policy, and the terms where the site names a page for
// them (issue 46): its label says what is accepted, its links sit in its description.
import { render, screen } from "@testing-library/react";
import { IntlProvider } from "react-intl";
import { messagesFor } from "../../../i18n/catalogues";
import type { SiteRuntime } from "../../../site/model";
import { installSiteRuntime } from "../../../test/gatsby-mock";
import { builtRuntime } from "../../../test/site-runtime";
import { AcknowledgementField } from "./RegisterFormParts";

jest.mock("gatsby", () => jest.requireActual("../../../test/gatsby-mock"));

let starlight: SiteRuntime;
beforeAll(async () => {
  starlight = await builtRuntime("starlight");
});

function renderBox(site: SiteRuntime, error: string | null = null) {
  installSiteRuntime(site);
  render(
    <IntlProvider locale="en-US" messages={messagesFor("en-US")}>
      <AcknowledgementField checked={false} onCheckedChange={() => undefined} error={error} />
    </IntlProvider>,
  );
  return screen.getByRole("checkbox");
}

describe("AcknowledgementField", () => {
  it("without terms: the privacy policy alone, linked in the box's description", () => {
    const box = renderBox(starlight);
    expect(box).toHaveAccessibleName(
      "I have read the privacy policy and agree that my details are kept for my membership",
    );
    expect(box).toBeRequired();
    expect(box).toHaveAccessibleDescription("Read the privacy policy");
    expect(screen.getByRole("link", { name: "Read the privacy policy" })).toHaveAttribute("href", "/privacy-policy/");
    expect(screen.queryByRole("link", { name: "Read the terms of use" })).toBeNull();
  });

  it("with a terms page: the terms accepted too, both linked", () => {
    const box = renderBox({ ...starlight, termsPageSlug: "about" });
    expect(box).toHaveAccessibleName(
      "I accept the terms of use, have read the privacy policy and agree that my details are kept for my membership",
    );
    expect(box).toHaveAccessibleDescription("Read the terms of use · Read the privacy policy");
    expect(screen.getByRole("link", { name: "Read the terms of use" })).toHaveAttribute("href", "/about/");
  });

  it("an error is tied to the box and marks it invalid", () => {
    const box = renderBox(starlight, "Tick this box to create your account");
    expect(box).toBeInvalid();
    expect(box).toHaveAccessibleDescription("Read the privacy policy Tick this box to create your account");
  });
});
