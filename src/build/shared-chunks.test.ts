import { chunkKey, sharedChunkName, type ChunkLike } from "./shared-chunks";

const ROOT = "/project";
/** A lazy chunk as webpack has it: made by `import(request)` in `file`, with or without a name. */
const lazy = (file: string, request: string, name: string | null = null): ChunkLike => ({
  name,
  groupsIterable: [{ origins: [{ request, module: { nameForCondition: () => `${ROOT}/${file}` } }] }],
});

const tracking = lazy("src/tracking/consent/TrackingStarter.tsx", "./runtime");
const ads = lazy("src/ads/components/AdSlots.tsx", "../runtime");
const register = lazy("src/templates/LoginTemplate.tsx", "../account/screens/Register");
const profile = lazy("src/member/account/screens/index.ts", "./Profile");

describe("sharedChunkName: the chunk of code lazy chunks share", () => {
  it("differs between different sets of unnamed lazy chunks of the same size (Gatsby's name did not)", () => {
    expect(sharedChunkName([tracking, ads], ROOT)).not.toBe(sharedChunkName([register, profile], ROOT));
  });

  it("is the same for the same chunks, whatever their order, and wherever the project is", () => {
    expect(sharedChunkName([tracking, ads], ROOT)).toBe(sharedChunkName([ads, tracking], ROOT));
    const elsewhere = (chunk: ChunkLike): ChunkLike => ({
      name: chunk.name,
      groupsIterable: [...chunk.groupsIterable].map((group) => ({
        origins: group.origins.map((origin) => ({
          request: origin.request,
          module: { nameForCondition: () => origin.module!.nameForCondition()!.replace(ROOT, "/ci/clone") },
        })),
      })),
    });
    expect(sharedChunkName([elsewhere(tracking), elsewhere(ads)], "/ci/clone")).toBe(
      sharedChunkName([tracking, ads], ROOT),
    );
  });

  it("a named chunk is known by its name; an unnamed one by where it is imported from", () => {
    expect(chunkKey(lazy("src/x.ts", "./y", "editor-preview"), ROOT)).toBe("editor-preview");
    expect(chunkKey(tracking, ROOT)).toBe("src/tracking/consent/TrackingStarter.tsx|./runtime");
    expect(chunkKey({ name: null, groupsIterable: [{ origins: [{ request: "./z", module: null }] }] }, ROOT)).toBe(
      "|./z",
    );
  });
});
