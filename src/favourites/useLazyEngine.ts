// The always-present half of a favourites provider: fetches the member half (see StoreEngine.tsx)
// the first time a v3 member is signed in. Nothing heavy here.
import { useEffect, useState } from "react";

export function useLazyEngine<M>(
  active: boolean,
  load: () => Promise<M>,
  name: string,
): { readonly engine: M | null; readonly unloadable: boolean } {
  const [engine, setEngine] = useState<M | null>(null);
  const [unloadable, setUnloadable] = useState(false);

  useEffect(() => {
    if (!active || engine) return;
    let live = true;
    load().then(
      (module) => {
        if (live) setEngine(() => module);
      },
      () => {
        if (!live) return;
        // Offline, or a deploy in between: the member sees the feature as failed, not stuck loading.
        console.warn(`${name}: the code could not be loaded`);
        setUnloadable(true);
      },
    );
    return () => {
      live = false;
    };
  }, [active, engine, load, name]);

  return { engine, unloadable: unloadable && !engine };
}
