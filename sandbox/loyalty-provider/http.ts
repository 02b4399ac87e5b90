import type { IncomingMessage, ServerResponse } from "node:http";

export { escapeHtml } from "../http-helpers";

export const BODY_LIMIT_BYTES = 1024 * 1024;

/** A request the provider refuses before any domain logic: answered as `{ message }` with this status. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

export type BodyRead = { kind: "ok"; bytes: Buffer } | { kind: "too-large" } | { kind: "aborted" };

/**
 * Reads the whole body up to `limit`. Past the limit the rest is drained and dropped rather than
 * the socket cut, so the client still reads the 413 instead of a reset connection.
 */
export function readBody(req: IncomingMessage, limit = BODY_LIMIT_BYTES): Promise<BodyRead> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) tooLarge = true;
      if (!tooLarge) chunks.push(chunk);
    });
    req.on("end", () => resolve(tooLarge ? { kind: "too-large" } : { kind: "ok", bytes: Buffer.concat(chunks) }));
    req.on("error", () => resolve({ kind: "aborted" }));
    req.on("aborted", () => resolve({ kind: "aborted" }));
  });
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Readonly<Record<string, string>> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(text),
    "Cache-Control": "no-store",
  });
  res.end(text);
}

export function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    "Content-Type": "text/html; charset=utf-8",
    "Content-Length": Buffer.byteLength(html),
    "Cache-Control": "no-store",
    // The pages echo visitor input; even if escaping slipped, no script would run.
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'",
    "X-Content-Type-Options": "nosniff",
  });
  res.end(html);
}

export function sendBytes(res: ServerResponse, contentType: string, bytes: Buffer, fileName?: string): void {
  res.writeHead(200, {
    "Content-Type": contentType,
    "Content-Length": bytes.length,
    "Cache-Control": "no-store",
    ...(fileName ? { "Content-Disposition": `attachment; filename="${fileName}"` } : {}),
  });
  res.end(bytes);
}

export function headerValue(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}
