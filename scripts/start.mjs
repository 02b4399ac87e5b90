// npm start: build the default site and serve it, with the bundled sandbox loyalty provider
// behind /api/cypher and its ticketing page as the ticketing service, unless the deploy points
// CYPHER_API_URL (and TICKETING_URL) elsewhere; and the sandbox site editor on its own origin,
// allowed to preview the site live, unless the deploy names its own EDITOR_ORIGINS. The sandbox
// also plays reCAPTCHA, the consent manager, analytics and the marketing tags, so everything runs
// with the network closed.
import { spawn, spawnSync } from "node:child_process";

const sandboxPort = process.env.SANDBOX_PORT || "9410";
const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
const useSandbox = !process.env.CYPHER_API_URL;
const editorPort = process.env.EDITOR_PORT || "9420";
const useSandboxEditor = !process.env.EDITOR_ORIGINS;
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

const children = [];
function stopAll(code) {
  for (const child of children) child.kill("SIGTERM");
  process.exit(code);
}
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => stopAll(0));

if (useSandbox) {
  const sandbox = spawn("npx", ["tsx", "sandbox/loyalty-provider/server.ts"], {
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
  const editor = spawn("npx", ["tsx", "sandbox/site-editor/server.ts"], {
    stdio: "inherit",
    env: {
      ...env,
      EDITOR_PORT: editorPort,
      EDITOR_SITE_URL: `http://localhost:${process.env.PORT || "9000"}/cms-preview/`,
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

const server = spawn("node", ["scripts/serve.mjs"], { stdio: "inherit", env });
children.push(server);
server.on("exit", (code) => stopAll(code ?? 0));
