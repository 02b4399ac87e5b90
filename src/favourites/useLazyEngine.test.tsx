import { renderHook, waitFor } from "@testing-library/react";
import { useLazyEngine } from "./useLazyEngine";

afterEach(() => jest.restoreAllMocks());

it("loads nothing until active", () => {
  const load = jest.fn(() => Promise.resolve({ name: "engine" }));
  const { result } = renderHook(() => useLazyEngine(false, load, "Test"));
  expect(load).not.toHaveBeenCalled();
  expect(result.current).toEqual({ engine: null, unloadable: false });
});

it("once active, loads the engine and keeps it", async () => {
  const engine = { name: "engine" };
  const load = jest.fn(() => Promise.resolve(engine));
  const { result, rerender } = renderHook(({ active }) => useLazyEngine(active, load, "Test"), {
    initialProps: { active: true },
  });
  await waitFor(() => expect(result.current.engine).toBe(engine));
  rerender({ active: false });
  rerender({ active: true });
  expect(result.current.engine).toBe(engine);
  expect(load).toHaveBeenCalledTimes(1);
});

it("code that cannot be loaded is reported, and logged", async () => {
  const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
  const { result } = renderHook(() =>
    useLazyEngine(true, () => Promise.reject(new Error("ChunkLoadError")), "Watchlist"),
  );
  await waitFor(() => expect(result.current.unloadable).toBe(true));
  expect(result.current.engine).toBeNull();
  expect(warn).toHaveBeenCalledWith("Watchlist: the code could not be loaded");
});
