// Entry point of the production server (bundled into build/server.cjs by scripts/build-server.mjs;
// `npm run serve` and the Dockerfile run that bundle). Sites to serve: the arguments, else
// SITE_DIRS (comma list), else the current project; a folder of sites (dist/) stands for all of
// them. A site that is a link to its live release (build:sites, the publisher) is followed: a new
// release is served to new requests within RELEASE_CHECK_MS, without a restart. SIGTERM/SIGINT: stop accepting, let requests in flight finish within
// SHUTDOWN_TIMEOUT_MS, exit 0 (1 if the bound was hit). Without RECAPTCHA_SECRET it refuses to
// start unless RECAPTCHA_OFF=true says that running without a captcha check is meant, nor with a
// RECAPTCHA_PAGE_SECRETS it cannot read.
import { captchaDecision, pageSecretsFrom } from "../cypher-settings";
import { buildServer } from "./app";
import { serverDeploySettings } from "./deploy-settings";
import { liveSite } from "./live-site";
import { expandSiteDirs, loadSiteBundle } from "./site-bundle";

/** How many page keys have their own secret (never the keys' secrets). */
function pageKeysNote(env: NodeJS.ProcessEnv): string {
  const pages = pageSecretsFrom(env.RECAPTCHA_PAGE_SECRETS);
  const count = pages.ok ? pages.secrets.size : 0;
  return count > 0 ? ` (${count} page key${count > 1 ? "s" : ""} with their own secret, RECAPTCHA_PAGE_SECRETS)` : "";
}

export async function main(
  argv: readonly string[] = process.argv.slice(2),
  env: NodeJS.ProcessEnv = process.env,
): Promise<void> {
  const deploy = serverDeploySettings(env);
  const captcha = captchaDecision(env);
  if (!captcha.ok) throw new Error(captcha.problem);
  const given =
    argv.length > 0
      ? argv
      : (env.SITE_DIRS ?? ".")
          .split(",")
          .map((dir) => dir.trim())
          .filter(Boolean);
  // Refusals of a new release are logged by the server once it exists (the first load throws instead).
  let logRefusal = (message: string) => console.error(message);
  const sites = expandSiteDirs(given).map((dir) =>
    liveSite(dir, {
      load: (releaseDir) => loadSiteBundle(releaseDir, deploy.editorOrigins, env),
      onRefused: (releaseDir, error) =>
        logRefusal(
          `${dir}: the release in ${releaseDir} is not served (${error instanceof Error ? error.message : String(error)}); the site is served as it was`,
        ),
    }),
  );
  const { app, drain } = await buildServer({ sites, deploy, env });
  logRefusal = (message) => app.log.error(message);
  // A queue of connections waiting to be accepted as long as the connections allowed at once: with
  // Node's 511, a burst of 1,500 clients has its SYNs dropped and retried seconds later (issue 43's
  // flood: 906 of them waited past 10 s). The kernel caps it at net.core.somaxconn.
  await app.listen({ port: deploy.port, host: deploy.host, backlog: deploy.maxConnections });
  for (const site of sites.map((live) => live.current())) {
    app.log.info(
      `serving site "${site.settings.siteId}" (${site.settings.domain}, ${site.settings.siteId}.localhost) from ${site.publicDir}: ${site.files.size} files, ${site.policy.inlineScriptHashes.length} inline-script hashes`,
    );
  }

  app.log.info(
    captcha.mode === "off"
      ? "captcha: OFF (RECAPTCHA_OFF=true): sign-in, sign-up, member search, reset and gift-card calls are not checked for bots"
      : `captcha: tokens of sign-in, sign-up, member search, reset and gift-card calls are verified${pageKeysNote(env)}`,
  );
  app.log.info(
    `member calls per minute and address: ${deploy.memberRateLimit ?? "no limit"} (sensitive: ${deploy.sensitiveRateLimit ?? "no limit"})`,
  );

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: no new connections; waiting up to ${deploy.shutdownTimeoutMs} ms for requests in flight`);
    drain();
    const bound = setTimeout(() => {
      app.log.warn("shutdown bound reached: closing the connections still open");
      app.server.closeAllConnections();
      process.exit(1);
    }, deploy.shutdownTimeoutMs);
    bound.unref();
    app.close().then(
      () => {
        app.log.info("stopped");
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}
