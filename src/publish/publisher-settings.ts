// The publisher's deploy settings (environment), read once at its start; a value it cannot use
// stops the start, naming the setting. Without PUBLISH_TOKEN it makes one for this run (and says
// so), except in production (NODE_ENV=production), where it refuses to start: a build hook that
// anyone could call, or one whose token changes at every restart, is worse than none.
import { randomBytes } from "node:crypto";
import path from "node:path";
import { loadOptionsFromEnv } from "../config/load";
import {
  logLevelFrom,
  rateLimitFrom,
  trustProxyFrom,
  wholeNumber,
  type LogLevel,
  type RateLimit,
  type TrustProxy,
} from "../server/http/deploy-settings";
import { KEPT_RELEASES } from "../server/http/site-releases";
import { DEFAULT_CHANGES_PER_MINUTE, DEFAULT_READS_PER_MINUTE } from "./publish-api";

type Env = Readonly<Record<string, string | undefined>>;

export const DEFAULT_PUBLISH_PORT = 9430;
/** Shorter tokens can be guessed within the rate limit's budget over time. */
export const MIN_TOKEN_CHARS = 24;
/** What an `Authorization: Bearer` header can carry (RFC 6750), so what the API can read back. */
const BEARER_TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;

export interface PublisherSettings {
  readonly port: number;
  readonly host: string;
  readonly publishToken: string;
  /** The token was made for this run (none was set): the banner shows it. */
  readonly tokenMade: boolean;
  /** The sites that can be published: the folders of SITE_CONFIG_DIR. */
  readonly configRoot: string;
  /** Where the sites are served from (what `npm run serve` serves): <outDir>/<siteId> and its releases. */
  readonly outDir: string;
  /** The sites' kept copies of the project, where they build incrementally. */
  readonly workDir: string;
  readonly concurrency: number;
  /** How long a new publish waits before it may build, so that a burst of saves makes one build. */
  readonly settleMs: number;
  readonly keepReleases: number;
  /** The publish queue on Redis (BullMQ), shared by every publisher given it; null: in this process. */
  readonly redisUrl: string | null;
  readonly rateLimit: { readonly changes: RateLimit; readonly reads: RateLimit };
  readonly trustProxy: TrustProxy;
  readonly logLevel: LogLevel;
}

/** A token for a run without PUBLISH_TOKEN: 32 random bytes, base64url (a bearer token as it is). */
export const makePublishToken = (): string => randomBytes(32).toString("base64url");

function redisUrlFrom(text: string | undefined): string | null {
  const value = text?.trim() ?? "";
  if (value === "") return null;
  let url: URL | null = null;
  try {
    url = new URL(value);
  } catch {
    url = null;
  }
  if (!url || (url.protocol !== "redis:" && url.protocol !== "rediss:") || !url.hostname)
    throw new Error("PUBLISH_REDIS_URL: expected redis://[user:password@]host[:port][/db] (or rediss://)");
  return value;
}

function publishTokenFrom(env: Env, makeToken: () => string): { publishToken: string; tokenMade: boolean } {
  const token = env.PUBLISH_TOKEN?.trim() ?? "";
  if (token === "") {
    if (env.NODE_ENV === "production")
      throw new Error("PUBLISH_TOKEN: not set; the publisher does not start in production without one");
    return { publishToken: makeToken(), tokenMade: true };
  }
  if (!BEARER_TOKEN.test(token))
    throw new Error("PUBLISH_TOKEN: only letters, digits and - . _ ~ + / (then =) can travel as a bearer token");
  if (token.length < MIN_TOKEN_CHARS)
    throw new Error(`PUBLISH_TOKEN: at least ${MIN_TOKEN_CHARS} characters (e.g. openssl rand -base64 32)`);
  return { publishToken: token, tokenMade: false };
}

export function publisherSettings(
  env: Env,
  cwd: string = process.cwd(),
  makeToken: () => string = makePublishToken,
): PublisherSettings {
  return {
    port: wholeNumber("PUBLISH_PORT", env.PUBLISH_PORT, DEFAULT_PUBLISH_PORT, 0, 65535, "port number"),
    host: env.PUBLISH_HOST?.trim() || "localhost",
    ...publishTokenFrom(env, makeToken),
    configRoot: loadOptionsFromEnv(env, cwd).configRoot,
    outDir: path.resolve(cwd, env.PUBLISH_DIR?.trim() || "dist"),
    workDir: path.resolve(cwd, env.PUBLISH_WORK_DIR?.trim() || ".sites"),
    concurrency: wholeNumber("PUBLISH_CONCURRENCY", env.PUBLISH_CONCURRENCY, 1, 1, 16),
    settleMs: wholeNumber("PUBLISH_SETTLE_MS", env.PUBLISH_SETTLE_MS, 0, 0, 600_000, "number of milliseconds"),
    keepReleases: wholeNumber("PUBLISH_KEEP_RELEASES", env.PUBLISH_KEEP_RELEASES, KEPT_RELEASES, 1, 100),
    redisUrl: redisUrlFrom(env.PUBLISH_REDIS_URL),
    rateLimit: {
      changes: rateLimitFrom("PUBLISH_RATE_LIMIT", env.PUBLISH_RATE_LIMIT, DEFAULT_CHANGES_PER_MINUTE),
      reads: rateLimitFrom("PUBLISH_READ_RATE_LIMIT", env.PUBLISH_READ_RATE_LIMIT, DEFAULT_READS_PER_MINUTE),
    },
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    logLevel: logLevelFrom(env.LOG_LEVEL),
  };
}
