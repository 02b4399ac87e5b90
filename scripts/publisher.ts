// npm run publisher: the publish API (src/publish/, issue 47) on PUBLISH_PORT (default 9430). A
// publish builds the site from SITE_CONFIG_DIR in its kept copy under PUBLISH_WORK_DIR (.sites/)
// with scripts/build-sites.ts, checks the result and swaps it live under PUBLISH_DIR (dist/), which
// `npm run serve -- dist` (and `npm start`) serves and picks up without a restart. The builds get
// this process's environment (the build settings: BUILD_DATE, TICKETING_URL, GATSBY_*…).
// Settings: src/publish/publisher-settings.ts; README "Publishing".
import path from "node:path";
import { bullmqQueue } from "../src/publish/bullmq-queue";
import { inProcessQueue } from "../src/publish/in-process-queue";
import { buildPublishApi } from "../src/publish/publish-api";
import { siteFoldersOf } from "../src/publish/publish-requests";
import { publisherSettings } from "../src/publish/publisher-settings";
import type { Publish } from "../src/publish/publish";
import { releaseSite, rollBack } from "../src/publish/release-site";
import { buildSite, copyDeployable } from "./build-sites";

async function main(): Promise<void> {
  const settings = publisherSettings(process.env);
  const { configRoot, outDir, workDir } = settings;
  let log: (fields: object, message: string) => void = (fields, message) => console.log(message, fields);
  const queueOptions = {
    concurrency: settings.concurrency,
    settleMs: settings.settleMs,
    buildRelease: releaseSite({
      buildSite: (siteId, onBuilding) => buildSite(siteId, { configRoot, work: workDir, env: process.env, onBuilding }),
      copyDeployable,
      outDir,
      keep: settings.keepReleases,
    }),
    onChange: (publish: Publish) =>
      log(
        {
          siteId: publish.siteId,
          publish: publish.id,
          saves: publish.saves,
          step: publish.step ?? undefined,
          error: publish.error ?? undefined,
        },
        `publish ${publish.state}`,
      ),
  };
  // On Redis, every publisher given the same PUBLISH_REDIS_URL takes saves and builds: each must
  // write into the PUBLISH_DIR the site's servers read.
  const queue = settings.redisUrl
    ? await bullmqQueue({ ...queueOptions, redisUrl: settings.redisUrl })
    : inProcessQueue(queueOptions);
  const app = await buildPublishApi({
    queue,
    publishToken: settings.publishToken,
    knownSites: () => siteFoldersOf(configRoot),
    rollBack: (siteId) => rollBack(outDir, siteId),
    rateLimit: settings.rateLimit,
    trustProxy: settings.trustProxy,
    logLevel: settings.logLevel,
  });
  log = (fields, message) => app.log.info(fields, message);
  await app.listen({ port: settings.port, host: settings.host });
  const relative = (dir: string) => path.relative(process.cwd(), dir) || ".";
  console.log(
    `Publisher on port ${settings.port}: POST /sites/{siteId}/publish builds ${relative(configRoot)}/<siteId> ` +
      `in ${relative(workDir)}/<siteId> and makes it live in ${relative(outDir)}/<siteId>` +
      (settings.redisUrl ? " (queue on Redis)" : "") +
      (settings.tokenMade ? `\nPUBLISH_TOKEN (made for this run): ${settings.publishToken}` : ""),
  );

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    // A second signal stops at once.
    if (stopping) process.exit(1);
    stopping = true;
    // A build under way is left to its end, so that its kept copy is not left half-built by a
    // Gatsby process that outlives us.
    app.log.info(`${signal}: no new publishes; waiting for the builds under way (signal again to stop at once)`);
    Promise.all([app.close(), queue.close()]).then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, "stop failed");
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) {
  main().catch((error: unknown) => {
    console.error(`The publisher cannot start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
