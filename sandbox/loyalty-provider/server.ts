/**
 * Sandbox loyalty provider: a stand-in for the third-party member API ("Cypher") that the
 * site's proxy talks to. Written from the product spec and docs/loyalty-upstream.md only, and
 * importing nothing from src/, so the site's client tested against it catches misreadings
 * instead of sharing them.
 *
 *   npx tsx sandbox/loyalty-provider/server.ts
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { lastCodeFor } from "./codes";
import { openLoyaltyDb } from "./db";
import { dispatch, ReceivedCalls, type Dispatcher } from "./dispatch";
import { ForcedErrors } from "./forced-errors";
import { HeldAnswers } from "./held-answers";
import { passwordCost } from "./passwords";
import { createRecaptchaStandIn } from "../recaptcha/standin";
import { createConsentStandIn } from "../consent/standin";
import { createAnalyticsStandIns } from "../analytics/standin";
import { createAdStandIns } from "../ads/standin";
import { runAsScript, stopOnSignals } from "../script-entry";
import type { ProviderState } from "./router";
import { DEMO_MEMBERS, DEMO_PASSWORD, seedIfEmpty } from "./seed";

export interface SandboxProviderOptions {
  /** Folder of loyalty.sqlite; undefined keeps everything in memory. */
  dataDir?: string;
  /** LOYALTY_BRAND: `{brand}-Session-Token`, `{brand}CircuitId`... Default "Cypher". */
  brand?: string;
  /** The provider's clock, for expiries and seeding; tests move it. */
  now?: () => Date;
  /** Serve the /ticketing/* echo page (default true). */
  ticketingEcho?: boolean;
  /** Serve the reCAPTCHA stand-in under /__recaptcha/ (default true); its siteverify secret. */
  recaptcha?: boolean;
  recaptchaSecret?: string;
  /**
   * Serve the consent-manager (Didomi) stand-in under /__consent/ and the analytics and marketing
   * stand-ins under /__ga/, /__gtm/, /__atm/ and /__targett/, and the ad stand-ins under /__ads/
   * (default true).
   */
  trackingStandIns?: boolean;
  /** Where reset and activation links and internal errors are logged (default console.log). */
  log?: (message: string) => void;
}

export interface SandboxProvider {
  server: http.Server;
  /** Resolves to the base URL, e.g. "http://127.0.0.1:41234". Port 0 picks a free port. */
  listen(port?: number, host?: string): Promise<string>;
  /** Stops accepting, drops open connections, saves and closes the database. */
  close(): Promise<void>;
  /** The next call of `route` (path without query, concrete or pattern) answers this peachCode. */
  forceNextError(route: string, peachCode: number): void;
  /** The last reset code issued for `email`, as a real provider would have e-mailed it. */
  lastResetCode(email: string): string | undefined;
}

export const DEFAULT_BRAND = "Cypher";
export const DEFAULT_PORT = 9410;
export const DEFAULT_HOST = "127.0.0.1";

function urlHost(address: string): string {
  return address.includes(":") ? `[${address}]` : address;
}

export async function createSandboxProvider(options: SandboxProviderOptions = {}): Promise<SandboxProvider> {
  const brand = options.brand ?? DEFAULT_BRAND;
  // The brand becomes part of header names and query keys.
  if (!/^[A-Za-z][A-Za-z0-9]*$/.test(brand)) throw new TypeError(`brand must be letters and digits, got "${brand}"`);
  const now = options.now ?? (() => new Date());
  const log = options.log ?? ((message: string) => console.log(message));

  const db = await openLoyaltyDb(options.dataDir);
  await seedIfEmpty(db, now());
  db.persist();

  const state: ProviderState = { db, brand, now, log };
  const forced = new ForcedErrors();
  let baseUrl = "http://127.0.0.1";
  const dispatcher: Dispatcher = {
    state,
    forced,
    held: new HeldAnswers(),
    received: new ReceivedCalls(),
    ticketingEcho: options.ticketingEcho ?? true,
    ...(options.recaptcha === false
      ? {}
      : { recaptcha: createRecaptchaStandIn(options.recaptchaSecret ? { secret: options.recaptchaSecret } : {}) }),
    ...(options.trackingStandIns === false
      ? {}
      : { thirdParties: [createConsentStandIn(), createAnalyticsStandIns(), createAdStandIns()] }),
    fallbackBaseUrl: () => baseUrl,
  };

  const server = http.createServer((req, res) => {
    // dispatch answers its own errors; this only catches a failure to write that answer.
    dispatch(dispatcher, req, res).catch(() => res.destroy());
  });
  server.on("clientError", (_error, socket) => {
    if (socket.writable) socket.end("HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n");
    else socket.destroy();
  });

  let closing: Promise<void> | undefined;
  return {
    server,
    listen(port = 0, host = DEFAULT_HOST) {
      return new Promise((resolve, reject) => {
        server.once("error", reject);
        server.listen(port, host, () => {
          server.off("error", reject);
          const address = server.address() as AddressInfo;
          baseUrl = `http://${urlHost(address.address)}:${address.port}`;
          resolve(baseUrl);
        });
      });
    },
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }).then(() => db.close());
      return closing;
    },
    forceNextError: (route, peachCode) => forced.add(route, peachCode),
    lastResetCode: (email) => lastCodeFor(db, email, "reset")?.code,
  };
}

async function main(): Promise<void> {
  const port = Number(process.env.SANDBOX_PORT ?? DEFAULT_PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`SANDBOX_PORT is not a port: ${process.env.SANDBOX_PORT}`);
  const host = process.env.SANDBOX_HOST || DEFAULT_HOST;
  const dataDir = process.env.SANDBOX_DATA_DIR || path.join(__dirname, "data");
  const brand = process.env.LOYALTY_BRAND || DEFAULT_BRAND;

  const recaptchaSecret = process.env.SANDBOX_RECAPTCHA_SECRET || undefined;
  passwordCost(); // a bad SANDBOX_PASSWORD_COST stops the start, not the first registration
  const provider = await createSandboxProvider({ dataDir, brand, ...(recaptchaSecret ? { recaptchaSecret } : {}) });
  const url = await provider.listen(port, host);
  const logins = DEMO_MEMBERS.map((member) => `${member.email} (${member.note})`).join(", ");
  console.log(
    `Loyalty sandbox "${brand}" on ${url}, data in ${dataDir}; demo logins, password ${DEMO_PASSWORD}: ${logins}`,
  );
  // What the site's server in front of it does with captcha tokens (`npm start` passes its environment here).
  console.log(
    process.env.RECAPTCHA_SECRET
      ? `Captcha: sign-in, reset and gift-card calls are checked (siteverify: ${process.env.RECAPTCHA_VERIFY_URL || "Google"}).`
      : process.env.RECAPTCHA_OFF === "true"
        ? "Captcha: OFF (RECAPTCHA_OFF=true): sign-in, reset and gift-card calls are not checked for bots."
        : "Captcha: no RECAPTCHA_SECRET and no RECAPTCHA_OFF=true: the site's server will refuse to start.",
  );

  const stop = (): void => {
    provider.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  stopOnSignals(stop);
}

runAsScript(/loyalty-provider[\\/]server\.[cm]?[jt]s$/, main);
