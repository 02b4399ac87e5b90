// npm start: build the default site and serve it, with the bundled sandbox loyalty provider
// behind /api/cypher and its ticketing page as the ticketing service, unless the deploy points
// CYPHER_API_URL (and TICKETING_URL) elsewhere; and the sandbox site editor on its own origin,
// allowed to preview the site live, unless the deploy names its own EDITOR_ORIGINS. The sandbox
// also plays reCAPTCHA, the consent manager, analytics and the marketing tags, so everything runs
// with the network closed.
//
// The publisher (scripts/publisher.ts, issue 47) runs beside the site on PUBLISH_PORT: the build is
// made the site's live release under PUBLISH_DIR (dist/<SITE>, scripts/release-build.ts), which is
// what is served, so a publish replaces it without a restart. Without PUBLISH_TOKEN one is made for
// the run and printed in the banner (not in production: there the publisher refuses to start).
import { randomBytes } from "node:crypto";
import { spawn, spawnSync } from "node:child_process";
import path from "node:path";

const sandboxPort = process.env.SANDBOX_PORT || "9410";
const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
const useSandbox = !process.env.CYPHER_API_URL;
const editorPort = process.env.EDITOR_PORT || "9420";
const useSandboxEditor = !process.env.EDITOR_ORIGINS;
const sitePort = process.env.PORT || "9000";
const site = process.env.SITE || "lumiere";
const publishPort = process.env.PUBLISH_PORT || "9430";
const publishDir = process.env.PUBLISH_DIR || "dist";
const publishTokenMade = !process.env.PUBLISH_TOKEN && process.env.NODE_ENV !== "production";
const publishToken = publishTokenMade ? randomBytes(32).toString("base64url") : process.env.PUBLISH_TOKEN;
const env = {
  ...process.env,
  GATSBY_TELEMETRY_DISABLED: "1",
  ...(useSandbox
    ? { CYPHER_API_URL: sandboxUrl, TICKETING_URL: process.env.TICKETING_URL || `${sandboxUrl}/ticketing` }
    : {}),
  // Without a captcha deploy, the sandbox's reCAPTCHA stand-in plays Google (brief §3), so sign-in
  // runs with a token that the server verifies, as in production.
  ...(useSandbox && !process.env.GATSBY_RECAPTCHA_SITE_KEY
    ? {
        GATSBY_RECAPTCHA_SITE_KEY: "sandbox-site-key",
        GATSBY_RECAPTCHA_SCRIPT_URL: `${sandboxUrl}/__recaptcha/api.js`,
        RECAPTCHA_SECRET: "sandbox-recaptcha-secret",
        RECAPTCHA_VERIFY_URL: `${sandboxUrl}/__recaptcha/siteverify`,
        RECAPTCHA_HOSTNAME: "localhost,127.0.0.1",
      }
    : {}),
  ...(useSandboxEditor ? { EDITOR_ORIGINS: `http://localhost:${editorPort}` } : {}),
  ...(publishToken ? { PUBLISH_TOKEN: publishToken } : {}),
  PUBLISH_PORT: publishPort,
  PUBLISH_DIR: publishDir,
};

// The consent manager, analytics and marketing scripts come from the sandbox's stand-ins
// (sandbox/consent/, sandbox/analytics/; the same values as e2e/variants.ts TRACKING_BUILD), unless
// the deploy sets its own. No analytics-tag-manager source: with one, tracking would start without
// waiting for the visitor's answer (spec §4).
const sandboxTracking = {
  GATSBY_DIDOMI_API_KEY: "sandbox-didomi-key",
  GATSBY_DIDOMI_SDK_URL: `${sandboxUrl}/__consent/sdk/`,
  GATSBY_DIDOMI_GDPR_VENDOR_IDS: "google,c:google-analytics,c:targett",
  GATSBY_GA_MEASUREMENT_ID: "G-SANDBOX0001",
  GATSBY_GA_SCRIPT_URL: `${sandboxUrl}/__ga/gtag/js`,
  GATSBY_GA_COLLECT_URL: `${sandboxUrl}/__ga`,
  GATSBY_GTM_SCRIPT_URL: `${sandboxUrl}/__gtm/gtm.js`,
  GATSBY_GTM_ADS_CONTAINER_ID: "GTM-SANDBOXADS",
  GATSBY_GTM_TARGETT_CONTAINER_ID: "GTM-SANDBOXTGT",
  GATSBY_TARGETT_SCRIPT_URL: `${sandboxUrl}/__targett/{customerId}/tag.js`,
  // The ad stand-ins (sandbox/ads/): the ad wrapper library by site code, and Google Publisher Tag.
  GATSBY_ADS_LIBRARY_URL: `${sandboxUrl}/__ads/library/{siteCode}.js`,
  GATSBY_GPT_SCRIPT_URL: `${sandboxUrl}/__ads/gpt.js`,
};
if (useSandbox)
  for (const [name, value] of Object.entries(sandboxTracking)) if (process.env[name] === undefined) env[name] = value;

// tsx itself, not through npx: tsx passes a SIGTERM on to the script it runs, where npx left the
// sandbox, the editor and the publisher running after `npm start` was stopped by a signal.
const TSX = path.join("node_modules", ".bin", "tsx");
const children = [];
function stopAll(code) {
  for (const child of children) child.kill("SIGTERM");
  process.exit(code);
}
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => stopAll(0));

if (useSandbox) {
  const sandbox = spawn(TSX, ["sandbox/loyalty-provider/server.ts"], {
    stdio: "inherit",
    env: { ...env, SANDBOX_PORT: sandboxPort },
  });
  children.push(sandbox);
  sandbox.on("exit", (code) => {
    console.error(`The sandbox loyalty provider stopped (exit ${code}).`);
    stopAll(code ?? 1);
  });
}

if (useSandboxEditor) {
  const editor = spawn(TSX, ["sandbox/site-editor/server.ts"], {
    stdio: "inherit",
    env: {
      ...env,
      EDITOR_PORT: editorPort,
      EDITOR_SITE_URL: `http://localhost:${sitePort}/cms-preview/`,
      // Its Publish button publishes this site through the publisher below (PUBLISH_TOKEN, PUBLISH_PORT in env).
      EDITOR_SITE_ID: site,
    },
  });
  children.push(editor);
  editor.on("exit", (code) => {
    console.error(`The sandbox site editor stopped (exit ${code}).`);
    stopAll(code ?? 1);
  });
}

const build = spawnSync("npm", ["run", "build"], { stdio: "inherit", env });
if (build.status !== 0) stopAll(build.status ?? 1);
const release = spawnSync(TSX, ["scripts/release-build.ts"], { stdio: ["ignore", "ignore", "inherit"], env });
if (release.status !== 0) stopAll(release.status ?? 1);

const publisher = spawn(TSX, ["scripts/publisher.ts"], { stdio: "inherit", env });
children.push(publisher);
publisher.on("exit", (code) => {
  console.error(`The publisher stopped (exit ${code}).`);
  stopAll(code ?? 1);
});

const server = spawn("node", ["scripts/serve.mjs", path.join(publishDir, site)], { stdio: "inherit", env });
children.push(server);
server.on("exit", (code) => stopAll(code ?? 0));

console.log(
  [
    "",
    `npm start: site "${site}" on http://localhost:${sitePort}/ (served from ${path.join(publishDir, site)}/)`,
    useSandbox ? `  sandbox loyalty provider  ${sandboxUrl}/` : null,
    useSandboxEditor ? `  sandbox site editor       http://localhost:${editorPort}/` : null,
    `  publisher                 http://localhost:${publishPort}/  POST /sites/${site}/publish`,
    publishTokenMade
      ? `  PUBLISH_TOKEN (made for this run): ${publishToken}`
      : `  PUBLISH_TOKEN: ${publishToken ? "from the environment" : "none (the publisher will not start)"}`,
    "",
  ]
    .filter((line) => line !== null)
    .join("\n"),
);
