// Small HTTP helpers the stand-ins share (sandbox only: nothing here comes from src/).
import type { IncomingMessage, ServerResponse } from "node:http";

/** A third party played beside the provider (brief §3): the paths it owns, and how it answers them. */
export interface ThirdPartyStandIn {
  owns(path: string): boolean;
  handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean>;
}

/** Sends a whole body, never cached, readable from any origin (the site runs on another port). */
export function send(res: ServerResponse, status: number, contentType: string, body: string): void {
  res.writeHead(status, {
    "Content-Type": contentType,
    "Content-Length": Buffer.byteLength(body),
    "Cache-Control": "no-store",
    "Access-Control-Allow-Origin": "*",
  });
  res.end(body);
}

/** `send` with a JSON body. */
export function sendJsonText(res: ServerResponse, status: number, value: unknown): void {
  send(res, status, "application/json", JSON.stringify(value));
}

/**
 * The request body as UTF-8 text. Past `limit` bytes the rest is dropped, or, with
 * `tooLarge: "reject"`, the promise fails.
 */
export function readText(
  req: IncomingMessage,
  limit = 64 * 1024,
  tooLarge: "truncate" | "reject" = "truncate",
): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
      else if (tooLarge === "reject") reject(new Error("body too large"));
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}
