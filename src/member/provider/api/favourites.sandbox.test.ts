// The favourites functions against the real proxy and the sandbox provider. A recorder sits between
// the proxy and the sandbox, so the tests see the §7 payloads exactly as the provider receives
// them; persistence is checked through a second client with a session of its own.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createSandboxProvider, type SandboxProvider } from "../../../../sandbox/loyalty-provider/server";
import { handleCypherRequest } from "../../../server/cypher-proxy";
import { createLoyaltyClient, type LoyaltyClient } from "../client";
import type { LoyaltyConfig } from "../../config";
import type { MemberSession } from "../../types";
import { v1Config, v3Config } from "../../../test/loyalty-fakes";
import { fetchResponseOf, proxyRequestOf } from "../../../test/proxy-fetch";
import {
  addFavouriteFilm,
  addFavouriteTheater,
  getFavouriteFilms,
  getFavouriteTheaters,
  removeFavouriteFilm,
  removeFavouriteTheater,
  updateNewsletter,
  type FavouritesSession,
} from "./favourites";

import { DEMO_PASSWORD as PASSWORD } from "../../../../sandbox/loyalty-provider/demo-password";
const ADA = "active.v3@example.com";

interface Received {
  readonly method: string;
  readonly url: string;
  readonly sessionToken: string | undefined;
  readonly body: unknown;
}

let provider: SandboxProvider;
let recorder: http.Server;
let recorderUrl: string;
let received: Received[] = [];

beforeAll(async () => {
  recorder = http.createServer((req, res) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks);
      const sessionToken = req.headers["cypher-session-token"];
      received.push({
        method: req.method ?? "",
        url: req.url ?? "",
        sessionToken: typeof sessionToken === "string" ? sessionToken : undefined,
        body: body.length > 0 ? (JSON.parse(body.toString("utf8")) as unknown) : undefined,
      });
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) {
        if (typeof value === "string" && !["host", "connection", "content-length", "transfer-encoding"].includes(name))
          headers[name] = value;
      }
      const answer = await fetch(`${upstreamUrl()}${req.url ?? ""}`, {
        method: req.method ?? "GET",
        headers,
        ...(body.length > 0 ? { body } : {}),
      });
      res.writeHead(answer.status, { "content-type": answer.headers.get("content-type") ?? "application/json" });
      res.end(Buffer.from(await answer.arrayBuffer()));
    })().catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => recorder.listen(0, "127.0.0.1", resolve));
  recorderUrl = `http://127.0.0.1:${(recorder.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => recorder.close(() => resolve()));
});

// A fresh sandbox per test: every test starts from the seed (Ada: LUM01 with the newsletter, film 1000021001).
let sandboxUrl = "";
const upstreamUrl = () => sandboxUrl;
beforeEach(async () => {
  provider = await createSandboxProvider({ log: () => undefined });
  sandboxUrl = await provider.listen(0);
  received = [];
});
afterEach(async () => {
  await provider.close();
});

/** The browser's fetch of /api/cypher, answered in process by the proxy, whose upstream is the recorder. */
const proxyFetch = (async (_url: string | URL | Request, init?: RequestInit) => {
  const answer = await handleCypherRequest(proxyRequestOf(init), {
    upstreamUrl: recorderUrl,
    logger: { warn: () => undefined, error: () => undefined },
  });
  return fetchResponseOf(answer);
}) as typeof fetch;

function clientFor(config: LoyaltyConfig = v3Config): LoyaltyClient {
  return createLoyaltyClient({ config, brand: "Cypher", fetchImpl: proxyFetch });
}

function favouritesSession(session: MemberSession): FavouritesSession {
  if (session.cypherVersion !== 3) throw new Error("expected a v3 session");
  return { token: session.token, cypherVersion: 3 };
}

/** A new client and a new sign-in: what another tab or device of the member would see. */
async function signIn(email = ADA): Promise<{ client: LoyaltyClient; session: FavouritesSession }> {
  const client = clientFor();
  const result = await client.login({ username: email, password: PASSWORD });
  if (!result.ok) throw new Error(`login of ${email} failed: ${JSON.stringify(result.failure)}`);
  return { client, session: favouritesSession(result.value) };
}

/** What the provider receives for a v3 member call on the French site (circuit C1, cinema LUM01). */
function v3Call(method: "GET" | "POST", route: string, session: { readonly token: string }, body?: unknown): Received {
  return {
    method,
    url: `/Member/v3/${route}?CypherCircuitId=C1&CypherCinemaId=LUM01`,
    sessionToken: session.token,
    body,
  };
}

/** The calls that reached the provider, minus the sign-ins. */
function favouriteCalls(): Received[] {
  return received.filter((call) => /Favorite/.test(call.url));
}

/** What a fresh sign-in reads back: what a change left with the provider. */
async function onRecord<T>(read: (client: LoyaltyClient, session: FavouritesSession) => Promise<T>): Promise<T> {
  const other = await signIn();
  return read(other.client, other.session);
}

describe("favourite films (watchlist)", () => {
  it("get: the seeded list, with the session token and the v3 circuit query", async () => {
    const { client, session } = await signIn();
    expect(await getFavouriteFilms(client, session)).toEqual({ ok: true, value: ["1000021001"] });
    expect(favouriteCalls()).toEqual([v3Call("GET", "GetFavoriteFilms", session)]);
  });

  it("add sends {externalFilmId, boxofficeId}, answers the new list, and the addition persists", async () => {
    const { client, session } = await signIn();
    const added = await addFavouriteFilm(client, session, { externalFilmId: "1000030003", boxofficeId: null });
    expect(added).toEqual({ ok: true, value: ["1000021001", "1000030003"] });
    expect(favouriteCalls()).toEqual([
      v3Call("POST", "AddFavoriteFilm", session, { externalFilmId: "1000030003", boxofficeId: null }),
    ]);
    expect(await onRecord(getFavouriteFilms)).toEqual({
      ok: true,
      value: ["1000021001", "1000030003"],
    });
  });

  it("a film known only by its boxofficeId is sent as a number and listed as a string", async () => {
    const { client, session } = await signIn();
    expect(await addFavouriteFilm(client, session, { externalFilmId: null, boxofficeId: 4242 })).toEqual({
      ok: true,
      value: ["1000021001", "4242"],
    });
    expect(favouriteCalls()[0]?.body).toEqual({ externalFilmId: null, boxofficeId: 4242 });
  });

  it("remove sends the film and the removal persists", async () => {
    const { client, session } = await signIn();
    expect(await removeFavouriteFilm(client, session, { externalFilmId: "1000021001", boxofficeId: null })).toEqual({
      ok: true,
      value: [],
    });
    expect(favouriteCalls()).toEqual([
      v3Call("POST", "RemoveFavoriteFilm", session, { externalFilmId: "1000021001", boxofficeId: null }),
    ]);
    expect(await onRecord(getFavouriteFilms)).toEqual({ ok: true, value: [] });
  });

  it('a film the provider does not know yet ("9…") answers code 72 and the list is unchanged', async () => {
    const { client, session } = await signIn();
    expect(await addFavouriteFilm(client, session, { externalFilmId: "9000000001", boxofficeId: null })).toEqual({
      ok: false,
      failure: expect.objectContaining({ kind: "provider", code: 72 }),
    });
    expect(await getFavouriteFilms(client, session)).toEqual({ ok: true, value: ["1000021001"] });
  });

  it("one member's watchlist is not another's", async () => {
    const ada = await signIn();
    await addFavouriteFilm(ada.client, ada.session, { externalFilmId: "1000030003", boxofficeId: null });
    const victor = await signIn("active.v1@example.com");
    expect(await getFavouriteFilms(victor.client, victor.session)).toEqual({ ok: true, value: [] });
  });

  it("a session the provider no longer knows answers code 7", async () => {
    const { client } = await signIn();
    expect(await getFavouriteFilms(client, { token: "not-a-live-token", cypherVersion: 3 })).toEqual({
      ok: false,
      failure: expect.objectContaining({ kind: "provider", code: 7 }),
    });
  });
});

describe("favourite theaters", () => {
  it("get: the seeded favourite, in domain names", async () => {
    const { client, session } = await signIn();
    expect(await getFavouriteTheaters(client, session)).toEqual({
      ok: true,
      value: [{ theaterId: "LUM01", newsletter: true }],
    });
    expect(favouriteCalls()).toEqual([v3Call("GET", "GetFavoriteCinemas", session)]);
  });

  it("add sends a single entry subscribed to the newsletter; the addition persists", async () => {
    const { client, session } = await signIn();
    const added = await addFavouriteTheater(client, session, "LUM02");
    expect(added).toEqual({
      ok: true,
      value: [
        { theaterId: "LUM01", newsletter: true },
        { theaterId: "LUM02", newsletter: true },
      ],
    });
    expect(favouriteCalls()).toEqual([
      v3Call("POST", "AddFavoriteCinema", session, {
        favoriteCinemas: { boxofficeCinemaId: "LUM02", subscribeToNewsletter: true },
      }),
    ]);
    expect(await onRecord(getFavouriteTheaters)).toEqual(added);
  });

  it("updating the newsletter sends the list of entries; the change persists", async () => {
    const { client, session } = await signIn();
    await addFavouriteTheater(client, session, "LUM02");
    received = [];
    const updated = await updateNewsletter(client, session, [{ theaterId: "LUM01", newsletter: false }]);
    expect(updated).toEqual({
      ok: true,
      value: [
        { theaterId: "LUM01", newsletter: false },
        { theaterId: "LUM02", newsletter: true },
      ],
    });
    expect(favouriteCalls()).toEqual([
      v3Call("POST", "UpdateFavoriteCinemas", session, {
        favoriteCinemas: [{ boxofficeCinemaId: "LUM01", subscribeToNewsletter: false }],
      }),
    ]);
    expect(await onRecord(getFavouriteTheaters)).toEqual(updated);
  });

  it("remove sends {boxofficeCinemaId}; the removal persists", async () => {
    const { client, session } = await signIn();
    expect(await removeFavouriteTheater(client, session, "LUM01")).toEqual({ ok: true, value: [] });
    expect(favouriteCalls()).toEqual([v3Call("POST", "RemoveFavoriteCinema", session, { boxofficeCinemaId: "LUM01" })]);
    expect(await onRecord(getFavouriteTheaters)).toEqual({ ok: true, value: [] });
  });

  it("a provider refusal (an empty update) is a provider failure and changes nothing", async () => {
    const { client, session } = await signIn();
    expect(await updateNewsletter(client, session, [])).toEqual({
      ok: false,
      failure: expect.objectContaining({ kind: "provider", code: 1 }),
    });
    expect(await getFavouriteTheaters(client, session)).toEqual({
      ok: true,
      value: [{ theaterId: "LUM01", newsletter: true }],
    });
  });
});

it("a session that is not version 3 is refused before any call (callers check availability)", async () => {
  const client = clientFor(v1Config);
  const v1 = { token: "tok-1", cypherVersion: 1 } as unknown as FavouritesSession;
  await expect(getFavouriteFilms(client, v1)).rejects.toThrow(TypeError);
  await expect(addFavouriteTheater(client, { token: "", cypherVersion: 3 }, "LUM01")).rejects.toThrow(TypeError);
  expect(received).toEqual([]);
});
