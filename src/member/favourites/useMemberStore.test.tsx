import { act, renderHook } from "@testing-library/react";
import type { FavouritesSession } from "../provider/api/favourites";
import type { MemberSession } from "../types";
import { v3Session } from "../../test/loyalty-fakes";
import { createStoreSlot } from "./store";
import { useMemberStore, type MemberSource, type StoreSlot } from "./useMemberStore";

interface FakeValue {
  readonly token: string;
  readonly count: number;
}

/** A store that records what the hook did with it. */
function fakeSource(session: FavouritesSession) {
  let value: FakeValue = { token: session.token, count: 0 };
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());
  const source = {
    ended: false,
    read: () => value,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    renewSession(next: FavouritesSession) {
      value = { ...value, token: next.token };
      notify();
    },
    end() {
      source.ended = true;
    },
    bump() {
      value = { ...value, count: value.count + 1 };
      notify();
    },
  };
  return source satisfies MemberSource<FakeValue>;
}

let sessions: Record<string, MemberSession> = {};
let created: ReturnType<typeof fakeSource>[] = [];
/** Every render's member and the token of the store value it read. */
let renders: { owner: string | null; token: string | null }[] = [];
/** What a provider's loader answers once the store's code is in. */
const slot = (): StoreSlot<FakeValue> =>
  createStoreSlot((member) => {
    const source = fakeSource(member);
    created.push(source);
    return source;
  });
const loaded = () => Promise.resolve(slot());

function setup(load: () => Promise<StoreSlot<FakeValue>>) {
  return renderHook(
    ({ owner, token }: { owner: string | null; token: string | null }) => {
      // As the providers do: one session object per token.
      const session = token === null ? null : (sessions[token] ??= { ...v3Session, token });
      const read = useMemberStore("Test", owner, session, load);
      renders.push({ owner, token: read.value?.token ?? null });
      return read;
    },
    { initialProps: { owner: null as string | null, token: null as string | null } },
  );
}

let warn: jest.SpyInstance;
beforeEach(() => {
  sessions = {};
  created = [];
  renders = [];
  warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

it("loads nothing without a member", () => {
  const load = jest.fn(loaded);
  const { result } = setup(load);
  expect(load).not.toHaveBeenCalled();
  expect(result.current).toEqual({ value: null, unloadable: false });
});

it("a member: the code is loaded, one store is made and read as it changes", async () => {
  const load = jest.fn(loaded);
  const { result, rerender } = setup(load);
  rerender({ owner: "ada", token: "t1" });
  expect(result.current).toEqual({ value: null, unloadable: false });
  await act(async () => undefined);
  expect(result.current).toEqual({ value: { token: "t1", count: 0 }, unloadable: false });
  act(() => created[0]?.bump());
  expect(result.current.value).toMatchObject({ count: 1 });
  expect(created).toHaveLength(1);
});

it("a refreshed token goes to the same store; another member gets a new one; signing out ends it", async () => {
  const load = jest.fn(loaded);
  const { result, rerender } = setup(load);
  rerender({ owner: "ada", token: "t1" });
  await act(async () => undefined);
  rerender({ owner: "ada", token: "t2" });
  expect(result.current.value).toMatchObject({ token: "t2" });
  expect(created).toHaveLength(1);

  rerender({ owner: "grace", token: "g1" });
  await act(async () => undefined);
  // Never the previous member's store, not even for the render before the effects.
  expect(renders.filter((render) => render.owner === "grace").map((render) => render.token)).toEqual([null, "g1"]);
  expect(created[0]?.ended).toBe(true);
  expect(result.current.value).toMatchObject({ token: "g1" });

  rerender({ owner: null, token: null });
  expect(created[1]?.ended).toBe(true);
  expect(result.current).toEqual({ value: null, unloadable: false });
});

it("a token refreshed while the code loads is the one the store is made with", async () => {
  let arrive: (value: StoreSlot<FakeValue>) => void = () => undefined;
  const { result, rerender } = setup(() => new Promise((resolve) => (arrive = resolve)));
  rerender({ owner: "ada", token: "t1" });
  rerender({ owner: "ada", token: "t2" });
  await act(async () => arrive(slot()));
  expect(result.current.value).toMatchObject({ token: "t2" });
});

it("a member gone before the code arrived never gets a store", async () => {
  let arrive: (value: StoreSlot<FakeValue>) => void = () => undefined;
  const { result, rerender } = setup(() => new Promise((resolve) => (arrive = resolve)));
  rerender({ owner: "ada", token: "t1" });
  rerender({ owner: null, token: null });
  await act(async () => arrive(slot()));
  expect(created).toEqual([]);
  expect(result.current).toEqual({ value: null, unloadable: false });
});

it("code that cannot be loaded is reported and logged, and tried again at the next sign-in", async () => {
  const load = jest
    .fn<Promise<StoreSlot<FakeValue>>, []>()
    .mockRejectedValueOnce(new Error("ChunkLoadError"))
    .mockImplementation(loaded);
  const { result, rerender } = setup(load);
  rerender({ owner: "ada", token: "t1" });
  await act(async () => undefined);
  expect(result.current).toEqual({ value: null, unloadable: true });
  expect(warn).toHaveBeenCalledWith("Test: the code could not be loaded");
  // The same member stays as they are (no loop of attempts)...
  rerender({ owner: "ada", token: "t2" });
  await act(async () => undefined);
  expect(load).toHaveBeenCalledTimes(1);
  // ...and the next sign-in tries again.
  rerender({ owner: null, token: null });
  rerender({ owner: "ada", token: "t3" });
  await act(async () => undefined);
  expect(result.current).toEqual({ value: { token: "t3", count: 0 }, unloadable: false });
  expect(load).toHaveBeenCalledTimes(2);
});

it("unmounting ends the store", async () => {
  const { rerender, unmount } = setup(loaded);
  rerender({ owner: "ada", token: "t1" });
  await act(async () => undefined);
  unmount();
  expect(created[0]?.ended).toBe(true);
});
