// The proxy's calls to the loyalty provider, over node:http / node:https with keep-alive agents,
// and without the WHATWG machinery a `fetch` brings. Measured on the 2-core bench machine
// (issue 20): Node's built-in fetch cost about 0.45 ms of CPU per proxied call more than plain
// http (its stream and header machinery), and even over http, wrapping the answer in a Response
// (undici's body stream, Headers, read back through a stream reader) and arming an AbortController
// per call (a transferable EventTarget with its listeners) still took a fifth of the proxy's CPU.
// So a call here is a request with a timer, and its answer a status, a header reader and the
// bytes. At 200 calls/s that CPU is what pushes the tail latency up. The agents keep connections
// to the provider open and reuse them.
//
// What it does not do, on purpose: follow redirects (the proxy refuses them anyway), decompress
// (no Accept-Encoding is sent, so an honest upstream sends none; a compressed answer is not JSON
// and is refused, never inflated past the response cap), or cookies.
import http from "node:http";
import https from "node:https";

/** The errors of a connection the other end closed before reading the call (see send's retry). */
const RESET_CODES = new Set(["ECONNRESET", "EPIPE"]);

/** Sockets kept per upstream host: more than the concurrent calls one process makes to it. */
const MAX_SOCKETS = 256;
const agents = {
  "http:": new http.Agent({ keepAlive: true, maxSockets: MAX_SOCKETS, maxFreeSockets: 64, scheduling: "lifo" }),
  "https:": new https.Agent({ keepAlive: true, maxSockets: MAX_SOCKETS, maxFreeSockets: 64, scheduling: "lifo" }),
} as const;

export interface UpstreamRequest {
  readonly method: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string | undefined;
  /** Covers connecting, sending and reading the whole answer. */
  readonly timeoutMs: number;
  /** The largest answer read: past it the connection is dropped and `bytes` is null. */
  readonly maxBodyBytes: number;
}

export interface UpstreamAnswer {
  readonly status: number;
  /** A header of the answer (repeated ones joined with ", ", as fetch's Headers.get does), or null. */
  header(name: string): string | null;
  /** The whole answer, or null when it was larger than maxBodyBytes (the rest is never read). */
  readonly bytes: Buffer | null;
}

/** The provider did not answer in full within the call's timeoutMs. */
export class UpstreamTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`no complete answer within ${timeoutMs} ms`);
    this.name = "UpstreamTimeoutError";
  }
}

/** One call to the provider; rejects on a network failure (UpstreamTimeoutError past the timeout). */
export function callUpstream(target: URL, call: UpstreamRequest): Promise<UpstreamAnswer> {
  const agent = target.protocol === "https:" ? agents["https:"] : target.protocol === "http:" ? agents["http:"] : null;
  if (!agent) return Promise.reject(new TypeError(`unsupported protocol ${target.protocol}`));
  const transport = target.protocol === "https:" ? https : http;
  const headers: Record<string, string> = { ...call.headers };
  if (call.body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === "content-length"))
    headers["Content-Length"] = String(Buffer.byteLength(call.body));
  return new Promise<UpstreamAnswer>((resolve, reject) => {
    let settled = false;
    let timedOut = false;
    let current: http.ClientRequest | undefined;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
    };
    const fail = (error: unknown) =>
      settle(() =>
        reject(
          timedOut
            ? new UpstreamTimeoutError(call.timeoutMs)
            : error instanceof Error
              ? error
              : new Error(String(error)),
        ),
      );
    const timer = setTimeout(() => {
      timedOut = true;
      current?.destroy(new UpstreamTimeoutError(call.timeoutMs));
    }, call.timeoutMs);
    const send = (retriesLeft: number) => {
      let answered = false;
      const request = transport.request(target, { method: call.method, headers, agent }, (incoming) => {
        answered = true;
        const status = incoming.statusCode ?? 502;
        const header = (name: string): string | null => {
          const value = incoming.headers[name.toLowerCase()];
          return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
        };
        const tooLarge = () => {
          incoming.destroy(); // the rest is never read; this socket is not reused
          settle(() => resolve({ status, header, bytes: null }));
        };
        const declared = Number(incoming.headers["content-length"] ?? "");
        if (Number.isFinite(declared) && declared > call.maxBodyBytes) return tooLarge();
        const chunks: Buffer[] = [];
        let size = 0;
        incoming.on("data", (chunk: Buffer) => {
          if (settled) return;
          size += chunk.byteLength;
          if (size > call.maxBodyBytes) return tooLarge();
          chunks.push(chunk);
        });
        incoming.on("end", () => settle(() => resolve({ status, header, bytes: Buffer.concat(chunks, size) })));
        incoming.on("error", fail);
        incoming.on("close", () => {
          // Every answer closes; only one cut short is a failure (an Error costs a stack trace).
          if (!settled) fail(new Error("the upstream closed the connection before the end of its answer"));
        });
      });
      current = request;
      request.on("error", (error: NodeJS.ErrnoException) => {
        // Keep-alive's race: the provider closes a connection it has kept idle just as this call
        // is written on it, and the call fails with a reset before any answer. The provider never
        // read it (it was closing), so it is sent once more, on another connection: Node's own
        // remedy (http docs, request.reusedSocket). Only for a reused connection and before any
        // answer: a reset on a fresh connection, or in the middle of an answer, is the provider's.
        if (
          !settled &&
          !timedOut &&
          !answered &&
          retriesLeft > 0 &&
          request.reusedSocket &&
          RESET_CODES.has(error.code ?? "")
        ) {
          send(retriesLeft - 1);
          return;
        }
        fail(error);
      });
      request.end(call.body);
    };
    send(1);
  });
}
