import { escapeHtml } from "./http";

export interface TicketingEcho {
  method: string;
  path: string;
  query: ReadonlyArray<readonly [string, string]>;
  /** Fields of an application/x-www-form-urlencoded body; undefined when nothing was posted. */
  form?: ReadonlyArray<readonly [string, string]>;
  /** Why a posted body is not listed (another content type). */
  bodyNote?: string;
  /** Values that are live session tokens, and whose. */
  recognised: Array<{ source: "query" | "form"; name: string; email: string }>;
}

function entry(term: string, value: string, data: Readonly<Record<string, string>> = {}): string {
  const attributes = Object.entries(data)
    .map(([key, val]) => ` data-${key}="${escapeHtml(val)}"`)
    .join("");
  return `<dt>${escapeHtml(term)}</dt><dd${attributes}>${escapeHtml(value)}</dd>`;
}

function pairs(label: string, source: "query" | "form", list: ReadonlyArray<readonly [string, string]>): string[] {
  if (list.length === 0) return [entry(`${label}s`, "(none)")];
  return list.map(([name, value]) => entry(`${label}: ${name}`, value, { source, name }));
}

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:2rem;color:#111;background:#fff}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}dt{font-weight:600}dd{margin:0;word-break:break-all}`;

/**
 * Stands in for the ticketing service a signed-in member is handed to (spec §4, §7), showing
 * how the token arrived: as a query parameter (v1 GET) or a form field (v3 POST).
 */
export function renderTicketingPage(echo: TicketingEcho): string {
  const rows = [
    entry("Method", echo.method, { field: "method" }),
    entry("Path", echo.path, { field: "path" }),
    ...pairs("Query parameter", "query", echo.query),
  ];
  if (echo.form) rows.push(...pairs("Form field", "form", echo.form));
  if (echo.bodyNote) rows.push(entry("Body", echo.bodyNote, { field: "body" }));
  const members = echo.recognised.map(
    (hit) => `${hit.email} (${hit.source === "query" ? "query parameter" : "form field"} ${hit.name})`,
  );
  rows.push(
    entry("Signed-in member", members.length > 0 ? members.join("; ") : "(no live session token arrived)", {
      field: "member",
    }),
  );
  return page("Sandbox ticketing", [
    "<p>This page stands in for the ticketing service and shows what arrived.</p>",
    `<dl>\n${rows.join("\n")}\n</dl>`,
  ]);
}

export function renderPaymentPortalPage(portalId: string): string {
  return page("Sandbox payment portal", [
    `<p>Payment portal session <code>${escapeHtml(portalId)}</code>. A real provider would let the member manage payment methods here.</p>`,
  ]);
}

export function renderActivationPage(activated: boolean): string {
  return activated
    ? page("Account activated", ["<p>The account is active; the member can log in now.</p>"])
    : page("Activation link not valid", ["<p>This activation link is unknown, used or expired.</p>"]);
}

function page(title: string, body: readonly string[]): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body.join("\n")}
</main>
</body>
</html>
`;
}
