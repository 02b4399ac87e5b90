// A publish's release step over a fake build that writes a few files where Gatsby would: what goes
// live, and that nothing does when the build or the check fails.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { liveReleaseOf, newReleaseId, releasesOf } from "../server/http/site-releases";
import { checkRelease, releaseSite, rollBack, type SiteBuilder } from "./release-site";
import { writeServerSettings } from "../test/tiny-site";

let tmp: string;
let out: string;
beforeEach(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), "release-site-"));
  out = path.join(tmp, "dist");
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

/** A built copy of the site whose home page says `home`, with the server settings of `settingsSiteId`. */
function builtCopy(siteId: string, home: string, settingsSiteId = siteId): string {
  const dir = path.join(tmp, "work", siteId);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, "public"), { recursive: true });
  if (home) writeFileSync(path.join(dir, "public", "index.html"), home);
  writeServerSettings(dir, { siteId: settingsSiteId, domain: `www.${settingsSiteId}.example` });
  return dir;
}

const copyDeployable = (projectDir: string, releaseDir: string) => cpSync(projectDir, releaseDir, { recursive: true });
const served = (siteId: string) => readFileSync(path.join(out, siteId, "public", "index.html"), "utf8");
let clock = Date.UTC(2026, 10, 23, 10, 0, 0);
const nextId = () => newReleaseId((clock += 60_000));

function publisher(build: SiteBuilder, keep = 3) {
  return releaseSite({ buildSite: build, copyDeployable, outDir: out, keep });
}

it("a good build goes live, and the one before stays for a rollback", async () => {
  const release = publisher(async (siteId) => ({ ok: true, projectDir: builtCopy(siteId, "first") }));
  const first = nextId();
  await release({ siteId: "lumiere", id: first });
  expect(served("lumiere")).toBe("first");
  expect(liveReleaseOf(out, "lumiere")).toBe(first);

  const second = nextId();
  await publisher(async (siteId) => ({ ok: true, projectDir: builtCopy(siteId, "second") }))({
    siteId: "lumiere",
    id: second,
  });
  expect(served("lumiere")).toBe("second");
  expect(releasesOf(out, "lumiere")).toEqual([first, second]);
});

it("keeps as many releases as told, the live one among them", async () => {
  const ids = [nextId(), nextId(), nextId(), nextId()];
  for (const id of ids)
    await publisher(async (siteId) => ({ ok: true, projectDir: builtCopy(siteId, id) }), 2)({ siteId: "lumiere", id });
  expect(releasesOf(out, "lumiere")).toEqual(ids.slice(2));
});

describe("a failure leaves the live site as it was and says why", () => {
  let live: string;
  beforeEach(async () => {
    live = nextId();
    await publisher(async (siteId) => ({ ok: true, projectDir: builtCopy(siteId, "live") }))({
      siteId: "lumiere",
      id: live,
    });
  });
  const expectUntouched = () => {
    expect(served("lumiere")).toBe("live");
    expect(releasesOf(out, "lumiere")).toEqual([live]);
    expect(readdirSync(path.join(out, ".releases", "lumiere"))).toEqual([live]);
  };

  it("a build that fails, in its own words", async () => {
    const failing = publisher(async () => ({
      ok: false,
      message:
        'Site "lumiere" cannot be built: …\n  site-config/lumiere/settings.json › loyalty.version: expected 1 or 3',
    }));
    await expect(failing({ siteId: "lumiere", id: nextId() })).rejects.toThrow(
      "site-config/lumiere/settings.json › loyalty.version: expected 1 or 3",
    );
    expectUntouched();
  });

  it("a build with no home page", async () => {
    const failing = publisher(async (siteId) => ({ ok: true, projectDir: builtCopy(siteId, "") }));
    await expect(failing({ siteId: "lumiere", id: nextId() })).rejects.toThrow(
      /^The build cannot be served: No built site/,
    );
    expectUntouched();
  });

  it("a build that is another site's", async () => {
    const failing = publisher(async (siteId) => ({ ok: true, projectDir: builtCopy(siteId, "home", "starlight") }));
    await expect(failing({ siteId: "lumiere", id: nextId() })).rejects.toThrow(
      `The build cannot be served: its server settings are site "starlight"'s, not "lumiere"'s`,
    );
    expectUntouched();
  });

  it("a copy that fails half-way", async () => {
    const failing = releaseSite({
      buildSite: async (siteId) => ({ ok: true, projectDir: builtCopy(siteId, "home") }),
      copyDeployable: () => {
        throw new Error("ENOSPC: no space left on device");
      },
      outDir: out,
    });
    await expect(failing({ siteId: "lumiere", id: nextId() })).rejects.toThrow("ENOSPC");
    expectUntouched();
  });
});

describe("its steps, each told before its work", () => {
  /** The steps told, and whether a release of the publish was written when each was. */
  const recorder = (id: string) => {
    const told: string[] = [];
    const onStep = async (step: string) => {
      told.push(`${step}${existsSync(path.join(out, ".releases", "lumiere", id)) ? " (written)" : ""}`);
    };
    return { told, onStep };
  };
  const building: SiteBuilder = async (siteId, onBuilding) => {
    onBuilding();
    return { ok: true, projectDir: builtCopy(siteId, "home") };
  };

  it("a good build: config, build, check, swap", async () => {
    const id = nextId();
    const { told, onStep } = recorder(id);
    await publisher(building)({ siteId: "lumiere", id }, onStep);
    expect(told).toEqual(["config", "build", "check", "swap (written)"]);
  });

  it("a build that cannot tell its configuration from its build: config, then check", async () => {
    const id = nextId();
    const { told, onStep } = recorder(id);
    await publisher(async (siteId) => ({ ok: true, projectDir: builtCopy(siteId, "home") }))(
      { siteId: "lumiere", id },
      onStep,
    );
    expect(told).toEqual(["config", "check", "swap (written)"]);
  });

  it("a failure: the steps up to it", async () => {
    const { told, onStep } = recorder("x");
    const broken = publisher(async () => ({ ok: false, message: "settings.json › loyalty.version" }));
    await expect(broken({ siteId: "lumiere", id: nextId() }, onStep)).rejects.toThrow();
    expect(told).toEqual(["config"]);
    const unservable = publisher(async (siteId, onBuilding) => {
      onBuilding();
      return { ok: true, projectDir: builtCopy(siteId, "") };
    });
    told.length = 0;
    await expect(unservable({ siteId: "lumiere", id: nextId() }, onStep)).rejects.toThrow();
    expect(told).toEqual(["config", "build", "check"]);
  });

  it("waits until a step is recorded before its work begins", async () => {
    const id = nextId();
    let recorded = () => {};
    const onStep = (step: string) =>
      step === "check" ? new Promise<void>((resolve) => (recorded = resolve)) : Promise.resolve();
    const release = publisher(building)({ siteId: "lumiere", id }, onStep);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(existsSync(path.join(out, ".releases", "lumiere", id))).toBe(false);
    recorded();
    await release;
    expect(liveReleaseOf(out, "lumiere")).toBe(id);
  });
});

describe("a rollback", () => {
  it("makes the release before the live one live again, at once", async () => {
    const ids = [nextId(), nextId()];
    for (const id of ids)
      await publisher(async (siteId) => ({ ok: true, projectDir: builtCopy(siteId, id) }))({ siteId: "lumiere", id });
    expect(rollBack(out, "lumiere")).toEqual({ live: ids[0], replaced: ids[1] });
    expect(served("lumiere")).toBe(ids[0]);
    expect(rollBack(out, "lumiere")).toBeNull();
    expect(served("lumiere")).toBe(ids[0]);
  });

  it("of a site never published does nothing", () => {
    expect(rollBack(out, "lumiere")).toBeNull();
    expect(existsSync(path.join(out, "lumiere"))).toBe(false);
  });
});

it("the check takes a release the server can load", () => {
  const dir = builtCopy("lumiere", "home");
  expect(() => checkRelease(dir, "lumiere")).not.toThrow();
  writeFileSync(path.join(dir, "server-settings.json"), "{");
  expect(() => checkRelease(dir, "lumiere")).toThrow();
});
