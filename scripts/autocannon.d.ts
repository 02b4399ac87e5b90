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
    }
    interface Result {
      requests: { average: number };
      latency: { average: number; p50: number; p99: number };
      non2xx: number;
      errors: number;
      timeouts: number;
    }
  }
  function autocannon(options: autocannon.Options): Promise<autocannon.Result>;
  export = autocannon;
}
