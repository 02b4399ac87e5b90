// Validates the site picked by SITE before Gatsby touches public/, so a bad config never
// produces a half-built site. Prints the problems (file › field: expectation) and exits 1.
// `npm run build:sites` runs the same check for each site before building it.
import path from "node:path";
import { SiteConfigError } from "../src/config/errors";
import { loadOptionsFromEnv, loadSiteConfig, type LoadOptions } from "../src/config/load";
import { OriginListError, parseEditorOrigins } from "../src/embedding/origins";
import { planFontAssets } from "../src/theme/font-assets";

/** The one-line summary of a valid site; throws SiteConfigError (file › field: expectation) otherwise. */
export async function checkSiteConfig(options: LoadOptions): Promise<string> {
  const config = await loadSiteConfig(options);
  try {
    planFontAssets([config.theme.fonts.body, config.theme.fonts.heading]);
  } catch (error) {
    throw new SiteConfigError(options.siteId, [
      { file: `site-config/${options.siteId}/theme.json`, field: "fonts", message: (error as Error).message },
    ]);
  }
  return `Site "${config.siteId}" configuration is valid (${config.catalogue.films.length} films, ${config.theaters.length} theatre(s)).`;
}

async function main(): Promise<number> {
  try {
    parseEditorOrigins(process.env.EDITOR_ORIGINS);
  } catch (error) {
    if (!(error instanceof OriginListError)) throw error;
    console.error(`The deploy settings are wrong: ${error.message}`);
    return 1;
  }
  try {
    console.log(await checkSiteConfig(loadOptionsFromEnv()));
    return 0;
  } catch (error) {
    if (error instanceof SiteConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) {
  main().then((code) => process.exit(code));
}
