import { loadOnce } from "./load-once";

it("imports once, however many ask, and keeps what it loaded", async () => {
  const chunk = { name: "chunk" };
  const load = jest.fn(() => Promise.resolve(chunk));
  const loader = loadOnce(load);
  const [first, second] = await Promise.all([loader(), loader()]);
  expect(first).toBe(chunk);
  expect(second).toBe(chunk);
  expect(await loader()).toBe(chunk);
  expect(load).toHaveBeenCalledTimes(1);
});

it("a chunk that failed to load is not kept: the next use imports it again", async () => {
  const chunk = { name: "chunk" };
  const load = jest
    .fn<Promise<typeof chunk>, []>()
    .mockRejectedValueOnce(new Error("ChunkLoadError"))
    .mockResolvedValueOnce(chunk);
  const loader = loadOnce(load);
  await expect(loader()).rejects.toThrow("ChunkLoadError");
  expect(await loader()).toBe(chunk);
  expect(await loader()).toBe(chunk);
  expect(load).toHaveBeenCalledTimes(2);
});
