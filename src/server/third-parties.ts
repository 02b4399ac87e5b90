// The third parties a site's pages load code from, frame or talk to, as Content-Security-Policy
// sources. Pure: the build evaluates it with its deploy settings and records the answer in the
// server settings (src/server/site-settings.ts), so the production server and the Netlify
// headers (src/server/http/headers.ts) allow exactly what the built pages were told to load.
//
// Adding a third party (consent manager, analytics, tag manager...) is one entry in
// THIRD_PARTIES: a function from the deploy settings to the sources it needs, or null when that
// deploy does not use it.

import { thirdPartyOriginsFromEnv } from "../tracking/consent/third-parties";
import type { SiteTracking } from "../tracking/consent/site-tracking";
import { adOrigins } from "../ads/third-parties";
import type { SiteAds } from "../ads/site-ads";
import { parseTrailerUrl, trailerSources } from "../catalogue/trailer";

export const THIRD_PARTY_DIRECTIVES = [
  "script-src",
  "connect-src",
  "frame-src",
  "img-src",
  "style-src",
  "media-src",
] as const;
export type ThirdPartyDirective = (typeof THIRD_PARTY_DIRECTIVES)[number];
export type ThirdPartySources = { [D in ThirdPartyDirective]?: string[] };

export interface ThirdPartyDeploy {
  /** The build's deploy settings (GATSBY_* reach the pages at build time). */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Some page of pages.json brings its own reCAPTCHA key (spec §5), so the captcha can load without a deploy key. */
  readonly captchaOnSomePage?: boolean;
  /** What the site switches on of consent and tracking (settings.json); without it, nothing site-level is on. */
  readonly tracking?: SiteTracking;
  /** The site's ads (settings.json); without them, no ad script. */
  readonly ads?: SiteAds;
  /** The catalogue's trailer URLs (catalogue.json or the feed the build read); without them, no video host. */
  readonly trailerUrls?: readonly string[];
}

export interface ThirdParty {
  readonly name: string;
  readonly sources: (deploy: ThirdPartyDeploy) => ThirdPartySources | null;
}

export const DEFAULT_RECAPTCHA_SCRIPT_URL = "https://www.google.com/recaptcha/api.js";

/**
 * A URL as a CSP source: scheme, host, port and the folder of its path ("/recaptcha/"), so the
 * allowance covers that service's scripts and not the whole host. `;` and `,` would end the
 * directive or the policy, so they are escaped as the CSP grammar asks.
 */
export function sourceOf(url: string, setting: string): { origin: string; folder: string } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`${setting}: "${url}" is not an absolute URL`);
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:")
    throw new Error(`${setting}: "${url}" must be an http(s) URL`);
  const folder = parsed.pathname
    .replace(/[^/]*$/, "")
    .replace(/;/g, "%3B")
    .replace(/,/g, "%2C");
  return { origin: parsed.origin, folder: `${parsed.origin}${folder}` };
}

/** Google's documented CSP for reCAPTCHA v3 (www.google.com or www.recaptcha.net), else the script's own folder (the sandbox stand-in). */
const recaptcha: ThirdParty = {
  name: "reCAPTCHA",
  sources: ({ env, captchaOnSomePage }) => {
    if (!env.GATSBY_RECAPTCHA_SITE_KEY?.trim() && !captchaOnSomePage) return null;
    const url = env.GATSBY_RECAPTCHA_SCRIPT_URL?.trim() || DEFAULT_RECAPTCHA_SCRIPT_URL;
    const { origin, folder } = sourceOf(url, "GATSBY_RECAPTCHA_SCRIPT_URL");
    const host = new URL(origin).hostname;
    if (host === "www.google.com" || host === "www.recaptcha.net") {
      return {
        "script-src": [`${origin}/recaptcha/`, "https://www.gstatic.com/recaptcha/"],
        "frame-src": [`${origin}/recaptcha/`, "https://recaptcha.google.com/recaptcha/"],
      };
    }
    return { "script-src": [folder] };
  },
};

/** The consent manager, analytics, tag managers and the marketing script: src/tracking/consent/third-parties.ts. */
const tracking: ThirdParty = {
  name: "consent and tracking",
  sources: ({ env, tracking: site }) => {
    const origins = thirdPartyOriginsFromEnv(env, site ? [site] : []);
    const sources: ThirdPartySources = {
      "script-src": origins.script,
      "connect-src": origins.connect,
      "img-src": origins.img,
      "frame-src": origins.frame,
    };
    return Object.values(sources).some((list) => list.length > 0) ? sources : null;
  },
};

/** The ad wrapper library, a CUSTOM site's own library, or Google Publisher Tag: src/ads/third-parties.ts. */
const ads: ThirdParty = {
  name: "ads",
  sources: ({ env, ads: site }) => {
    const origins = adOrigins(env, site);
    return origins && { "script-src": origins.script, "connect-src": origins.connect, "frame-src": origins.frame };
  },
};

/**
 * The trailers' players (issue 45): the privacy-enhanced YouTube host and Vimeo's player, framed
 * only when some film's trailer is on them, and the origins of the MP4 files played in the page
 * (src/catalogue/trailer.ts). Nothing in script-src: a player runs in its own frame, so the
 * off-main-thread proxy (whose allowlist is script-src) forwards nothing to a video host.
 */
const trailers: ThirdParty = {
  name: "trailers",
  sources: ({ trailerUrls = [] }) => {
    const sources = trailerSources(trailerUrls.map(parseTrailerUrl));
    return sources["frame-src"].length + sources["media-src"].length > 0 ? sources : null;
  },
};

/** Every third party a page may use; one line each. */
export const THIRD_PARTIES: readonly ThirdParty[] = [recaptcha, tracking, ads, trailers];

/** The sources of every third party this deploy uses, per directive, without repeats. */
export function thirdPartySources(
  deploy: ThirdPartyDeploy,
  parties: readonly ThirdParty[] = THIRD_PARTIES,
): ThirdPartySources {
  const merged: ThirdPartySources = {};
  for (const party of parties) {
    const sources = party.sources(deploy);
    if (!sources) continue;
    for (const directive of THIRD_PARTY_DIRECTIVES) {
      for (const source of sources[directive] ?? []) {
        const list = (merged[directive] ??= []);
        if (!list.includes(source)) list.push(source);
      }
    }
  }
  return merged;
}
