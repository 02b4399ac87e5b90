// Validates the site picked by SITE before Gatsby touches public/, so a bad config never
// produces a half-built site. Prints the problems (file › field: expectation) and exits 1.
// `npm run build:sites` runs the same check for each site before building it.
import path from "node:path";
import { SiteConfigError } from "../src/config/errors";
import { loadOptionsFromEnv, loadSiteConfig, type LoadOptions } from "../src/config/load";
import { OriginListError, parseEditorOrigins } from "../src/embedding/origins";
import { planFontAssets } from "../src/theme/font-assets";
import { getFontFamily } from "../src/theme/fonts";

/** The one-line summary of a valid site; throws SiteConfigError (file › field: expectation) otherwise. */
export async function checkSiteConfig(options: LoadOptions): Promise<string> {
  const config = await loadSiteConfig(options);
  const themeFile = path.relative(process.cwd(), path.join(options.configRoot, options.siteId, "theme.json"));
  // Each font is planned on its own, so the message names the one at fault: family, then weights.
  const fontProblems = (["body", "heading"] as const).flatMap((role) => {
    const choice = config.theme.fonts[role];
    let field = `fonts.${role}.family`;
    try {
      getFontFamily(choice.family);
      field = `fonts.${role}.weights`;
      planFontAssets([choice]);
      return [];
    } catch (error) {
      return [{ file: themeFile, field, message: (error as Error).message }];
    }
  });
  if (fontProblems.length > 0) throw new SiteConfigError(options.siteId, fontProblems);
  return `Site "${config.siteId}" configuration is valid (${config.catalogue.films.length} films, ${config.theaters.length} theater(s)).`;
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
