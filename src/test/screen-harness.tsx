// Account screens under test, the way a member meets them: the site's real runtime (lumiere or
// starlight), its message catalogue and theme, and a LoyaltyProvider whose client goes through
// the real /api/cypher proxy to the sandbox provider, in process. Shared by every screen test.
//
// Each test file must mock gatsby itself (the mock has to be hoisted in the test file):
//   jest.mock("gatsby", () => jest.requireActual("./gatsby-mock"));
// and call `withSandboxProvider()` at its top level (or in a describe) before `renderScreen`.
import vm from "node:vm";
import { act, render, type RenderResult } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import type { ReactElement } from "react";
import { DEMO_PASSWORD } from "../../sandbox/loyalty-provider/demo-password";
import type { SandboxProvider } from "../../sandbox/loyalty-provider/server";
import { loadSiteConfig } from "../config/load";
import { createMember, getMember } from "../member/provider/api";
import { createLoyaltyClient, type LoyaltyClient } from "../member/provider/client";
import { loyaltyContextOf, type LoyaltyConfig } from "../member/config";
import { useMemberSession, type MemberSessionValue } from "../member/session/LoyaltyProvider";
import { clearSession } from "../member/session/persistence";
import type { LoyaltyResult, Member, MemberSession } from "../member/types";
import { handleCypherRequest } from "../server/cypher-proxy";
import { buildSiteModel, type SiteRuntime } from "../site/model";
import { startPageAsTheHeadDoes } from "./address-bar";
import { installSiteRuntime, navigationStates, navigations } from "./gatsby-mock";
import { keepApiCookie, proxyRequestOf, type ApiCookieJar } from "./proxy-fetch";
import { MemberSiteProviders } from "./member-providers";

// jsdom resolves sql.js to its browser build, which fetches its .wasm over HTTP; the sandbox's
// database needs the Node build, which reads it from disk.
jest.mock("sql.js", () => jest.requireActual("sql.js/dist/sql-wasm.js"));

/**
 * jsdom has no fetch and no TextEncoder/TextDecoder, but the proxy (which fetches the upstream)
 * and the sandbox (sql.js) need them. The test runs in a vm context; the Node realm's own globals
 * are reached through vm.runInThisContext, which always runs in that outer realm. Only the
 * proxy-to-sandbox hop uses Node's fetch: what the screen's client reads is built in this realm.
 */
const nodeRealm = vm.runInThisContext("globalThis") as typeof globalThis;
for (const name of ["TextEncoder", "TextDecoder"] as const) {
  if (globalThis[name] === undefined) Object.assign(globalThis, { [name]: nodeRealm[name] });
}

/** The sandbox's demo members' password (sandbox/loyalty-provider/README.md), also given to the members tests register. */
export { DEMO_PASSWORD };

export type SiteId = "lumiere" | "starlight";

let sandbox: { provider: SandboxProvider; url: string } | null = null;
const proxyWarnings: string[] = [];
const providerLog: string[] = [];

/** What the proxy warned about (refused routes, upstream trouble), for a test that expects it. */
export function proxyLog(): readonly string[] {
  return proxyWarnings;
}

/**
 * What the sandbox provider logged instead of e-mailing (reset links, usernames, activation
 * links), oldest first, since withSandboxProvider started it.
 */
export function sandboxLog(): readonly string[] {
  return providerLog;
}

/**
 * Starts the in-memory sandbox provider before the file's tests and stops it after them. Returns
 * an accessor, since the provider only exists once beforeAll has run.
 */
export function withSandboxProvider(): () => SandboxProvider {
  beforeAll(async () => {
    // Loaded here, after the globals above exist: sql.js reads them when it starts.
    const { createSandboxProvider } = await import("../../sandbox/loyalty-provider/server");
    providerLog.length = 0;
    const provider = await createSandboxProvider({ log: (line) => providerLog.push(line) });
    sandbox = { provider, url: await provider.listen(0) };
  });
  afterAll(async () => {
    await sandbox?.provider.close();
    sandbox = null;
  });
  return () => {
    if (!sandbox)
      throw new Error(
        "screen-harness: the sandbox provider is not running (call withSandboxProvider() at the top of the file)",
      );
    return sandbox.provider;
  };
}

/**
 * For tests of whole pages, whose own client calls /api/cypher with the browser's fetch: starts
 * the sandbox (withSandboxProvider), and makes every test a fresh visit (no session, nothing
 * stored, no navigation yet) whose fetch is sandboxFetch.
 */
export function withPagesOnSandbox(): () => SandboxProvider {
  const provider = withSandboxProvider();
  const realFetch = globalThis.fetch;
  beforeEach(() => {
    clearSession();
    localStorage.clear();
    navigations.length = 0;
    navigationStates.length = 0;
    globalThis.fetch = sandboxFetch;
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
  });
  return provider;
}

/** The browser's cookie for /api/ (src/server/refresh-cookie.ts). */
const apiCookies: ApiCookieJar = { cookie: "" };

/** The browser's fetch of /api/cypher, answered by the real proxy in process, which calls the sandbox. */
export const sandboxFetch = (async (_url: string | URL | Request, init?: RequestInit) => {
  if (!sandbox)
    throw new Error(
      "screen-harness: the sandbox provider is not running (call withSandboxProvider() at the top of the file)",
    );
  const answer = await handleCypherRequest(
    { ...proxyRequestOf(init, apiCookies), secure: false },
    {
      upstreamUrl: sandbox.url,
      fetchImpl: nodeRealm.fetch,
      // The screens run at http://localhost (jsdom): the production server's origin for a loopback host.
      siteOrigin: "http://localhost",
      logger: { warn: (m) => proxyWarnings.push(m), error: (m) => proxyWarnings.push(m) },
    },
  );
  keepApiCookie(apiCookies, answer);
  return screenRealmResponse(
    answer.status,
    answer.headers,
    Buffer.isBuffer(answer.body) ? new Uint8Array(answer.body) : JSON.stringify(answer.body),
  );
}) as typeof fetch;

/**
 * The members of Response the client reads, built in this (jsdom) realm: a Node Response would
 * hand the client objects from the other realm, which instanceof checks (zod, react) can refuse.
 */
function screenRealmResponse(
  status: number,
  headers: Readonly<Record<string, string>>,
  body: string | Uint8Array,
): Response {
  const lower = new Map(Object.entries(headers).map(([key, value]) => [key.toLowerCase(), value]));
  const text = typeof body === "string" ? body : new nodeRealm.TextDecoder().decode(body);
  const response = {
    ok: status >= 200 && status < 300,
    status,
    headers: { get: (name: string) => lower.get(name.toLowerCase()) ?? null },
    json: async () => JSON.parse(text) as unknown,
    text: async () => text,
    blob: async () =>
      new Blob([typeof body === "string" ? body : body.slice().buffer], { type: lower.get("content-type") ?? "" }),
  };
  return response as unknown as Response;
}

/** One /api/cypher envelope a screen sent: its route (with query), the path alone, the payload and the rest of reqMetadata. */
export interface SentEnvelope {
  readonly route: string;
  readonly path: string;
  readonly body: Readonly<Record<string, unknown>>;
  readonly metadata: Readonly<Record<string, unknown>>;
}

/**
 * sandboxFetch that also records what the screen sent, for asserting routes and payloads. Its
 * blobs get the text() jsdom's Blob lacks (the client reads a JSON wallet answer with it).
 */
export function recordingSandboxFetch(): {
  readonly sent: SentEnvelope[];
  readonly fetchImpl: typeof fetch;
  /** Route paths, without their query, in the order sent. */
  paths(): string[];
  /** A client of the sandbox over this fetch, for the runtime's loyalty config (renderScreen's `client`). */
  client(config: LoyaltyConfig): LoyaltyClient;
} {
  const sent: SentEnvelope[] = [];
  const fetchImpl = (async (url: string | URL | Request, init?: RequestInit) => {
    const { reqMetadata, ...body } = JSON.parse(String(init?.body)) as { reqMetadata: { route: string } } & Record<
      string,
      unknown
    >;
    sent.push({ route: reqMetadata.route, path: reqMetadata.route.split("?")[0] ?? "", body, metadata: reqMetadata });
    const response = await sandboxFetch(url, init);
    const blob = response.blob.bind(response);
    return Object.assign(response, {
      blob: async () => {
        const value = await blob();
        if (typeof value.text === "function") return value;
        const text = await response.text();
        return Object.assign(value, { text: async () => text });
      },
    });
  }) as typeof fetch;
  return {
    sent,
    fetchImpl,
    paths: () => sent.map((envelope) => envelope.path),
    client: (config) => sandboxClient(config, fetchImpl),
  };
}

const runtimes = new Map<SiteId, Promise<SiteRuntime>>();

/** The site's runtime as the build makes it (site-config/{siteId}), built once per file. */
export function siteRuntime(siteId: SiteId): Promise<SiteRuntime> {
  let runtime = runtimes.get(siteId);
  if (!runtime) {
    runtime = loadSiteConfig({ configRoot: "site-config", siteId }).then(
      (config) => buildSiteModel(config, new Date()).runtime,
    );
    runtimes.set(siteId, runtime);
  }
  return runtime;
}

/** A client of the sandbox through the proxy, for the runtime's loyalty config. */
export function sandboxClient(config: LoyaltyConfig, fetchImpl: typeof fetch = sandboxFetch): LoyaltyClient {
  return createLoyaltyClient({ config, brand: "Cypher", fetchImpl });
}

export interface RenderScreenOptions {
  readonly siteId: SiteId;
  /** Signs this member in (a demo e-mail with DEMO_PASSWORD, or explicit credentials) before the test goes on. */
  readonly signedInAs?: string | { readonly email: string; readonly password: string };
  /** Overrides of the site's normalised loyalty config (includeActivation...). */
  readonly loyalty?: Partial<LoyaltyConfig>;
  /** Replaces the sandbox client (a client over a fake fetch); built from the final runtime's config. */
  readonly client?: (config: LoyaltyConfig) => LoyaltyClient;
  /**
   * Path and query put in the address bar before the screen renders ("/account/reset-password/?resetCode=...").
   * Then, as every page starts (gatsby-browser.tsx, issue 44), its private parameters leave the
   * address bar for the history entry's state.
   */
  readonly url?: string;
  /** The history entry's state beside `url`: a reload keeps the state the page left (default: none, a new visit). */
  readonly entryState?: unknown;
}

export interface RenderedScreen extends RenderResult {
  readonly user: UserEvent;
  readonly runtime: SiteRuntime;
  readonly client: LoyaltyClient;
  /** Paths given to gatsby's navigate (and Link clicks) since this render. */
  readonly navigations: readonly string[];
  /** The member session as the screen sees it, now. */
  session(): MemberSessionValue;
}

function SessionProbe({ onValue }: { onValue: (value: MemberSessionValue) => void }) {
  onValue(useMemberSession());
  return null;
}

/** Renders an account screen inside the site's intl, theme and member session, and waits for the session to be ready. */
export async function renderScreen(element: ReactElement, options: RenderScreenOptions): Promise<RenderedScreen> {
  const base = await siteRuntime(options.siteId);
  const runtime: SiteRuntime = options.loyalty ? { ...base, loyalty: { ...base.loyalty, ...options.loyalty } } : base;
  installSiteRuntime(runtime);
  // Every render starts as a fresh visit: no session left behind by an earlier test.
  clearSession();
  localStorage.clear();
  navigations.length = 0;
  navigationStates.length = 0;
  window.history.replaceState(options.entryState ?? null, "", options.url ?? "/");
  startPageAsTheHeadDoes();

  const client = options.client ? options.client(runtime.loyalty) : sandboxClient(runtime.loyalty);
  let current: MemberSessionValue | null = null;
  const user = userEvent.setup();
  const result = render(
    <MemberSiteProviders runtime={runtime} client={client}>
      <SessionProbe onValue={(value) => (current = value)} />
      {element}
    </MemberSiteProviders>,
  );
  // Lets the provider read storage (nothing stored) and mark itself ready.
  await act(async () => undefined);
  const session = (): MemberSessionValue => {
    if (!current) throw new Error("screen-harness: the member session is not rendered");
    return current;
  };
  if (options.signedInAs) {
    const credentials =
      typeof options.signedInAs === "string"
        ? { email: options.signedInAs, password: DEMO_PASSWORD }
        : options.signedInAs;
    const outcome = await act(() => session().login(credentials.email, credentials.password));
    if (!outcome.ok)
      throw new Error(`screen-harness: sign-in of ${credentials.email} failed: ${JSON.stringify(outcome.failure)}`);
  }
  return Object.assign(result, { user, runtime, client, navigations, session });
}

/** renderScreen with a client that records what the screen sends: the screen, and the recorder as `recorder`. */
export async function renderRecorded(
  element: ReactElement,
  options: Omit<RenderScreenOptions, "client">,
): Promise<RenderedScreen & { readonly recorder: ReturnType<typeof recordingSandboxFetch> }> {
  const recorder = recordingSandboxFetch();
  const rendered = await renderScreen(element, { ...options, client: recorder.client });
  return Object.assign(rendered, { recorder });
}

let serial = 0;
/** An address no other test uses. */
export function freshEmail(label: string): string {
  serial += 1;
  return `${label}.${Date.now().toString(36)}.${serial}@example.com`;
}

/** Registers a member with the provider (as one who signed up earlier), with a French mobile unless told otherwise. */
export async function registeredMember(
  siteId: SiteId,
  fields: { firstName?: string; lastName?: string; mobileNumber?: string } = {},
): Promise<string> {
  const runtime = await siteRuntime(siteId);
  const email = freshEmail(siteId);
  // The test proxy verifies no captcha: no token.
  const created = await createMember(
    sandboxClient(runtime.loyalty),
    loyaltyContextOf(runtime.loyalty),
    {
      email,
      password: DEMO_PASSWORD,
      firstName: fields.firstName ?? "Camille",
      lastName: fields.lastName ?? "Test",
      mobileNumber: fields.mobileNumber ?? "+33612345678",
    },
    null,
  );
  if (!created.ok) throw new Error(`registering ${email} failed: ${JSON.stringify(created.failure)}`);
  return email;
}

/** The provider's answer to this member signing in with DEMO_PASSWORD, on a client of its own. */
export async function signInAnswer(siteId: SiteId, email: string): Promise<LoyaltyResult<MemberSession>> {
  const runtime = await siteRuntime(siteId);
  return sandboxClient(runtime.loyalty).login({ username: email, password: DEMO_PASSWORD });
}

/**
 * A client of the sandbox and a session of its own for this member (a fresh sign-in), to set up
 * or read back what a screen shows without going through the screen.
 */
export async function signedInClient(
  siteId: SiteId,
  email: string,
): Promise<{ readonly client: LoyaltyClient; readonly session: MemberSession }> {
  const runtime = await siteRuntime(siteId);
  const client = sandboxClient(runtime.loyalty);
  const login = await client.login({ username: email, password: DEMO_PASSWORD });
  if (!login.ok) throw new Error(`sign-in of ${email} failed: ${JSON.stringify(login.failure)}`);
  return { client, session: login.value };
}

/** The member as the provider has them now, read with a session of its own (a fresh sign-in). */
export async function memberOnRecord(siteId: SiteId, email: string): Promise<Member> {
  const { client, session } = await signedInClient(siteId, email);
  const member = await getMember(client, session);
  if (!member.ok) throw new Error(`reading ${email} failed: ${JSON.stringify(member.failure)}`);
  return member.value;
}

/** A text with fr-FR's (narrow) no-break spaces, around thousands and the euro sign, as plain spaces. */
export const spaced = (text: string | null | undefined): string => (text ?? "").replace(/[\u00a0\u202f]/g, " ");

/**
 * Fills a field the way a paste does: one input event for the whole text. For forms whose tests
 * check what is sent, not how each keystroke is taken: typing a key at a time re-rendered the
 * whole form per key, most of the register and reset screens' test time.
 */
export async function enter(user: UserEvent, field: HTMLElement, text: string): Promise<void> {
  await user.click(field);
  await user.paste(text);
}

/** Replaces what a field holds with `text`, as a user would: select it all away, then type. */
export async function retype(user: UserEvent, field: HTMLElement, text: string): Promise<void> {
  await user.clear(field);
  await user.type(field, text);
}
