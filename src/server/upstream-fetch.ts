// The proxy's calls to the loyalty provider (and to reCAPTCHA): the subset of `fetch` the proxy
// uses, over node:http / node:https with keep-alive agents. Measured on the 2-core bench machine
// (issue 20), Node's built-in fetch cost about 0.45 ms of CPU per proxied call more than this (its
// WHATWG stream and header machinery), a third of the proxy's whole cost; at 200 calls/s that
// CPU is what pushed the tail latency up. The agents keep connections to the provider open and
// reuse them (fetch's pool does too; the cost was per call, not per connection).
//
// What it does not do, on purpose: follow redirects (the proxy refuses them anyway), decompress
// (no Accept-Encoding is sent, so an honest upstream sends none; a compressed answer is not JSON
// and is refused, never inflated past the response cap), or cookies.
import http from "node:http";
import https from "node:https";

/** Sockets kept per upstream host: more than the concurrent calls one process makes to it. */
const MAX_SOCKETS = 256;
const agents = {
  "http:": new http.Agent({ keepAlive: true, maxSockets: MAX_SOCKETS, maxFreeSockets: 64, scheduling: "lifo" }),
  "https:": new https.Agent({ keepAlive: true, maxSockets: MAX_SOCKETS, maxFreeSockets: 64, scheduling: "lifo" }),
} as const;

function headersOf(init: RequestInit | undefined): Record<string, string> {
  const given = init?.headers;
  if (!given) return {};
  if (given instanceof Headers) return Object.fromEntries(given.entries());
  if (Array.isArray(given)) return Object.fromEntries(given);
  return { ...given };
}

function responseHeaders(raw: http.IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  return headers;
}

/**
 * `fetch(url, init)` for the proxy: method, headers, a string or bytes body, an abort signal. The
 * answer is read whole before it resolves (the proxy reads it whole anyway), but never more than
 * `maxBodyBytes` + 1 bytes: past that the connection is dropped and the Response holds what was
 * read, so the proxy's own cap (cypher-proxy.ts readCapped) refuses it.
 */
export function createUpstreamFetch(options: { readonly maxBodyBytes: number }): typeof fetch {
  const limit = options.maxBodyBytes + 1;
  return ((input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const agent = url.protocol === "https:" ? agents["https:"] : url.protocol === "http:" ? agents["http:"] : null;
    if (!agent) return Promise.reject(new TypeError(`unsupported protocol ${url.protocol}`));
    const transport = url.protocol === "https:" ? https : http;
    const body = init?.body;
    if (body !== undefined && body !== null && typeof body !== "string" && !(body instanceof Uint8Array))
      return Promise.reject(new TypeError("upstreamFetch sends string or byte bodies only"));
    const headers = headersOf(init);
    if (body !== undefined && body !== null && !Object.keys(headers).some((h) => h.toLowerCase() === "content-length"))
      headers["Content-Length"] = String(Buffer.byteLength(body));
    return new Promise<Response>((resolve, reject) => {
      const request = transport.request(
        url,
        { method: init?.method ?? "GET", headers, agent, ...(init?.signal ? { signal: init.signal } : {}) },
        (incoming) => {
          const status = incoming.statusCode ?? 502;
          const chunks: Buffer[] = [];
          let size = 0;
          let done = false;
          const finish = () => {
            if (done) return;
            done = true;
            // Statuses a Response cannot carry a body with.
            const empty = status === 204 || status === 205 || status === 304 || init?.method === "HEAD";
            try {
              resolve(
                new Response(empty ? null : Buffer.concat(chunks, Math.min(size, limit)), {
                  status: status < 200 || status > 599 ? 502 : status,
                  headers: responseHeaders(incoming.headers),
                }),
              );
            } catch (error) {
              reject(error instanceof Error ? error : new Error(String(error)));
            }
          };
          incoming.on("data", (chunk: Buffer) => {
            if (done) return;
            chunks.push(chunk);
            size += chunk.byteLength;
            if (size >= limit) {
              finish();
              incoming.destroy(); // the rest is never read; this socket is not reused
            }
          });
          incoming.on("end", finish);
          incoming.on("error", (error) => {
            if (!done) {
              done = true;
              reject(error);
            }
          });
          incoming.on("close", () => {
            if (!done) {
              done = true;
              reject(new Error("the upstream closed the connection before the end of its answer"));
            }
          });
        },
      );
      request.on("error", reject);
      request.end(body ?? undefined);
    });
  }) as typeof fetch;
}
