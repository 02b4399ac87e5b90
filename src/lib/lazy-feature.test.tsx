import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Suspense } from "react";
import { FeatureBoundary, isChunkLoadError, lazyFeature } from "./lazy-feature";
import { loadOnce } from "./lazy";
import { PageErrorBoundary } from "../shell/PageErrorBoundary";
import { chunkLoadError, quietConsoleErrors } from "../test/chunk-load";
import { itReturnsPerCase } from "../test/tables";

/** Webpack's error for the chunk the tests load. */
const chunkFailed = () => chunkLoadError(651, "http://localhost/651-abc.js");

/** A chunk's import: refused while offline, loaded once back online. */
function chunkServer() {
  let online = false;
  const load = jest.fn(() =>
    online ? Promise.resolve({ default: Greeting }) : Promise.reject<{ default: typeof Greeting }>(chunkFailed()),
  );
  return { load, goOnline: () => (online = true) };
}

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

// React reports every error a boundary catches.
quietConsoleErrors();

/** A feature as the header renders the sign-in dialog: asked for again with a new retryKey. */
function Feature({ Loaded, asked }: { Loaded: ReturnType<typeof lazyFeature<{ name: string }>>; asked: number }) {
  return (
    <FeatureBoundary
      retryKey={asked}
      unavailable={(retry) => (
        <div role="alert">
          Unavailable offline
          <button type="button" onClick={retry}>
            Try again
          </button>
        </div>
      )}
    >
      <Suspense fallback={<p role="status">Loading</p>}>
        <Loaded name="Ada" />
      </Suspense>
    </FeatureBoundary>
  );
}

describe("isChunkLoadError", () => {
  itReturnsPerCase(
    isChunkLoadError,
    [
      ["webpack's ChunkLoadError", chunkFailed(), true],
      ["a CSS chunk that did not load", new Error("Loading CSS chunk 12 failed.\n(/12.css)"), true],
      ["a render error", new Error("film is null"), false],
      ["a thrown string", "ChunkLoadError", false],
    ],
    "%s → %s",
  );
});

describe("lazyFeature inside a FeatureBoundary: a chunk that did not load is tried again", () => {
  it("says so in the feature's place, and the next ask imports the code again", async () => {
    const { load, goOnline } = chunkServer();
    const Loaded = lazyFeature(load);
    const leave = jest.fn();
    const page = render(
      <PageErrorBoundary pathname="/films/" leave={leave}>
        <h1>Films</h1>
        <Feature Loaded={Loaded} asked={1} />
      </PageErrorBoundary>,
    );
    expect(await screen.findByRole("alert")).toHaveTextContent("Unavailable offline");
    // One import per ask: React's own render after the failure meets the failed import, not a
    // fresh one (which would fail, render again, import again: a loop of chunk requests).
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(load).toHaveBeenCalledTimes(1);
    // The page stays: no 500 page, its content still there.
    expect(leave).not.toHaveBeenCalled();
    expect(screen.getByRole("heading", { name: "Films" })).toBeInTheDocument();

    // Asked again back online: imported again, where React.lazy would keep the failure.
    goOnline();
    const triedOffline = load.mock.calls.length;
    page.rerender(
      <PageErrorBoundary pathname="/films/" leave={leave}>
        <h1>Films</h1>
        <Feature Loaded={Loaded} asked={2} />
      </PageErrorBoundary>,
    );
    expect(await screen.findByText("Hello Ada")).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(triedOffline + 1);
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("the boundary's retry imports again too; a loaded feature is not imported again", async () => {
    const { load, goOnline } = chunkServer();
    const Loaded = lazyFeature(load);
    const first = render(<Feature Loaded={Loaded} asked={1} />);
    const retry = await screen.findByRole("button", { name: "Try again" });
    goOnline();
    const triedOffline = load.mock.calls.length;
    await userEvent.click(retry);
    expect(await screen.findByText("Hello Ada")).toBeInTheDocument();
    first.unmount();

    render(<Feature Loaded={Loaded} asked={1} />);
    expect(await screen.findByText("Hello Ada")).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(triedOffline + 1);
  });

  it("a feature that fails to render is a page failure: it goes on to the 500 page", async () => {
    const Broken = lazyFeature<{ name: string }>(() =>
      Promise.resolve({
        default: () => {
          throw new Error("member is null");
        },
      }),
    );
    const leave = jest.fn();
    render(
      <PageErrorBoundary pathname="/films/" leave={leave}>
        <Feature Loaded={Broken} asked={1} />
      </PageErrorBoundary>,
    );
    await act(async () => undefined);
    expect(leave).toHaveBeenCalledWith("/500/");
    expect(screen.getByRole("alert")).toHaveTextContent("Something went wrong");
  });
});

describe("lazyFeature and loadOnce share one retry rule", () => {
  /** What each ask of the same chunk (offline, offline, back online, online again) did: import counts and outcome. */
  type Trace = { imports: number; loaded: boolean }[];

  it("a failure is not kept, a success is: the same imports whether a module or a component asks", async () => {
    const asks = [false, false, true, true];

    const moduleServer = chunkServer();
    const loader = loadOnce(moduleServer.load);
    const moduleTrace: Trace = [];
    for (const online of asks) {
      if (online) moduleServer.goOnline();
      const loaded = await loader().then(
        () => true,
        () => false,
      );
      moduleTrace.push({ imports: moduleServer.load.mock.calls.length, loaded });
    }

    const featureServer = chunkServer();
    const Loaded = lazyFeature(featureServer.load);
    const featureTrace: Trace = [];
    const page = render(<Feature Loaded={Loaded} asked={0} />);
    for (const [ask, online] of asks.entries()) {
      if (online) featureServer.goOnline();
      page.rerender(<Feature Loaded={Loaded} asked={ask + 1} />);
      await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
      featureTrace.push({
        imports: featureServer.load.mock.calls.length,
        loaded: screen.queryByText("Hello Ada") !== null,
      });
    }

    expect(moduleTrace).toEqual([
      { imports: 1, loaded: false },
      { imports: 2, loaded: false },
      { imports: 3, loaded: true },
      { imports: 3, loaded: true },
    ]);
    expect(featureTrace).toEqual(moduleTrace);
  });
});
