import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import { apiHeaders } from "./http/headers";
import { readServerSiteSettings } from "./site-settings";
import { ticketingRedirect, type RedirectJourney } from "./ticketing-redirect";

/** The Gatsby Function body shared by the four redirect endpoints (hosted deploys; the production server calls ticketingRedirect itself). */
export function redirectHandler(journey: RedirectJourney) {
  return function handler(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse): void {
    const https = req.headers["x-forwarded-proto"] === "https";
    for (const [name, value] of Object.entries(apiHeaders({ https }))) res.setHeader(name, value);
    let site;
    try {
      site = readServerSiteSettings();
    } catch (error) {
      console.error(`[ticketing redirect] ${(error as Error).message}`);
      res.status(503).json({ error: { code: "not_configured", message: "Ticketing redirects are not available." } });
      return;
    }
    const result = ticketingRedirect(
      journey,
      {
        method: req.method ?? "GET",
        query: req.query as Record<string, string | string[] | undefined>,
        cookieHeader: req.headers.cookie,
      },
      site,
    );
    for (const [name, value] of Object.entries(result.headers)) res.setHeader(name, value);
    if (result.status === 302) res.status(302).end();
    else res.status(result.status).json(result.body);
  };
}
