import path from "node:path";
import { copySampleSite, obj, type TempSite } from "../src/config/__fixtures__/temp-site";
import { SiteConfigError } from "../src/config/errors";
import { checkSiteConfig } from "./check-site";

describe("checkSiteConfig: the fonts a theme names", () => {
  let site: TempSite | undefined;
  afterEach(() => site?.cleanup());

  it("passes the sample site and sums it up", async () => {
    site = copySampleSite("starlight");
    await expect(checkSiteConfig({ configRoot: site.configRoot, siteId: "starlight" })).resolves.toMatch(
      /^Site "starlight" configuration is valid \(\d+ films, 3 theater\(s\)\)\.$/,
    );
  });

  it.each<[string, (fonts: Record<string, unknown>) => void, string, string]>([
    [
      "an unknown family",
      (fonts) => (obj(fonts.body).family = "Comic Sans MS"),
      "fonts.body.family",
      'Unknown font family "Comic Sans MS"',
    ],
    [
      "a weight the family does not have",
      // Anton comes in one weight.
      (fonts) => (fonts.heading = { family: "Anton", weights: ["400", "700"] }),
      "fonts.heading.weights",
      'Font "Anton" has no weight 700',
    ],
  ])(
    "names the field and the theme file where it lives (SITE_CONFIG_DIR included): %s",
    async (_case, edit, field, message) => {
      site = copySampleSite("lumiere");
      site.editJson("theme.json", (theme) => edit(obj(theme.fonts)));
      const error: unknown = await checkSiteConfig({ configRoot: site.configRoot, siteId: "lumiere" }).catch((e) => e);
      expect(error).toBeInstanceOf(SiteConfigError);
      expect((error as SiteConfigError).problems).toEqual([
        {
          file: path.relative(process.cwd(), path.join(site.siteDir, "theme.json")),
          field,
          message: expect.stringContaining(message),
        },
      ]);
    },
  );
});
