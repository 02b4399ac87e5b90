/**
 * The listeners of a store read with useSyncExternalStore: `subscribe` is the hook's own (it
 * answers the unsubscribe), `notify` tells them all. A listener that unsubscribes while being
 * told does not stop the others from hearing it.
 */
export function changeListeners(): { subscribe: (listener: () => void) => () => void; notify: () => void } {
  const listeners = new Set<() => void>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    notify() {
      for (const listener of [...listeners]) listener();
    },
  };
}
