// The off-main-thread script proxy on hosted deploys: GET /__third-party-proxy?url=… is rewritten
// to this Function (src/server/http/netlify-adapter.ts withThirdPartyProxyRoute), which hands over
// to the framework-free proxy in src/server/third-party-proxy.ts, where every rule lives; the
// production server calls the same module. The allowlist is the script-src the build recorded in
// the server settings from the deploy's third-party settings.
import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import { apiHeaders } from "../server/http/headers";
import { readServerSiteSettings } from "../server/site-settings";
import {
  handleThirdPartyProxy,
  proxySourcesOf,
  thirdPartyProxyRefusal,
  type ProxySource,
  type ThirdPartyProxyResponse,
} from "../server/third-party-proxy";

const isHttps = (req: GatsbyFunctionRequest): boolean =>
  req.headers["x-forwarded-proto"] === "https" ||
  (req.socket as { encrypted?: boolean } | undefined)?.encrypted === true;

function send(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse, result: ThirdPartyProxyResponse): void {
  res.status(result.status);
  for (const [name, value] of Object.entries({ ...apiHeaders({ https: isHttps(req) }), ...result.headers }))
    res.setHeader(name, value);
  res.end(result.body);
}

let logged = false;
function sources(): readonly ProxySource[] | null {
  try {
    return proxySourcesOf(readServerSiteSettings().thirdPartySources["script-src"] ?? []);
  } catch (error) {
    if (!logged) console.error(`[third-party proxy] ${(error as Error).message}`);
    logged = true;
    return null;
  }
}

/**
 * The `url` parameter as given: Netlify's function runtime joins a repeated parameter with commas
 * in `query` and lists it in `multiValueQuery`; a repeated one stays a list, and is refused.
 */
function urlParameter(req: GatsbyFunctionRequest): unknown {
  const multi = (req as { multiValueQuery?: Record<string, string[] | undefined> | null }).multiValueQuery?.url;
  if (multi && multi.length !== 1) return multi;
  return (req.query as Record<string, unknown> | undefined)?.url;
}

export default async function handler(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse): Promise<void> {
  const allowed = sources();
  if (!allowed) {
    send(req, res, thirdPartyProxyRefusal("not_configured", "The script proxy is not available."));
    return;
  }
  send(
    req,
    res,
    await handleThirdPartyProxy(
      { method: req.method ?? "GET", url: urlParameter(req), headers: req.headers },
      { sources: allowed },
    ),
  );
}
