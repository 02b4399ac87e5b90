import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadSiteConfig } from "../config/load";
import {
  readServerSiteSettings,
  resetServerSiteSettingsCache,
  serverSiteSettingsFrom,
  serverSiteSettingsSchema,
} from "./site-settings";

afterEach(() => resetServerSiteSettingsCache());

describe("the framing origins reach the server side (spec §1 embedding)", () => {
  it("writes the site's allowedEmbeddingDomains and the build's EDITOR_ORIGINS", async () => {
    const config = await loadSiteConfig({ configRoot: "site-config", siteId: "lumiere" });
    const settings = serverSiteSettingsFrom("lumiere", config, { editorOrigins: ["https://editor.example.com"] });
    expect(settings.allowedEmbeddingDomains).toEqual(["https://caisse.cinema-lumiere.fr"]);
    expect(settings.editorOrigins).toEqual(["https://editor.example.com"]);
    expect(serverSiteSettingsSchema.parse(settings)).toEqual(settings);
  });

  it("writes the site's time zone, the server's today for dated schedule addresses (issue 42)", async () => {
    const config = await loadSiteConfig({ configRoot: "site-config", siteId: "lumiere" });
    expect(serverSiteSettingsFrom("lumiere", config).timeZone).toBe("Europe/Paris");
    expect(
      serverSiteSettingsSchema.safeParse({ ...serverSiteSettingsFrom("lumiere", config), timeZone: "Europe/Atlantis" })
        .success,
    ).toBe(false);
  });

  it("frames the players of the sample trailers, and only those (issue 45)", async () => {
    const lumiere = serverSiteSettingsFrom(
      "lumiere",
      await loadSiteConfig({ configRoot: "site-config", siteId: "lumiere" }),
    );
    expect(lumiere.thirdPartySources["frame-src"]).toEqual(
      expect.arrayContaining(["https://player.vimeo.com", "https://www.youtube-nocookie.com"]),
    );
    const starlight = serverSiteSettingsFrom(
      "starlight",
      await loadSiteConfig({ configRoot: "site-config", siteId: "starlight" }),
    );
    expect(starlight.thirdPartySources["frame-src"]).toContain("https://www.youtube-nocookie.com");
    expect(starlight.thirdPartySources["frame-src"]).not.toContain("https://player.vimeo.com");
    expect(starlight.thirdPartySources["media-src"]).toBeUndefined();
  });

  it("defaults both lists to [] (no editor, no host), e.g. in a file written before they existed", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "server-settings-"));
    const file = path.join(dir, "server-settings.json");
    writeFileSync(
      file,
      JSON.stringify({
        siteId: "lumiere",
        domain: "www.cinema-lumiere.fr",
        ticketingUrl: "https://billetterie.cinema-lumiere.fr",
        loyalty: { tokenParam: "boostToken" },
      }),
    );
    expect(readServerSiteSettings(file)).toMatchObject({ allowedEmbeddingDomains: [], editorOrigins: [] });
  });
});
