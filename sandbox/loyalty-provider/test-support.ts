/** Shared by the sandbox's own tests: one provider on a random port, and a small fetch wrapper. */
import { createSandboxProvider, type SandboxProvider, type SandboxProviderOptions } from "./server";

import { DEMO_PASSWORD } from "./demo-password";

export const PASSWORD = DEMO_PASSWORD;
export const V1 = "circuitId=C1";
export const V3 = "CypherCircuitId=C1";

export interface Answer {
  status: number;
  contentType: string;
  /** Loosely typed on purpose: tests read whatever fields the answer is meant to have. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
  json: Record<string, any>;
  text: string;
}

export interface Running {
  provider: SandboxProvider;
  baseUrl: string;
  logs: string[];
  /** The provider's clock: tests move it with `advance`. */
  advance(ms: number): void;
  call(method: string, path: string, options?: CallOptions): Promise<Answer>;
  login(email: string, version: 1 | 3): Promise<{ token: string; refreshToken: string; json: Answer["json"] }>;
}

export interface CallOptions {
  body?: unknown;
  token?: string;
  refreshToken?: string;
  headers?: Record<string, string>;
}

export async function startProvider(options: SandboxProviderOptions = {}): Promise<Running> {
  let clock = new Date("2026-03-01T12:00:00Z").getTime();
  const logs: string[] = [];
  const provider = await createSandboxProvider({
    now: () => new Date(clock),
    log: (line) => logs.push(line),
    ...options,
  });
  const baseUrl = await provider.listen(0);

  const call = async (method: string, path: string, options: CallOptions = {}): Promise<Answer> => {
    const headers: Record<string, string> = { Accept: "application/json", ...options.headers };
    if (options.token !== undefined) headers["Cypher-Session-Token"] = options.token;
    if (options.refreshToken !== undefined) headers["Cypher-Refresh-Session-Token"] = options.refreshToken;
    let body: string | undefined;
    if (options.body !== undefined) {
      body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
      headers["Content-Type"] ??= "application/json";
    }
    const response = await fetch(baseUrl + path, { method, headers, body });
    const text = await response.text();
    const contentType = response.headers.get("content-type") ?? "";
    let json: Answer["json"] = {};
    if (contentType.startsWith("application/json")) json = JSON.parse(text) as Answer["json"];
    return { status: response.status, contentType, json, text };
  };

  return {
    provider,
    baseUrl,
    logs,
    advance: (ms) => {
      clock += ms;
    },
    call,
    async login(email, version) {
      const path = version === 1 ? `/Member/Login?${V1}` : `/Member/v3/Login?${V3}`;
      const answer = await call("POST", path, { body: { username: email, password: PASSWORD } });
      if (answer.json.peachCode !== 0) throw new Error(`login of ${email} answered ${answer.text}`);
      return { ...answer.json.sessionManagementTokens, json: answer.json };
    },
  };
}

/**
 * A provider started before each test ("test") or once for the file ("file"), and closed after.
 * The returned handle always speaks to the one running now, so a test file can name it once.
 */
export function sandboxProvider(lifetime: "file" | "test"): Running {
  let running: Running | undefined;
  const current = (): Running => {
    if (!running) throw new Error("the sandbox provider starts in a beforeAll or beforeEach hook");
    return running;
  };
  const [before, after] = lifetime === "file" ? [beforeAll, afterAll] : [beforeEach, afterEach];
  before(async () => {
    running = await startProvider();
  });
  after(() => current().provider.close());
  return {
    get provider() {
      return current().provider;
    },
    get baseUrl() {
      return current().baseUrl;
    },
    get logs() {
      return current().logs;
    },
    advance: (ms) => current().advance(ms),
    call: (method, path, options) => current().call(method, path, options),
    login: (email, version) => current().login(email, version),
  };
}

/** Runs `exercise` against a provider of its own, started with `options`, and closes it whatever happens. */
export async function withProvider<T>(
  options: SandboxProviderOptions,
  exercise: (running: Running) => Promise<T>,
): Promise<T> {
  const running = await startProvider(options);
  try {
    return await exercise(running);
  } finally {
    await running.provider.close();
  }
}
