// A Gatsby Function called in a test as Netlify's runtime calls it: the parts of the request and
// the response the handlers touch, and what they wrote.
import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";

export interface WrittenResponse {
  /** 0 until the handler sets one. */
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

type Handler = (req: GatsbyFunctionRequest, res: GatsbyFunctionResponse) => unknown;

/** Calls `handler` with a GET from 127.0.0.1 and no query or headers, overridden by `request`. */
export function callFunction(handler: Handler, request: Record<string, unknown>): Promise<WrittenResponse> {
  const written: WrittenResponse = { status: 0, headers: {}, body: Buffer.alloc(0) };
  return new Promise((resolve) => {
    const res = {
      status(code: number) {
        written.status = code;
        return res;
      },
      setHeader(name: string, value: string) {
        written.headers[name] = value;
      },
      end(chunk?: string | Buffer) {
        if (chunk !== undefined) written.body = Buffer.from(chunk);
        resolve(written);
      },
    };
    const req = { method: "GET", query: {}, headers: {}, socket: { remoteAddress: "127.0.0.1" }, ...request };
    void handler(req as unknown as GatsbyFunctionRequest, res as unknown as GatsbyFunctionResponse);
  });
}
