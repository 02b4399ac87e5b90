// The part of autocannon's API that scripts/bench-serve.ts uses (the package ships no types).
declare module "autocannon" {
  namespace autocannon {
    interface Options {
      url: string;
      connections?: number;
      duration?: number;
      method?: string;
      headers?: Record<string, string>;
      body?: string;
      /** Requests per second over all connections. */
      overallRate?: number;
    }
    interface Result {
      requests: { average: number; total: number };
      latency: { average: number; p50: number; p99: number; max: number };
      non2xx: number;
      "5xx": number;
      errors: number;
      timeouts: number;
    }
  }
  /** The run: awaitable for its result, and an emitter of each answer (`response`). */
  interface Run extends Promise<autocannon.Result> {
    on(
      event: "response",
      listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void,
    ): Run;
  }
  function autocannon(options: autocannon.Options): Run;
  export = autocannon;
}
