// Validates the site picked by SITE before Gatsby touches public/, so a bad config never
// produces a half-built site. Prints the problems (file › field: expectation) and exits 1.
import { SiteConfigError } from "../src/config/errors";
import { loadOptionsFromEnv, loadSiteConfig } from "../src/config/load";
import { OriginListError, parseEditorOrigins } from "../src/embedding/origins";
import { planFontAssets } from "../src/theme/font-assets";

async function main(): Promise<number> {
  const options = loadOptionsFromEnv();
  try {
    parseEditorOrigins(process.env.EDITOR_ORIGINS);
  } catch (error) {
    if (!(error instanceof OriginListError)) throw error;
    console.error(`The deploy settings are wrong: ${error.message}`);
    return 1;
  }
  try {
    const config = await loadSiteConfig(options);
    try {
      planFontAssets([config.theme.fonts.body, config.theme.fonts.heading]);
    } catch (error) {
      throw new SiteConfigError(options.siteId, [
        { file: `site-config/${options.siteId}/theme.json`, field: "fonts", message: (error as Error).message },
      ]);
    }
    console.log(
      `Site "${config.siteId}" configuration is valid (${config.catalogue.films.length} films, ${config.theaters.length} theatre(s)).`,
    );
    return 0;
  } catch (error) {
    if (error instanceof SiteConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
}

main().then((code) => process.exit(code));
