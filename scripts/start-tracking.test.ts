// `npm start` (plain Node, scripts/start.mjs) and the browser-test builds (e2e/variants.ts) point
// the tracking settings at the same sandbox stand-ins; this keeps the two lists from drifting.
import { readFileSync } from "node:fs";
import path from "node:path";
import { SANDBOX_URL, TRACKING_BUILD } from "../e2e/variants";

const start = readFileSync(path.join(__dirname, "start.mjs"), "utf8");

it.each(Object.entries(TRACKING_BUILD))("npm start sets %s as the browser tests do", (name, value) => {
  const written = value.startsWith(SANDBOX_URL)
    ? `${name}: \`\${sandboxUrl}${value.slice(SANDBOX_URL.length)}\``
    : `${name}: ${JSON.stringify(value)}`;
  expect(start).toContain(written);
});
